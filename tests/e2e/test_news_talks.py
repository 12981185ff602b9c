"""End to end: news and talks (schema v7), added with the vitae tool, through nginx and the worker.

A real worker with --publish (the fast path) and nginx in front, as shipped.
One site gets six news items and two talks with `vitae add news` and `vitae
add talk` while it is served: the home page shows the latest five and links
/news/, /news/ and /talks/ list them, the feed has them as entries, the
sitemap and the nav name the two pages. The shipped database, which has
neither, names neither and answers 404 for both.
"""
import os
import shutil
import sqlite3
import subprocess
import time
import unittest
import xml.etree.ElementTree as ET

from e2e_env import BUILD_DIR, DB, TEMPLATES, private_db, require_tool  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from served import ServedSite, nav_of, sitemap_paths, wait_until, WAIT_S  # noqa: E402
from client import fetch  # noqa: E402
from media import vitae  # noqa: E402

ATOM = "{http://www.w3.org/2005/Atom}"


class WithNewsAndTalks(ServedSite):
    PREFIX = "vitae-news-"

    @classmethod
    def populate(cls):
        for day in range(1, 7):
            vitae("add", "news", cls.db, "--date", "2026-0%d-15" % day,
                  "--text", "Item %d: a paper on $O(n)$ *attention* <script>alert(1)</script>" % day)
        vitae("add", "talk", cls.db, "--title", "Linear Attention", "--date", "2026-03-02", "--event", "MIT ML Seminar",
              "--place", "Cambridge", "--video", "https://video.example/la",
              "--abstract", "Attention in $O(n)$ time.")
        vitae("add", "talk", cls.db, "--title", "Sketches", "--date", "2025-11-20", "--place", "Online")
        # The last edit seen by the worker (a commit is loaded on the next request): all are.
        wait_until(lambda: "Talk: Sketches" in fetch(cls.stack.port, "/feed.xml").text,
                   "the worker never loaded the talks", cls.stack)

    def test_the_home_page_shows_the_latest_five_news_and_links_all(self):
        self.wait_for(lambda: "All 6 news" in fetch(self.stack.port, "/").text, "home page with news")
        home = fetch(self.stack.port, "/").text
        news = home.split('<h2 id="news">News</h2>', 1)[1].split("</section>", 1)[0]
        self.assertEqual(news.count('class="news-item"'), 5)
        self.assertLess(news.index("Item 6"), news.index("Item 2"))
        self.assertNotIn("Item 1:", news)
        self.assertIn("<math", news)
        self.assertNotIn("<script", news)
        self.assertIn('<a href="/news/">All 6 news</a>', news)
        # News comes before education, as al-folio puts it.
        self.assertLess(home.index('<h2 id="news">'), home.index('<h2 id="education">'))

    def test_news_and_talks_pages_are_served_and_published(self):
        self.wait_for(lambda: os.path.exists(self.published("/talks/")), "talks page published")
        self.wait_for(lambda: os.path.exists(self.published("/news/")), "news page published")
        news = fetch(self.stack.port, "/news/")
        self.assertEqual(news.status, 200)
        self.assertEqual(news.text.count('class="news-item"'), 6)
        self.assertLess(news.text.index("Item 6"), news.text.index("Item 1:"))
        talks = fetch(self.stack.port, "/talks/")
        self.assertEqual(talks.status, 200)
        self.assertLess(talks.text.index('<h2 id="y2026">2026</h2>'), talks.text.index('<h2 id="y2025">2025</h2>'))
        self.assertIn('<a href="https://video.example/la">Video</a>', talks.text)
        self.assertIn('<details class="abstract"><summary>Abstract</summary><p>Attention in <math', talks.text)
        self.assertIn('"@type":"Event","name":"Linear Attention","startDate":"2026-03-02"', talks.text)
        self.assertIn('"location":{"@type":"VirtualLocation"}', talks.text)
        # No script but the JSON-LD data block.
        self.assertNotIn("<script", talks.text.replace('<script type="application/ld+json">', ""))
        self.assertIn(fetch(self.stack.port, "/news").status, (200, 301))  # the published copy, or the worker's redirect

    def test_the_nav_and_sitemap_name_both_pages(self):
        self.wait_for(lambda: 'href="/talks/"' in fetch(self.stack.port, "/").text, "nav with talks")
        for path in ("/", "/blog/", "/news/", "/talks/", "/no/such/page"):
            nav = nav_of(fetch(self.stack.port, path).text)
            self.assertIn('<a href="/news/"', nav, path)
            self.assertIn('<a href="/talks/"', nav, path)
        self.assertIn('<a href="/news/" class="current">News</a>', nav_of(fetch(self.stack.port, "/news/").text))
        paths = sitemap_paths(self.stack.port)
        self.assertTrue(any(p.endswith("/news/") for p in paths), paths)
        self.assertTrue(any(p.endswith("/talks/") for p in paths), paths)

    def test_the_feed_has_news_and_talks_as_entries(self):
        self.wait_for(lambda: "#talk-" in fetch(self.stack.port, "/feed.xml").text, "feed with talks")
        root = ET.fromstring(fetch(self.stack.port, "/feed.xml").body)
        ids = [e.find(ATOM + "id").text for e in root.iter(ATOM + "entry")]
        news_ids = [i for i in ids if "/news/#news-" in i]
        talk_ids = [i for i in ids if "/talks/#talk-" in i]
        self.assertEqual(len(news_ids), 6)
        self.assertEqual(len(talk_ids), 2)
        self.assertEqual(len(set(ids)), len(ids))
        titles = [e.find(ATOM + "title").text for e in root.iter(ATOM + "entry")]
        self.assertIn("Talk: Linear Attention", titles)
        published = [e.find(ATOM + "published").text for e in root.iter(ATOM + "entry")]
        self.assertEqual(published, sorted(published, reverse=True))  # posts, news and talks merged, newest first
        self.assertEqual(root.find(ATOM + "updated").text, published[0])

    def test_the_pages_pass_tidy(self):
        require_tool("tidy", "tidy")
        self.wait_for(lambda: fetch(self.stack.port, "/talks/").status == 200, "talks page")
        for path in ("/", "/news/", "/talks/"):
            with self.subTest(path=path):
                p = subprocess.run(["tidy", "-errors", "-q", "--custom-tags", "blocklevel"],
                                   input=fetch(self.stack.port, path).body, capture_output=True, timeout=30)
                self.assertLess(p.returncode, 2, p.stderr.decode("utf-8", "replace"))


class LastTalkRemoved(unittest.TestCase):
    def test_the_page_its_published_copy_and_nav_entry_go(self):
        directory, db = private_db("vitae-talks-gone-")
        try:
            with stack.Stack(BUILD_DIR, db, TEMPLATES, threads=1, publish=True) as s:
                vitae("add", "talk", db, "--title", "Only One", "--date", "2025-01-02")
                published = os.path.join(s.publish_dir, "talks", "index.html")
                deadline = time.monotonic() + WAIT_S
                while not os.path.exists(published):
                    self.assertLess(time.monotonic(), deadline, "talks page never published")
                    fetch(s.port, "/")  # a request sees the commit
                    time.sleep(0.05)
                con = sqlite3.connect(db, timeout=10)
                con.execute("DELETE FROM talk")
                con.commit()
                con.close()
                deadline = time.monotonic() + WAIT_S
                while fetch(s.port, "/talks/").status != 404 or os.path.exists(published):
                    self.assertLess(time.monotonic(), deadline, "/talks/ still served after its last row went")
                    time.sleep(0.05)
                self.assertNotIn('href="/talks/"', nav_of(fetch(s.port, "/").text))
        finally:
            shutil.rmtree(directory, ignore_errors=True)


class WithoutNewsOrTalks(unittest.TestCase):
    def test_no_nav_entry_no_sitemap_entry_and_404(self):
        with stack.Stack(BUILD_DIR, DB, TEMPLATES, threads=1) as s:
            for path in ("/", "/blog/", "/publications/"):
                nav = nav_of(fetch(s.port, path).text)
                self.assertNotIn("/news/", nav)
                self.assertNotIn("/talks/", nav)
            self.assertEqual(fetch(s.port, "/news/").status, 404)
            self.assertEqual(fetch(s.port, "/talks/").status, 404)
            paths = sitemap_paths(s.port)
            self.assertFalse(any(p.endswith("/news/") or p.endswith("/talks/") for p in paths), paths)
            feed = fetch(s.port, "/feed.xml").text
            self.assertNotIn("#news-", feed)
            self.assertNotIn("#talk-", feed)


if __name__ == "__main__":
    unittest.main()

"""End to end: tag pages and their feeds, drafts' previews, through nginx and the worker.

A real worker with --publish (the fast path) and nginx in front, as shipped,
over a copy of the shipped database with a few posts added by SQL. Each
page is fetched through nginx: the published copy where there is one, the
worker otherwise; both must say the same.
"""
import os
import shutil
import sqlite3
import time
import unittest
import xml.etree.ElementTree as ET

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402

ATOM = "{http://www.w3.org/2005/Atom}"
WAIT_S = 20
TOKEN = "5f0c2a9e8b7d6c5f4e3a2b1c0d9e8f7a"
# A post written as HTML with every way to run script a feed reader might obey.
HOSTILE_HTML = ('<p>Kept <strong>text</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">'
                '<a href="javascript:alert(3)">link</a><svg onload="alert(4)"><circle r="1"/></svg>'
                '<style>body{background:url(javascript:alert(5))}</style><iframe src="https://evil.example/"></iframe>'
                '<p onclick="alert(6)">para</p><a href=" JaVaScRiPt:alert(7)">x</a><object data="x"></object>')


def sql(db, statement, *args):
    con = sqlite3.connect(db, timeout=10)
    try:
        con.execute(statement, args)
        con.commit()
    finally:
        con.close()


class Posts(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-posts-")
        sql(cls.db, "INSERT INTO post (slug, title, published, body) VALUES "
                    "('sketches', 'Sketches', '2025-03-14', 'Count-min.'), ('older-one', 'Older', '2024-01-02', 'Old.')")
        sql(cls.db, "INSERT INTO post_tag (post_slug, position, tag) VALUES "
                    "('sketches', 1, 'streaming'), ('older-one', 1, 'streaming'), ('older-one', 2, 'misc')")
        sql(cls.db, "INSERT INTO post (slug, title, published, body, status, preview_token) VALUES "
                    "('hidden-draft', 'Hidden Draft', '2025-02-02', 'Not yet.', 'draft', ?)", TOKEN)
        sql(cls.db, "INSERT INTO post (slug, title, published, body_format, body) VALUES "
                    "('pasted-html', 'Pasted HTML', '2023-05-05', 'html', ?)", HOSTILE_HTML)
        sql(cls.db, "INSERT INTO post_tag (post_slug, position, tag) VALUES ('pasted-html', 1, 'x')")
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=2, publish=True).__enter__()

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def published(self, path):
        return os.path.join(self.stack.publish_dir, path.lstrip("/"))

    def wait_for(self, check, what):
        deadline = time.monotonic() + WAIT_S
        while not check():
            if time.monotonic() > deadline:
                self.fail("%s: not within %d s\n%s" % (what, WAIT_S, self.stack.worker_stderr()[-3000:]))
            time.sleep(0.05)

    def test_a_tag_page_lists_its_posts_newest_first_and_is_published(self):
        self.wait_for(lambda: os.path.exists(self.published("/blog/tag/streaming/index.html")), "tag page published")
        page = fetch(self.stack.port, "/blog/tag/streaming/")
        self.assertEqual(page.status, 200)
        self.assertIn("<h1>Posts tagged <span class=\"tag-name\">streaming</span></h1>", page.text)
        self.assertLess(page.text.index('href="/blog/sketches"'), page.text.index('href="/blog/older-one"'))
        self.assertNotIn("linear-attention-visualized", page.text.split("<main")[1])  # untagged
        self.assertIn('href="/blog/tag/streaming/feed.xml"', page.text)
        self.assertNotIn("<script", page.text.replace('<script type="application/ld+json">', ""))
        # The post page and the blog link their tags.
        post = fetch(self.stack.port, "/blog/older-one").text
        self.assertIn('<a href="/blog/tag/misc/" rel="tag">misc</a>', post)
        self.assertIn('href="/blog/tag/streaming/" rel="tag"', fetch(self.stack.port, "/blog/").text)
        self.assertEqual(fetch(self.stack.port, "/blog/tag/absent/").status, 404)

    def test_a_tag_feed_is_atom_with_the_tags_posts_only(self):
        self.wait_for(lambda: os.path.exists(self.published("/blog/tag/misc/feed.xml")), "tag feed published")
        reply = fetch(self.stack.port, "/blog/tag/misc/feed.xml")
        self.assertEqual(reply.status, 200)
        self.assertIn("xml", reply.header("Content-Type"))
        feed = ET.fromstring(reply.body)
        self.assertEqual(feed.tag, ATOM + "feed")
        self.assertTrue(feed.find(ATOM + "id").text.endswith("/blog/tag/misc/"))
        entries = [e.find(ATOM + "id").text for e in feed.findall(ATOM + "entry")]
        self.assertEqual(len(entries), 1)
        self.assertTrue(entries[0].endswith("/blog/older-one"))
        self.assertEqual(feed.find(ATOM + "updated").text, "2024-01-02T00:00:00Z")

    def test_an_html_posts_body_is_sanitized_in_the_site_feed_and_its_tag_feed(self):
        self.wait_for(lambda: os.path.exists(self.published("/blog/tag/x/feed.xml")), "tag feed published")
        shown = fetch(self.stack.port, "/blog/pasted-html").text
        for path in ("/feed.xml", "/blog/tag/x/feed.xml"):
            reply = fetch(self.stack.port, path)
            self.assertEqual(reply.status, 200, path)
            entries = [e for e in ET.fromstring(reply.body).findall(ATOM + "entry")
                       if e.find(ATOM + "id").text.endswith("/blog/pasted-html")]
            self.assertEqual(len(entries), 1, path)
            html = entries[0].find(ATOM + "content").text
            for bad in ("<script", "alert(", "onerror", "onload", "onclick", "javascript:", "<svg", "<style",
                        "<iframe", "<object"):
                self.assertNotIn(bad, html.lower(), path)
            self.assertIn("<p>Kept <strong>text</strong></p>", html, path)
            self.assertIn(html, shown, path)  # what the page shows, the feed carries

    def test_the_sitemap_names_each_tag_page_and_a_new_tag_appears_without_a_reload(self):
        sitemap = fetch(self.stack.port, "/sitemap.xml").text
        self.assertIn("/blog/tag/streaming/</loc><lastmod>2025-03-14</lastmod>", sitemap)
        sql(self.db, "INSERT INTO post_tag (post_slug, position, tag) VALUES ('sketches', 2, 'fresh-tag')")
        self.wait_for(lambda: fetch(self.stack.port, "/blog/tag/fresh-tag/").status == 200, "new tag page")
        self.wait_for(lambda: os.path.exists(self.published("/blog/tag/fresh-tag/feed.xml")), "new tag feed published")
        # The publisher writes the changed files one by one; the sitemap may follow the feed.
        self.wait_for(lambda: "/blog/tag/fresh-tag/" in fetch(self.stack.port, "/sitemap.xml").text, "sitemap names it")

    def test_a_draft_is_served_only_at_its_secret_preview_url(self):
        reply = fetch(self.stack.port, "/blog/preview/" + TOKEN)
        self.assertEqual(reply.status, 200)
        self.assertIn("Hidden Draft", reply.text)
        self.assertIn('<meta name="robots" content="noindex">', reply.text)
        self.assertEqual(reply.header("X-Robots-Tag"), "noindex")
        self.assertEqual(reply.header("Cache-Control"), "private, no-store")
        self.assertEqual(fetch(self.stack.port, "/blog/preview/" + "0" * 32).status, 404)
        self.assertEqual(fetch(self.stack.port, "/blog/hidden-draft").status, 404)
        for path in ("/", "/blog/", "/feed.xml", "/sitemap.xml"):
            self.assertNotIn("hidden-draft", fetch(self.stack.port, path).text, path)
        self.wait_for(lambda: os.path.exists(self.published("/blog/index.html")), "first publish")
        for directory, _, names in os.walk(self.stack.publish_dir):
            self.assertNotIn("preview", directory)
            self.assertNotIn("hidden-draft", directory)


if __name__ == "__main__":
    unittest.main()

"""End to end: the one link rule and the one date rule (core/rules/link,
core/rules/date) where a link or a date reaches a public page.

BibTeX with javascript:, data: and vbscript: targets (mixed case, leading
space, entity-encoded) goes through the real `vitae import-bibtex`; then
rows are written by raw SQL as an old database (or a hand edit) would hold
them: unsafe links in every table that has one, and dates that name no day
(2021-02-31). The real worker behind the shipped nginx.conf serves it, in two
languages. No <a href> on any page the sitemap lists (and the lists, the
feeds) has another scheme than http(s) or mailto:, no feed or sitemap says
2021-02-31, and `vitae check` names every such row.
"""
import html.parser
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET
from datetime import datetime

from e2e_env import BUILD_DIR, DB, TEMPLATES  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402

VITAE_CLI = os.path.join(BUILD_DIR, "cli", "vitae")
IMPOSSIBLE = ("2021-02-31", "2021-04-31", "2021-02-30")

HOSTILE_BIB = r"""
@inproceedings{hostile-paper,
  title = {A Paper With Hostile Links},
  author = {Ann Author and Bo Writer},
  booktitle = {Proceedings of Nothing},
  year = {2024},
  selected = {true},
  url = {javascript:alert(document.domain)},
  pdf = {JaVaScRiPt:alert(1)},
  code = {data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==},
  slides = {vbscript:msgbox(1)},
  video = { javascript:alert(2)},
  poster = {&#106;avascript:alert(3)},
  website = {https://example.org/safe},
  links = {{Demo}{javascript:alert(4)}}
}
"""

# What an old database (or a hand edit) can hold: the pages must not link it.
OLD_ROWS = """
INSERT INTO publication_link (publication_id, position, label, url)
  SELECT id, 90, 'Old', 'javascript:alert(5)' FROM publication WHERE slug = 'hostile-paper';
INSERT INTO publication_link (publication_id, position, label, url)
  SELECT id, 91, 'Tab', 'java' || char(9) || 'script:alert(6)' FROM publication WHERE slug = 'hostile-paper';
INSERT INTO profile_link (position, label, url) VALUES (90, 'Evil', ' JavaScript:alert(7)'), (91, 'Data', 'data:text/html,x');
INSERT INTO coauthor (name, url, orcid) VALUES ('Bo Writer', 'javascript:alert(8)', '');
INSERT INTO talk (date, title, event, place, url_slides, url_video, url_event) VALUES
  ('2024-05-01', 'Hostile talk', 'Seminar', 'Online', 'javascript:alert(9)', 'data:video/mp4,x', 'vbscript:x'),
  ('2021-02-30', 'Talk on a day that is not', '', '', '', '', '');
INSERT INTO project (slug, position, title, summary) VALUES ('hostile-project', 90, 'Hostile project', 'A summary.');
INSERT INTO project_link (project_slug, position, label, url) VALUES
  ('hostile-project', 1, 'Evil', 'javascript:alert(10)'), ('hostile-project', 2, 'Code', 'https://example.org/code');
INSERT INTO post (slug, title, published, body_format, body) VALUES
  ('february-31', 'A post dated February 31', '2021-02-31', 'markdown', 'Written by hand.'),
  ('a-real-day', 'A post on a real day', '2021-01-02', 'markdown', 'Fine.');
INSERT INTO post_tag (post_slug, position, tag) VALUES ('february-31', 1, 'dates'), ('a-real-day', 1, 'dates');
INSERT INTO news (date, markdown) VALUES ('2021-04-31', 'News on April 31.');
"""

TMP = None
STACK = None
IMPORT = None


def cli(*args):
    return subprocess.run([VITAE_CLI, *args], capture_output=True, text=True, timeout=60)


def setUpModule():
    global TMP, STACK, IMPORT
    TMP = tempfile.TemporaryDirectory()
    db = os.path.join(TMP.name, "site.db")
    shutil.copyfile(DB, db)
    bib = os.path.join(TMP.name, "hostile.bib")
    with open(bib, "w", encoding="utf-8") as f:
        f.write(HOSTILE_BIB)
    IMPORT = cli("import-bibtex", db, bib)
    assert IMPORT.returncode == 0, (IMPORT.stdout, IMPORT.stderr)
    with sqlite3.connect(db) as c:
        c.executescript(OLD_ROWS)
    r = cli("lang", "add", db, "de", "--name", "Deutsch")
    assert r.returncode == 0, (r.stdout, r.stderr)
    STACK = stack.Stack(BUILD_DIR, db, TEMPLATES, threads=2, extra_args=["--workers", "1"])
    STACK.__enter__()


def tearDownModule():
    STACK.__exit__(None, None, None)
    TMP.cleanup()


def scheme(url):
    """The scheme a browser reads (the URL standard: C0 controls and spaces
    around it skipped, tabs and newlines dropped), lower case; "" for none."""
    url = re.sub(r"[\t\n\r]", "", url.strip("".join(chr(i) for i in range(0x21))))
    m = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", url)
    return m.group(1).lower() if m else ""


class Hrefs(html.parser.HTMLParser):
    """Every <a href> of a page, its entities decoded as a browser does."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.hrefs.extend(v or "" for k, v in attrs if k == "href")


def public_paths():
    sitemap = fetch(STACK.port, "/sitemap.xml")
    assert sitemap.status == 200
    locs = re.findall(r"<loc>([^<]+)</loc>", sitemap.text)
    paths = {re.sub(r"^https?://[^/]+", "", loc) for loc in locs}
    return sorted(paths | {"/", "/publications/", "/de/publications/", "/talks/", "/de/talks/", "/projects/hostile-project",
                           "/publications/hostile-paper", "/de/publications/hostile-paper", "/cv/"})


class NoUnsafeLink(unittest.TestCase):
    def test_the_import_kept_each_refused_target_as_written_and_said_so(self):
        said = IMPORT.stdout + IMPORT.stderr
        self.assertGreaterEqual(said.count("kept as written, not a link"), 6, said)
        with sqlite3.connect(STACK.db) as c:
            (pid,) = c.execute("SELECT id FROM publication WHERE slug = 'hostile-paper'").fetchone()
            links = c.execute("SELECT url FROM publication_link WHERE publication_id = ? AND position < 90", (pid,)).fetchall()
            fields = {n for (n,) in c.execute("SELECT name FROM publication_field WHERE publication_id = ?", (pid,))}
        self.assertEqual(links, [("https://example.org/safe",)])
        self.assertTrue({"url", "pdf", "code", "slides", "video", "poster", "links"} <= fields, fields)

    def test_no_public_page_links_a_script_or_data_url(self):
        paths = public_paths()
        self.assertGreater(len(paths), 20)
        for path in paths:
            with self.subTest(path=path):
                r = fetch(STACK.port, path)
                self.assertEqual(r.status, 200)
                if "html" not in (r.header("Content-Type") or ""):
                    continue
                parser = Hrefs()
                parser.feed(r.text)
                for href in parser.hrefs:
                    self.assertIn(scheme(href), ("", "http", "https", "mailto"), href)
                unsafe = re.search(r"<a\s[^>]*href=\"\s*(javascript|data|vbscript)", r.text, re.IGNORECASE)
                self.assertIsNone(unsafe, "%s: %s" % (path, unsafe and unsafe.group(0)))

    def test_a_refused_link_is_still_shown_as_its_label(self):
        page = fetch(STACK.port, "/publications/hostile-paper").text
        self.assertIn('<span class="pill off">Old</span>', page)
        self.assertIn('<a class="pill" href="https://example.org/safe">Website</a>', page)
        home = fetch(STACK.port, "/").text
        self.assertIn("<span>Evil</span>", home)

    def test_the_exports_keep_the_fields_as_text(self):
        bib = fetch(STACK.port, "/publications/hostile-paper.bib")
        self.assertEqual(bib.status, 200)
        self.assertIn("javascript:alert(document.domain)", bib.text)

    def test_vitae_check_names_every_unsafe_link_and_impossible_date(self):
        r = cli("check", STACK.db)
        self.assertEqual(r.returncode, 0, r.stderr)
        for part in ('publication "hostile-paper" link "Old": "javascript:alert(5)"', 'profile link "Evil"',
                     'profile link "Data"', 'co-author "Bo Writer"', 'project "hostile-project" link "Evil"',
                     'slides: "javascript:alert(9)"', 'post "february-31" date "2021-02-31"', 'date "2021-04-31"',
                     'date "2021-02-30"'):
            self.assertIn(part, r.stdout)


class NoImpossibleDate(unittest.TestCase):
    def test_the_feeds_carry_only_real_days(self):
        for path in ("/feed.xml", "/de/feed.xml", "/blog/tag/dates/feed.xml"):
            with self.subTest(path=path):
                r = fetch(STACK.port, path)
                self.assertEqual(r.status, 200)
                for bad in IMPOSSIBLE:
                    self.assertNotIn(bad, r.text)
                atom = "{http://www.w3.org/2005/Atom}"
                root = ET.fromstring(r.body)
                stamps = [e.text for e in root.iter() if e.tag in (atom + "published", atom + "updated")]
                self.assertGreater(len(stamps), 2)
                for s in stamps:
                    datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")  # raises on 2021-02-31
                self.assertIn("/blog/a-real-day", r.text)

    def test_the_sitemap_dates_only_real_days_and_still_lists_the_pages(self):
        r = fetch(STACK.port, "/sitemap.xml")
        for bad in IMPOSSIBLE:
            self.assertNotIn(bad, r.text)
        for lastmod in re.findall(r"<lastmod>([^<]*)</lastmod>", r.text):
            datetime.strptime(lastmod, "%Y-%m-%d")
        self.assertIn("/blog/february-31</loc>", r.text)

    def test_a_time_element_claims_only_a_real_day_month_or_year(self):
        shown = set()
        for path in public_paths() + ["/blog/", "/news/", "/blog/february-31"]:
            r = fetch(STACK.port, path)
            if r.status != 200 or "text/html" not in (r.header("Content-Type") or ""):
                continue
            with self.subTest(path=path):
                for value in re.findall(r'<time datetime="([^"]*)"', r.text):
                    self.assertTrue(re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", value), value)
                    datetime.strptime(value, {4: "%Y", 7: "%Y-%m", 10: "%Y-%m-%d"}[len(value)])  # raises on 2021-02-31
            shown.update(bad for bad in IMPOSSIBLE if bad in r.text)
        # Still shown as written (the owner sees what to fix), never as a date.
        self.assertEqual(shown, {"2021-02-30", "2021-04-31", "2021-02-31"})


if __name__ == "__main__":
    unittest.main()

"""End to end: /search/ (schema v9) through nginx and the worker.

Real publication lists (tests/fixtures/bibtex/real: an astronomer's from NASA
ADS with Brüggen, Alonso-López, Ralf-Jürgen written as BibTeX accents; theses
and books with Chinese titles) imported with `vitae import-bibtex` into a
copy of the tests' site, which also gets a second language. One stack serves
every case: accents folded both ways, CJK, phrases and prefixes, markup and
FTS5 syntax in queries, the bounds (400 with a page), an edit by sqlite3
found on the next request, and no script on the page.
"""
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import unittest
import urllib.parse

from e2e_env import BUILD_DIR, DB, REPO, TEMPLATES  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402

VITAE_CLI = os.path.join(BUILD_DIR, "cli", "vitae")
REAL = os.path.join(REPO, "tests", "fixtures", "bibtex", "real")
FILES = ["sites/astro-ads-alecthomson.bib", "producers/theses-books.bib"]

TMP = None
STACK = None


def cli(*args):
    r = subprocess.run([VITAE_CLI, *args], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, (args, r.stdout[-2000:], r.stderr)
    return r


def setUpModule():
    global TMP, STACK
    TMP = tempfile.TemporaryDirectory(prefix="vitae-search-")
    db = os.path.join(TMP.name, "site.db")
    shutil.copyfile(DB, db)
    for name in FILES:
        cli("import-bibtex", db, os.path.join(REAL, name))
    cli("lang", "add", db, "de", "--name", "Deutsch")
    STACK = stack.Stack(BUILD_DIR, db, TEMPLATES, threads=2)
    STACK.__enter__()


def tearDownModule():
    STACK.__exit__(None, None, None)
    TMP.cleanup()


def search(q, path="/search/", extra=""):
    return fetch(STACK.port, path + "?" + urllib.parse.urlencode({"q": q}) + extra)


def hits(reply):
    """The links of the hits, in order."""
    return re.findall(r'<li class="hit"><span class="kind">[^<]*</span><a href="([^"]+)">', reply.text)


class Search(unittest.TestCase):
    def test_without_a_query_the_form_alone(self):
        r = fetch(STACK.port, "/search/")
        self.assertEqual(r.status, 200)
        self.assertIn('<form class="find find-page" role="search" action="/search/" method="get"', r.text)
        self.assertIn("Type words to find", r.text)
        self.assertNotIn("<script", r.text)
        self.assertIn('<meta name="robots" content="noindex">', r.text)
        self.assertIn("no-store", r.header("Cache-Control"))

    def test_every_page_has_the_search_form(self):
        for path in ("/", "/publications/", "/no/such/page", "/de/"):
            page = fetch(STACK.port, path).text
            action = "/de/search/" if path.startswith("/de/") else "/search/"
            self.assertIn('<form class="find" role="search" action="%s" method="get">' % action, page, path)
            self.assertIn('<label class="vh" for="find-q">', page, path)

    def test_accents_fold_both_ways(self):
        plain, accented = search("Bruggen"), search("Brüggen")
        self.assertEqual(plain.status, 200)
        self.assertTrue(hits(plain))
        self.assertEqual(hits(plain), hits(accented))
        self.assertIn("<mark>Brüggen</mark>", plain.text)
        self.assertIn("<mark>Brüggen</mark>", accented.text)
        self.assertIn("Publication</span>", plain.text)

    def test_cjk_titles_are_found_by_their_characters(self):
        for q in ("无人机", "影像分析", "景观尺度"):
            r = search(q)
            self.assertEqual(r.status, 200, q)
            self.assertTrue(hits(r), q)
            self.assertIn("<mark>", r.text, q)

    def test_words_phrases_prefixes_and_surnames(self):
        self.assertEqual(len(hits(search("Thomson"))), 10)  # a full page: he wrote nearly all of them
        self.assertIn("Page 1 of 4", search("Thomson").text)
        self.assertTrue(hits(search('"Faraday rotation"')))
        self.assertFalse(hits(search('"rotation Faraday"')))
        self.assertTrue(hits(search("magnet*")))
        self.assertFalse(hits(search("magnet")) == hits(search("magnet*")))
        self.assertFalse(hits(search("Thomson 无人机")))  # every word must match
        second = fetch(STACK.port, "/search/?q=Thomson&page=2")
        self.assertEqual(second.status, 200)
        self.assertNotEqual(hits(second), hits(search("Thomson")))
        self.assertIn('rel="prev"', second.text)

    def test_markup_and_fts_syntax_in_a_query_are_only_text(self):
        for q in ('<script>alert(1)</script>', 'AND OR NOT', '"', 'NEAR(a b', 'title:x', '*', '^a', ')(', "a\"b'c"):
            r = search(q)
            self.assertEqual(r.status, 200, q)
            self.assertNotIn("<script", r.text, q)
        self.assertIn("&lt;script&gt;alert(1)&lt;/script&gt;", search("<script>alert(1)</script>").text)

    def test_bounds_and_bad_queries_get_a_400_page(self):
        long = search("x" * 257)
        self.assertEqual(long.status, 400)
        self.assertIn("at most 256 bytes", long.text)
        self.assertEqual(search("w " * 17).status, 400)
        for extra in ("&page=0", "&page=51", "&page=two", "&page=99999999999999999999"):
            r = search("Thomson", extra=extra)
            self.assertEqual(r.status, 400, extra)
            self.assertIn("no such page", r.text)
        bad = fetch(STACK.port, "/search/?q=%ff%fe")
        self.assertEqual(bad.status, 400)
        self.assertIn("could not be read", bad.text)
        self.assertEqual(fetch(STACK.port, "/search/?q=" + "x" * 5000).status, 414)  # over the URI bound
        self.assertEqual(fetch(STACK.port, "/search/?q=Thomson&q=other").status, 200)  # the first counts
        self.assertEqual(fetch(STACK.port, "/search/?q=").status, 200)
        self.assertEqual(fetch(STACK.port, "/search/?page=2&q").status, 200)

    def test_an_edit_by_any_client_is_found_on_the_next_request(self):
        self.assertFalse(hits(search("Quokkaland")))
        with sqlite3.connect(STACK.db) as c:
            c.execute("INSERT INTO publication (id, slug, position, kind, title) VALUES (99999, 'quokka', 99999, 'other', "
                      "'Dynamics of Quokkaland')")
        self.assertEqual(hits(search("quokkaland")), ["/publications/quokka"])
        with sqlite3.connect(STACK.db) as c:
            c.execute("DELETE FROM publication WHERE id = 99999")
        self.assertFalse(hits(search("quokkaland")))

    def test_another_language_links_its_own_pages(self):
        r = search("Bruggen", path="/de/search/")
        self.assertEqual(r.status, 200)
        self.assertTrue(all(h.startswith("/de/publications/") for h in hits(r)), hits(r))
        self.assertIn("Treffer", r.text)
        # Only the search route reads a query string; the others ignore it, as before.
        self.assertEqual(fetch(STACK.port, "/publications/?q=Bruggen").body, fetch(STACK.port, "/publications/").body)


if __name__ == "__main__":
    unittest.main()

"""End to end: real BibTeX files (tests/fixtures/bibtex/real, byte-exact
copies of what DBLP, IEEE Xplore, INSPIRE-HEP, NASA ADS, ACM, Zotero and
al-folio sites write; SOURCES.md there says where each came from) imported
with the real `vitae import-bibtex` into a copy of the shipped database, then
served by the real worker behind the shipped nginx.conf: every DOI is on its
paper's page as a doi.org link and in `citation_doi`, the pages pass tidy,
and /publications.bib re-imports without changing a row.
"""
import html
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import unittest

from e2e_env import BUILD_DIR, DB, REPO, TEMPLATES  # noqa: E402,F401  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402

VITAE_CLI = os.path.join(BUILD_DIR, "cli", "vitae")
REAL = os.path.join(REPO, "tests", "fixtures", "bibtex", "real", "producers")
FILES = ["dblp.bib", "ieee.bib", "inspire-modern.bib", "ads.bib", "acm.bib", "zotero-bbt.bib",
         "al-folio-papers.bib", "theses-books.bib", "jabref-macroman.bib"]

TMP = None
STACK = None


def cli(*args):
    return subprocess.run([VITAE_CLI, *args], capture_output=True, text=True, timeout=60)


def setUpModule():
    global TMP, STACK
    TMP = tempfile.TemporaryDirectory()
    db = os.path.join(TMP.name, "site.db")
    shutil.copyfile(DB, db)
    for name in FILES:
        r = cli("import-bibtex", db, os.path.join(REAL, name))
        assert r.returncode == 0, (name, r.stdout[-2000:], r.stderr)
    STACK = stack.Stack(BUILD_DIR, db, TEMPLATES, threads=2, extra_args=["--workers", "1"])
    STACK.__enter__()


def tearDownModule():
    STACK.__exit__(None, None, None)
    TMP.cleanup()


def rows(db, sql):
    with sqlite3.connect(db) as c:
        return c.execute(sql).fetchall()


class Imported(unittest.TestCase):
    def test_every_doi_is_on_its_page_and_in_citation_doi(self):
        papers = rows(STACK.db, "SELECT slug, doi FROM publication WHERE doi <> ''")
        self.assertGreater(len(papers), 30)
        for slug, doi in papers:
            with self.subTest(slug=slug):
                r = fetch(STACK.port, "/publications/" + slug)
                self.assertEqual(r.status, 200)
                page = r.text
                self.assertIn('<meta name="citation_doi" content="%s">' % html.escape(doi), page)
                self.assertIn('href="https://doi.org/%s"' % html.escape(doi), page)

    def test_arxiv_ids_link_to_arxiv(self):
        papers = rows(STACK.db, "SELECT slug, arxiv FROM publication WHERE arxiv <> ''")
        self.assertTrue(papers)
        for slug, arxiv in papers:
            self.assertIn('href="https://arxiv.org/abs/%s"' % arxiv, fetch(STACK.port, "/publications/" + slug).text)

    def test_theses_books_and_chapters_are_kinds_with_their_own_list(self):
        kinds = {k for (k,) in rows(STACK.db, "SELECT DISTINCT kind FROM publication")}
        self.assertTrue({"thesis", "book", "chapter", "report"} <= kinds, kinds)
        r = fetch(STACK.port, "/publications/thesis/")
        self.assertEqual(r.status, 200)
        self.assertIn("Theses", r.text)
        self.assertIn('href="/publications/thesis/"', fetch(STACK.port, "/publications/").text)

    def test_selected_papers_are_on_the_home_page(self):
        selected = rows(STACK.db, "SELECT title FROM publication WHERE selected = 1")
        self.assertTrue(selected)
        home = fetch(STACK.port, "/").text
        self.assertIn("Selected publications", home)

    def test_paper_pages_pass_tidy(self):
        slugs = [s for (s,) in rows(STACK.db, "SELECT slug FROM publication ORDER BY id DESC LIMIT 40")]
        for slug in slugs:
            with self.subTest(slug=slug):
                body = fetch(STACK.port, "/publications/" + slug).body
                p = subprocess.run(["tidy", "-errors", "-q", "--custom-tags", "blocklevel"], input=body,
                                   capture_output=True, timeout=30)
                self.assertLess(p.returncode, 2, p.stderr.decode()[:2000])
                # Debian 12's tidy (5.6) has no MathML attribute table: it calls
                # <math alttext>, which MathML and HTML define (a formula's text
                # for readers without MathML), "proprietary". Every other warning fails.
                findings = [line for line in p.stderr.decode().splitlines()
                            if line.strip() and not line.endswith('<math> proprietary attribute "alttext"')]
                self.assertEqual(findings, [], "\n".join(findings)[:2000])

    def test_the_sites_bibtex_reimports_without_changing_a_row(self):
        with tempfile.TemporaryDirectory() as tmp:
            bib = os.path.join(tmp, "all.bib")
            with open(bib, "wb") as f:
                f.write(fetch(STACK.port, "/publications.bib").body)
            copy = os.path.join(tmp, "copy.db")
            shutil.copyfile(STACK.db, copy)
            r = cli("import-bibtex", copy, bib)
            self.assertEqual(r.returncode, 0, r.stdout[-2000:])
            changed = [l for l in r.stdout.splitlines() if l.startswith(("add ", "update ", "remove "))]
            self.assertEqual(changed, [])
            with open(bib, encoding="utf-8") as f:
                self.assertNotIn("= {}", f.read())  # no empty field is written

    def test_a_papers_url_negotiates_citations_also_on_the_fast_path(self):
        slug = rows(STACK.db, "SELECT slug FROM publication WHERE doi <> '' ORDER BY id LIMIT 1")[0][0]
        with stack.Stack(BUILD_DIR, STACK.db, TEMPLATES, threads=2, publish=True, extra_args=["--workers", "1"]) as fast:
            for port in (STACK.port, fast.port):
                with self.subTest(port=port):
                    r = fetch(port, "/publications/" + slug, headers={"Accept": "application/x-bibtex"})
                    self.assertEqual(r.status, 200)
                    self.assertEqual(r.header("Content-Type"), "application/x-bibtex; charset=utf-8")
                    self.assertEqual(r.header("Content-Location"), "/publications/%s.bib" % slug)
                    self.assertIn("Accept", r.header("Vary"))
                    csl = fetch(port, "/publications/" + slug,
                                headers={"Accept": "application/vnd.citationstyles.csl+json"})
                    self.assertTrue(csl.text.startswith('[{"id":'), csl.text[:80])
                    page = fetch(port, "/publications/" + slug, headers={"Accept": "text/html"})
                    self.assertTrue(page.header("Content-Type").startswith("text/html"))
                    self.assertIn('<link rel="cite-as" href="https://doi.org/', page.text)
            # The worker's answer also carries Signposting as a Link header.
            link = fetch(STACK.port, "/publications/" + slug).header("Link")
            self.assertRegex(link or "", r'^<https://doi\.org/[^>]+>; rel="cite-as", ')

    def test_a_broken_entry_is_reported_and_the_rest_imported(self):
        with tempfile.TemporaryDirectory() as tmp:
            bib = os.path.join(tmp, "broken.bib")
            with open(bib, "w") as f:
                f.write("---\nlayout: none\n---\n@article{ok1, title={One}, author={A}, doi={10.1/one}}\n"
                        "@article{bad, title={never closed, author={B}}\n"
                        "@article{ok2, title={Two}, author={C}, selected = true}\n")
            copy = os.path.join(tmp, "copy.db")
            shutil.copyfile(DB, copy)
            r = cli("import-bibtex", copy, bib)
            self.assertEqual(r.returncode, 3, r.stdout)
            self.assertRegex(r.stdout, r"broken\.bib:5: skipped \"bad\": ")
            self.assertIn("2 added", r.stdout)
            self.assertEqual(rows(copy, "SELECT doi FROM publication WHERE slug = 'ok1'"), [("10.1/one",)])
            r = cli("import-bibtex", copy, bib, "--strict")
            self.assertEqual(r.returncode, 1)


if __name__ == "__main__":
    unittest.main()

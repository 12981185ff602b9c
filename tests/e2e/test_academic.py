"""End to end: the academic routes (publications, citations, feed, sitemap,
robots.txt, head metadata) through the shipped nginx.conf to a real worker.

Expectations come from the seed page (tests/e2e/seed.py). The feed and the
sitemap go through tests/tools/validate-feed.sh (feedparser + xmllint with
the sitemaps.org schema), every HTML route through `tidy -errors -q`, and a
paper's .bib through `vitae import-bibtex` into a fresh copy of the database.
Stdlib only (plus the validators' Debian packages: python3-feedparser,
libxml2-utils, tidy).
"""
import html.parser
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest

from e2e_env import BUILD_DIR, DB, HERE, REPO, TEMPLATES  # noqa: E402,F401  (first: sets sys.path)
import seed  # noqa: E402
import stack  # noqa: E402
from client import fetch  # noqa: E402

VITAE_CLI = os.path.join(BUILD_DIR, "cli", "vitae")
VALIDATE_FEED = os.path.join(REPO, "tests", "tools", "validate-feed.sh")

BASE_URL = "https://scholar.example"  # what the worker is told it is reached at
HTML = "text/html; charset=utf-8"
SLUGS = ["causalmesh", "beaver", "mucache", "xfaas", "microservice-applications-on-serverless",
         "fault-tolerant-serverless-workflows", "oct-macular-diagnosis", "oneflow"]
ROUTES = {  # path -> Content-Type
    "/publications/": HTML,
    "/publications/conference/": HTML,
    "/publications/journal/": HTML,
    "/publications/preprint/": HTML,
    "/publications/causalmesh": HTML,
    "/publications/causalmesh.bib": "application/x-bibtex; charset=utf-8",
    "/publications/causalmesh.ris": "application/x-research-info-systems; charset=utf-8",
    "/publications/causalmesh.json": "application/vnd.citationstyles.csl+json; charset=utf-8",
    "/publications.bib": "application/x-bibtex; charset=utf-8",
    "/feed.xml": "application/atom+xml; charset=utf-8",
    "/sitemap.xml": "application/xml; charset=utf-8",
    "/robots.txt": "text/plain; charset=utf-8",
}
HTML_ROUTES = ["/", "/blog/", "/blog/linear-attention-visualized"] + \
    [p for p, t in ROUTES.items() if t == HTML] + ["/publications/" + s for s in SLUGS]

STACK = None
SEED = None


def setUpModule():
    global STACK, SEED
    SEED = seed.load()
    # One worker process: X-Vitae-Cache is per process, and these tests read it.
    STACK = stack.Stack(BUILD_DIR, DB, TEMPLATES, threads=2, extra_args=["--base-url", BASE_URL, "--workers", "1"])
    STACK.__enter__()


def tearDownModule():
    if STACK is not None:
        code = STACK.stop()
        if code != 0:
            raise AssertionError("worker exited with %r on SIGTERM:\n%s" % (code, STACK.final_worker_log))


def get(path, method="GET", headers=None):
    return fetch(STACK.port, path, method, headers)


class HeadTags(html.parser.HTMLParser):
    """<meta>, <link> and JSON-LD of a page's <head>, in document order."""

    def __init__(self):
        super().__init__()
        self.meta = []  # (name or property, content)
        self.links = []  # (rel, href, type)
        self.json_ld = []
        self._in_json = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and "content" in a:
            self.meta.append((a.get("name") or a.get("property"), a["content"]))
        elif tag == "link":
            self.links.append((a.get("rel"), a.get("href"), a.get("type")))
        elif tag == "script" and a.get("type") == "application/ld+json":
            self._in_json = True

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_json = False

    def handle_data(self, data):
        if self._in_json:
            self.json_ld.append(json.loads(data))

    def values(self, name):
        return [c for n, c in self.meta if n == name]


def head_of(path):
    r = get(path)
    assert r.status == 200, (path, r.status)
    tags = HeadTags()
    tags.feed(r.text)
    return tags


class Routes(unittest.TestCase):
    def test_every_route_answers_with_its_content_type(self):
        for path, ctype in ROUTES.items():
            with self.subTest(path=path):
                r = get(path)
                self.assertEqual(r.status, 200)
                self.assertEqual(r.header("Content-Type"), ctype)
                self.assertTrue(r.header("ETag"))

    def test_every_paper_has_a_page_and_three_citation_files(self):
        for slug in SLUGS:
            for suffix in ("", ".bib", ".ris", ".json"):
                with self.subTest(path="/publications/" + slug + suffix):
                    self.assertEqual(get("/publications/" + slug + suffix).status, 200)

    def test_routes_survive_head_and_if_none_match(self):
        for path in ROUTES:
            with self.subTest(path=path):
                full = get(path)
                head = get(path, "HEAD")
                self.assertEqual(head.status, 200)
                self.assertEqual(head.body, b"")
                self.assertEqual(head.header("ETag"), full.header("ETag"))
                again = get(path, headers={"If-None-Match": full.header("ETag")})
                self.assertEqual(again.status, 304)
                self.assertEqual(again.body, b"")
                self.assertEqual(again.header("X-Vitae-Cache"), "hit")

    def test_unknown_slugs_and_formats_are_404(self):
        for path in ("/publications/no-such-paper", "/publications/no-such-paper.bib", "/publications/causalmesh.pdf",
                     "/publications/novels/", "/publications/causalmesh/", "/feed.rss"):
            with self.subTest(path=path):
                r = get(path)
                self.assertEqual(r.status, 404)
                self.assertIn('<meta name="robots" content="noindex">', r.text)

    def test_publications_without_slash_redirects(self):
        r = get("/publications")
        self.assertEqual(r.status, 301)
        self.assertTrue(r.header("Location").endswith("/publications/"))


class Publications(unittest.TestCase):
    def test_list_groups_by_year_with_the_preprint_under_preprints(self):
        text = get("/publications/").text
        headings = [h for h in ("Preprints", "2025", "2024", "2023", "2020")]
        positions = [text.index(">%s</h2>" % h) for h in headings]
        self.assertEqual(positions, sorted(positions))
        preprints = text[positions[0]:positions[1]]
        self.assertIn("OneFlow", preprints)
        for p in SEED.publications + SEED.preprints:
            self.assertIn(html_escape(p.title), text)

    def test_filters_are_links_with_the_current_one_marked(self):
        for kind, heading in (("conference", "Conference papers"), ("journal", "Journal articles"),
                              ("preprint", "Preprints")):
            with self.subTest(kind=kind):
                text = get("/publications/%s/" % kind).text
                self.assertIn('href="/publications/%s/" aria-current="page"' % kind, text)
                self.assertEqual(text.count('aria-current="page"'), 1)
                self.assertIn("<h1>%s</h1>" % heading, text)
        journal = get("/publications/journal/").text
        self.assertIn("Automatic diagnosis of macular diseases", journal)
        self.assertNotIn("CausalMesh", journal)

    def test_awards_owner_and_equal_contribution_are_shown(self):
        text = get("/publications/").text
        for award in ("Best Paper Award Nominee", "ACM SIGMOD Research Highlight Award"):
            self.assertIn("<li>%s</li>" % award, text)
        self.assertIn('<strong class="me">Haoran Zhang</strong>', text)
        self.assertIn("Equal contribution", text)

    def test_every_entry_has_a_cite_link_on_home_and_list(self):
        n = len(SEED.publications) + len(SEED.preprints)
        for path in ("/", "/publications/"):
            text = get(path).text
            for slug in SLUGS:
                self.assertIn('href="/publications/%s#cite">Cite</a>' % slug, text)
            self.assertEqual(text.count(">Cite</a>"), n)
        self.assertIn('id="cite"', get("/publications/causalmesh").text)


class Metadata(unittest.TestCase):
    def test_causalmesh_has_scholar_tags_in_seed_order(self):
        tags = head_of("/publications/causalmesh")
        self.assertEqual(tags.values("citation_author"),
                         ["Haoran Zhang", "Shuai Mu", "Sebastian Angel", "Vincent Liu"])
        self.assertEqual(tags.values("citation_title"), ["CausalMesh: A Causal Cache for Stateful Serverless Computing"])
        self.assertEqual(tags.values("citation_publication_date"), ["2025"])
        self.assertEqual(tags.values("citation_conference_title"), ["VLDB"])
        self.assertEqual(tags.values("citation_pdf_url"), [])  # the seed's PDF link has no URL
        self.assertEqual(head_of("/publications/oct-macular-diagnosis").values("citation_journal_title"), ["JBO"])

    def test_paper_has_scholarly_article_json_ld(self):
        (article,) = head_of("/publications/causalmesh").json_ld
        self.assertEqual(article["@type"], "ScholarlyArticle")
        self.assertEqual([a["name"] for a in article["author"]],
                         ["Haoran Zhang", "Shuai Mu", "Sebastian Angel", "Vincent Liu"])

    def test_home_has_person_json_ld_from_the_content(self):
        (person,) = head_of("/").json_ld
        self.assertEqual(person["@type"], "Person")
        self.assertEqual(person["name"], SEED.name)
        self.assertEqual([o["name"] for o in person["alumniOf"]], [e.institution for e in SEED.education])
        self.assertNotIn("sameAs", person)  # no profile link has a URL in the seed

    def test_every_page_has_title_description_open_graph_and_feed_link(self):
        for path in HTML_ROUTES:
            with self.subTest(path=path):
                tags = head_of(path)
                for name in ("og:title", "og:type", "og:url", "og:site_name", "twitter:card", "description"):
                    self.assertEqual(len(tags.values(name)), 1, name)
                canonical = [h for rel, h, _ in tags.links if rel == "canonical"]
                self.assertEqual(len(canonical), 1)
                self.assertEqual(tags.values("og:url"), canonical)
                self.assertTrue(canonical[0].endswith(path), canonical[0])
                feeds = [h for rel, h, t in tags.links if rel == "alternate" and t == "application/atom+xml"]
                self.assertEqual(len(feeds), 1)

    def test_base_url_option_sets_absolute_urls(self):
        tags = head_of("/")
        canonical = [h for rel, h, _ in tags.links if rel == "canonical"][0]
        self.assertEqual(canonical, BASE_URL + "/", "--base-url %s not used for absolute URLs" % BASE_URL)
        self.assertIn("Sitemap: %s/sitemap.xml" % BASE_URL, get("/robots.txt").text)
        self.assertIn("<loc>%s/publications/causalmesh</loc>" % BASE_URL, get("/sitemap.xml").text)


class Validators(unittest.TestCase):
    def test_feed_and_sitemap_validate(self):
        for path in ("/feed.xml", "/sitemap.xml"):
            with self.subTest(path=path), tempfile.NamedTemporaryFile(suffix=".xml") as f:
                f.write(get(path).body)
                f.flush()
                p = subprocess.run([VALIDATE_FEED, f.name], capture_output=True, text=True)
                self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
                self.assertNotIn("ERROR", p.stdout)

    def test_feed_has_the_seed_post_without_invented_content(self):
        text = get("/feed.xml").text
        for post in SEED.posts:
            self.assertIn("<title>%s</title>" % html_escape(post.title), text)
            self.assertIn("<updated>%sT00:00:00Z</updated>" % post.published.isoformat(), text)
        self.assertNotIn("<content", text)  # the seed's post has no body yet
        self.assertNotIn("<summary", text)

    def test_html_routes_pass_tidy(self):
        for path in HTML_ROUTES:
            with self.subTest(path=path):
                p = subprocess.run(["tidy", "-errors", "-q", "--custom-tags", "blocklevel"],
                                   input=get(path).body, capture_output=True)
                self.assertIn(p.returncode, (0, 1), p.stderr.decode())  # 1: warnings only
                self.assertNotIn(b"Error:", p.stderr)


class Citations(unittest.TestCase):
    def test_bib_round_trips_through_import_bibtex(self):
        with tempfile.TemporaryDirectory() as tmp:
            bib = os.path.join(tmp, "causalmesh.bib")
            with open(bib, "wb") as f:
                f.write(get("/publications/causalmesh.bib").body)
            copy = os.path.join(tmp, "site.db")
            shutil.copyfile(DB, copy)
            before = publication_rows(copy, "causalmesh")
            run_cli("import-bibtex", copy, bib)
            self.assertEqual(publication_rows(copy, "causalmesh"), before)
            # And into a copy without the paper: the import recreates the same rows.
            with sqlite3.connect(copy) as db:
                db.execute("PRAGMA foreign_keys = ON")
                db.execute("DELETE FROM publication WHERE slug = 'causalmesh'")
            self.assertEqual(publication_rows(copy, "causalmesh"), ([], [], [], []))
            out = run_cli("import-bibtex", copy, bib)
            self.assertIn("1 added", out)
            self.assertEqual(strip_ids(publication_rows(copy, "causalmesh")), strip_ids(before))

    def test_publications_bib_matches_the_cli_export(self):
        self.assertEqual(get("/publications.bib").text, run_cli("export-bibtex", DB))

    def test_ris_and_csl_json_list_authors_in_order(self):
        ris = get("/publications/causalmesh.ris").text
        self.assertEqual([l[6:] for l in ris.splitlines() if l.startswith("AU  - ")],
                         ["Zhang, Haoran", "Mu, Shuai", "Angel, Sebastian", "Liu, Vincent"])
        self.assertTrue(ris.startswith("TY  - CONF\r\n") and ris.endswith("ER  - \r\n"))
        (item,) = json.loads(get("/publications/causalmesh.json").text)
        self.assertEqual(item["type"], "paper-conference")
        self.assertEqual(item["issued"], {"date-parts": [[2025]]})
        self.assertEqual([a["family"] for a in item["author"]], ["Zhang", "Mu", "Angel", "Liu"])


def html_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;") \
        .replace("'", "&apos;")


def run_cli(*args):
    p = subprocess.run([VITAE_CLI, *args], capture_output=True, text=True)
    if p.returncode != 0:
        raise AssertionError("vitae %s: exit %d\n%s" % (" ".join(args), p.returncode, p.stderr))
    return p.stdout


def publication_rows(db_path, slug):
    with sqlite3.connect(db_path) as db:
        pub = db.execute("SELECT id, slug, position, kind, title, venue, year, abstract FROM publication "
                         "WHERE slug = ?", (slug,)).fetchall()
        ids = [row[0] for row in pub]
        q = "SELECT * FROM %s WHERE publication_id IN (%s) ORDER BY position" % ("%s", ",".join("?" * len(ids)))
        children = [db.execute(q % t, ids).fetchall() if ids else []
                    for t in ("publication_author", "publication_link", "publication_award")]
    return (pub, *children)


def strip_ids(rows):
    """Rows without the surrogate id and position an import may assign anew."""
    pub, *children = rows
    return ([r[1:2] + r[3:] for r in pub], *[[r[1:] for r in c] for c in children])


if __name__ == "__main__":
    unittest.main()

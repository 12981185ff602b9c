"""The e2e tests' site (tests/fixtures/seed-site.sql) holds exactly the seed
page, in the seed's order: what the other e2e tests quote from the seed is
what they serve. (data/content.sql, the owner's, may change freely.)

Builds a throwaway database from data/schema.sql + that file and
compares every table with what tests/e2e/seed.py parses from the seed, so
a dropped, reordered or mistyped row fails here before it reaches a page.
Run from the repo root: python3 -m unittest discover -s tests/e2e
"""
import re
import sqlite3
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import seed  # noqa: E402

# The seed does not say which venues are journals; the owner does.
JOURNAL_VENUES = {"JBO"}
# Characters that could start CommonMark syntax, once escapes are removed.
MARKDOWN_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
MARKDOWN_ACTIVE = re.compile(r"[\\`*_\[\]<>!&|~]|^\s*(?:[#>+-]|\d+[.)])")
POSITIONED = ["profile_paragraph", "profile_email", "profile_link", "education",
              "publication", "teaching", "service", "experience"]


def unescape_markdown(text: str) -> str:
    return MARKDOWN_ESCAPE.sub(r"\1", text)


def title_words(title: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", title.lower()))


class ContentSqlTest(unittest.TestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        cls.seed = seed.load(ROOT / "tests" / "fixtures" / "homepage.txt")
        cls.content = (ROOT / "tests" / "fixtures" / "seed-site.sql").read_text(encoding="utf-8")
        cls.tmp = tempfile.TemporaryDirectory()
        cls.db = sqlite3.connect(Path(cls.tmp.name) / "site.db")
        cls.db.executescript((ROOT / "data" / "schema.sql").read_text(encoding="utf-8"))
        cls.db.executescript(cls.content)

    @classmethod
    def tearDownClass(cls):
        cls.db.close()
        cls.tmp.cleanup()

    def rows(self, sql, *args):
        return self.db.execute(sql, args).fetchall()

    def column(self, sql, *args):
        return [r[0] for r in self.rows(sql, *args)]

    # Database as a whole

    def test_schema_version_is_the_latest(self):
        self.assertEqual(self.rows("PRAGMA user_version"), [(13,)])

    def test_foreign_keys_are_clean(self):
        self.assertEqual(self.rows("PRAGMA foreign_key_check"), [])

    def test_content_has_only_data(self):
        # The schema is data/schema.sql's alone; content must not alter it.
        self.assertNotRegex(self.content, r"(?i)\b(PRAGMA|CREATE|DROP|ALTER)\b")

    def test_positions_count_from_one(self):
        for table in POSITIONED:
            with self.subTest(table=table):
                got = self.column(f"SELECT position FROM {table} ORDER BY position")
                self.assertEqual(got, list(range(1, len(got) + 1)))

    # Profile

    def test_profile_name(self):
        self.assertEqual(self.rows("SELECT id, name FROM profile"), [(1, self.seed.name)])

    def test_bio_paragraphs_render_as_seed_text(self):
        got = self.column("SELECT markdown FROM profile_paragraph ORDER BY position")
        self.assertEqual([unescape_markdown(m) for m in got], self.seed.bio)
        for md in got:
            bare = MARKDOWN_ESCAPE.sub("", md)
            self.assertIsNone(MARKDOWN_ACTIVE.search(bare), f"unescaped Markdown in {md!r}")

    def test_emails(self):
        got = self.rows("SELECT address, label FROM profile_email ORDER BY position")
        self.assertEqual(got, [(e.address, e.label) for e in self.seed.emails])

    def test_profile_links_have_no_target(self):
        got = self.rows("SELECT label, url FROM profile_link ORDER BY position")
        self.assertEqual(got, [(label, "") for label in self.seed.links])

    # Sections

    def test_education(self):
        got = self.rows("SELECT start_year, end_year, degree, institution"
                        " FROM education ORDER BY position")
        want = [(e.start_year, e.end_year, e.degree, e.institution) for e in self.seed.education]
        self.assertEqual(got, want)

    def test_posts(self):
        got = self.rows("SELECT slug, title, published, body FROM post ORDER BY published DESC")
        want = [("-".join(re.findall(r"[a-z0-9]+", p.title.lower())), p.title,
                 p.published.isoformat(), "") for p in self.seed.posts]
        self.assertEqual(got, want)

    def publications(self):
        return self.seed.publications + self.seed.preprints

    def test_publications(self):
        got = self.rows("SELECT kind, title, venue, year FROM publication ORDER BY position")
        want = [("preprint" if p.preprint else
                 "journal" if p.venue in JOURNAL_VENUES else "conference",
                 p.title, p.venue, p.year) for p in self.publications()]
        self.assertEqual(got, want)

    def test_publication_slugs_come_from_title_words(self):
        for slug, title in self.rows("SELECT slug, title FROM publication"):
            with self.subTest(slug=slug):
                self.assertLessEqual(set(slug.split("-")), title_words(title))

    def test_publication_authors(self):
        for pos, p in enumerate(self.publications(), start=1):
            with self.subTest(title=p.title):
                got = self.rows(
                    "SELECT a.position, a.name, a.is_owner, a.equal_contribution"
                    " FROM publication_author a JOIN publication p ON p.id = a.publication_id"
                    " WHERE p.position = ? ORDER BY a.position", pos)
                want = [(i, a.name, int(a.name == self.seed.name), int(a.equal_contribution))
                        for i, a in enumerate(p.authors, start=1)]
                self.assertEqual(got, want)

    def test_publication_links_have_no_target(self):
        for pos, p in enumerate(self.publications(), start=1):
            with self.subTest(title=p.title):
                got = self.rows(
                    "SELECT l.position, l.label, l.url"
                    " FROM publication_link l JOIN publication p ON p.id = l.publication_id"
                    " WHERE p.position = ? ORDER BY l.position", pos)
                self.assertEqual(got, [(i, label, "") for i, label in enumerate(p.links, start=1)])

    def test_publication_awards(self):
        for pos, p in enumerate(self.publications(), start=1):
            with self.subTest(title=p.title):
                got = self.rows(
                    "SELECT w.position, w.name"
                    " FROM publication_award w JOIN publication p ON p.id = w.publication_id"
                    " WHERE p.position = ? ORDER BY w.position", pos)
                self.assertEqual(got, list(enumerate(p.awards, start=1)))

    def test_teaching(self):
        got = self.rows("SELECT course, title, term FROM teaching ORDER BY position")
        self.assertEqual(got, [(t.course, t.title, t.term) for t in self.seed.teaching])

    def test_services(self):
        got = self.rows("SELECT role, venue FROM service ORDER BY position")
        self.assertEqual(got, [(s.role, s.venue) for s in self.seed.services])

    def test_experiences(self):
        got = self.rows("SELECT organization, location, role, start_month, end_month"
                        " FROM experience ORDER BY position")
        want = [(x.organization, x.location, x.role, x.start_month, x.end_month)
                for x in self.seed.experiences]
        self.assertEqual(got, want)


if __name__ == "__main__":
    unittest.main()

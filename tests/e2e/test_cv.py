"""End to end: the CV (schema v8) at /cv/, /cv.pdf and /cv.json, through nginx and the worker.

A real worker with --publish (the fast path) and nginx in front, as shipped.
One site gets an award and an instructor's course with the vitae tool, a
paper whose authors have a CJK and an accented name, and profile links; then:
/cv/ lists every section with rows and heads teaching by role; /cv.pdf's
text (pdftotext) has the names exactly and every font is embedded
(pdffonts, each with a Unicode map), it is tagged for PDF/UA-1 as qpdf
reads it back (structure tree, /Lang as the page's language, also German
at /de/cv.pdf, DisplayDocTitle, XMP with pdfuaid:part 1, the profile's
link as a /URI action, an outline entry per section), once it follows the edits (it is typeset by a child process and
published after the HTML pages: polled, bounded); /cv.json validates against the JSON Resume schema v1.0.0
(tests/fixtures/json-resume/schema.json, python3-jsonschema); all three are
published for nginx, in the sitemap and named in the nav. A site without a
row of any CV section answers 404 for all three and names none.
"""
import base64
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import unittest

from e2e_env import BUILD_DIR, TEMPLATES, private_db, require_module, require_tool  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from served import ServedSite, nav_of, sitemap_paths, wait_until  # noqa: E402
from client import fetch  # noqa: E402
from media import vitae  # noqa: E402

SCHEMA = os.path.join(os.path.dirname(__file__), "..", "fixtures", "json-resume", "schema.json")
CJK_NAME = "王小明"
ACCENTED_NAME = "José Ñúñez-Érdős"
TITLE = "Über Ångström-scale Caches — 分布式缓存"

PAPER_SQL = """
INSERT INTO publication (id, slug, position, kind, title, venue, year) VALUES
 (900, 'ubercache', 900, 'journal', '{title}', 'Journal of Tests', 2026);
INSERT INTO publication_author (publication_id, position, name) VALUES
 (900, 1, 'Haoran Zhang'), (900, 2, '{cjk}'), (900, 3, '{accented}');
UPDATE profile_link SET url = 'https://github.com/example' WHERE label = 'GitHub';
""".format(title=TITLE, cjk=CJK_NAME, accented=ACCENTED_NAME)


def run(cmd, data):
    return subprocess.run(cmd, input=data, capture_output=True, timeout=60, check=True).stdout.decode("utf-8")


class WithCv(ServedSite):
    PREFIX = "vitae-cv-"

    @classmethod
    def prepare(cls):
        con = sqlite3.connect(cls.db)
        con.executescript(PAPER_SQL)
        con.close()

    @classmethod
    def populate(cls):
        vitae("add", "award", cls.db, "--name", "Best Paper Award", "--year", "2025", "--issuer", "VLDB 2025")
        vitae("add", "teaching", cls.db, "--course", "CIS 5550", "--title", "Internet and Web Systems",
              "--term", "Spring 2026", "--role", "Instructor")
        vitae("add", "talk", cls.db, "--title", "Causal Caches", "--date", "2025-09-01", "--event", "DB Seminar",
              "--place", "Zürich")
        vitae("lang", "add", cls.db, "de", "--name", "Deutsch")
        # The last edit seen by the worker (a commit is loaded on the next request): all are.
        wait_until(lambda: "Causal Caches" in fetch(cls.stack.port, "/cv/").text,
                   "the worker never loaded the talk", cls.stack)

    def test_the_cv_page_lists_each_section_and_heads_teaching_by_role(self):
        page = fetch(self.stack.port, "/cv/")
        self.assertEqual(page.status, 200)
        text = page.text
        order = ["cv-education", "cv-experience", "cv-publications", "cv-talks", "cv-teaching", "cv-service",
                 "cv-awards"]
        at = [text.index('<h2 id="%s">' % h) for h in order]
        self.assertEqual(at, sorted(at))
        self.assertIn('<h3 class="cv-year" id="cv-role-teaching">Teaching Assistant</h3>', text)
        self.assertIn('<h3 class="cv-year" id="cv-role-teaching-2">Instructor</h3>', text)
        self.assertIn("<strong class=\"me\">Haoran Zhang</strong>", text)
        self.assertIn(CJK_NAME, text)
        self.assertIn(ACCENTED_NAME, text)
        self.assertIn('<span class="head">Best Paper Award</span><span class="sub">VLDB 2025</span>', text)
        self.assertIn('<a href="https://github.com/example">GitHub</a>', text)
        self.assertIn('<a href="/cv/" class="current">CV</a>', nav_of(text))
        self.assertNotIn("<script", text)
        self.assertIn(fetch(self.stack.port, "/cv").status, (200, 301))

    def test_the_home_page_heads_teaching_by_role_and_lists_the_awards(self):
        home = fetch(self.stack.port, "/").text
        self.assertIn('<h2 id="teaching">Teaching Assistant</h2>', home)
        self.assertIn('<h2 id="teaching-2">Instructor</h2>', home)
        self.assertIn('<span class="head">Best Paper Award</span><span class="sub">VLDB 2025</span>', home)
        self.assertIn('<a href="/cv/">CV</a>', nav_of(home))

    def test_the_pdf_has_the_names_exactly_as_selectable_text_with_fonts_embedded(self):
        require_tool("pdftotext", "poppler-utils")
        require_tool("pdffonts", "poppler-utils")
        # The PDF is typeset by a child process and published after the HTML
        # pages (issue 26): until the new one is written nginx serves the one
        # from before the edits, so wait (bounded) for it.
        latest = {}

        def pdf_has_the_talk():
            latest["pdf"] = fetch(self.stack.port, "/cv.pdf")
            latest["text"] = run(["pdftotext", "-enc", "UTF-8", "-", "-"], latest["pdf"].body)
            return "Causal Caches" in latest["text"]
        wait_until(pdf_has_the_talk, "/cv.pdf never showed the last edit", self.stack)
        pdf, text = latest["pdf"], latest["text"]
        self.assertEqual(pdf.status, 200)
        self.assertEqual(pdf.header("Content-Type"), "application/pdf")
        self.assertTrue(pdf.body.startswith(b"%PDF-"))
        for expected in ("Haoran Zhang", CJK_NAME, ACCENTED_NAME, TITLE, "Best Paper Award", "Instructor",
                         "Causal Caches", "Zürich", "Education", "Publications", "Awards"):
            self.assertIn(expected, text)
        fonts = run(["pdffonts", "-"], pdf.body).splitlines()[2:]
        self.assertTrue(fonts, "no fonts")
        for line in fonts:
            self.assertEqual(line.split()[-5], "yes", line)  # emb: columns ... emb sub uni object ID
            self.assertEqual(line.split()[-3], "yes", line)  # uni: a ToUnicode map
        self.assertTrue(any("WenQuanYiMicroHei" in line for line in fonts), fonts)  # the CJK name's font

    def read_back(self, path):
        """The PDF at `path` as qpdf reads it: (its objects by "obj:N 0 R", the catalog)."""
        require_tool("qpdf", "qpdf")
        pdf = fetch(self.stack.port, path)
        self.assertEqual(pdf.status, 200, path)
        with tempfile.NamedTemporaryFile(suffix=".pdf") as f:
            f.write(pdf.body)
            f.flush()
            out = subprocess.run(["qpdf", "--json=2", "--json-key=qpdf", "--json-stream-data=inline",
                                  "--decode-level=generalized", f.name], capture_output=True, timeout=60, check=True)
        objects = json.loads(out.stdout)["qpdf"][1]
        return objects, objects["obj:" + objects["trailer"]["value"]["/Root"]]["value"]

    def test_the_pdf_is_tagged_for_pdf_ua_in_the_pages_language_with_links_and_an_outline(self):
        wait_until(lambda: "Causal Caches" in run(["pdftotext", "-enc", "UTF-8", "-", "-"],
                                                  fetch(self.stack.port, "/cv.pdf").body),
                   "/cv.pdf never showed the last edit", self.stack)
        objects, catalog = self.read_back("/cv.pdf")
        self.assertEqual(catalog["/Lang"], "u:en")
        self.assertEqual(catalog["/MarkInfo"], {"/Marked": True})
        self.assertIn("/StructTreeRoot", catalog)
        self.assertEqual(catalog["/ViewerPreferences"], {"/DisplayDocTitle": True})
        xmp = base64.b64decode(objects["obj:" + catalog["/Metadata"]]["stream"]["data"]).decode("utf-8")
        self.assertIn("<pdfuaid:part>1</pdfuaid:part>", xmp)
        self.assertIn("— CV</rdf:li></rdf:Alt></dc:title>", xmp)
        uris = [o["value"]["/A"]["/URI"] for o in objects.values()
                if isinstance(o.get("value"), dict) and o["value"].get("/Subtype") == "/Link"]
        self.assertIn("u:https://github.com/example", uris)
        entries, at = 0, objects["obj:" + catalog["/Outlines"]]["value"].get("/First")
        while at:
            entries += 1
            at = objects["obj:" + at]["value"].get("/Next")
        self.assertEqual(entries, fetch(self.stack.port, "/cv/").text.count('<h2 id="cv-'))  # one per section
        wait_until(lambda: fetch(self.stack.port, "/de/cv.pdf").status == 200, "no /de/cv.pdf", self.stack)
        self.assertEqual(self.read_back("/de/cv.pdf")[1]["/Lang"], "u:de")

    def test_the_json_resume_validates_against_the_schema(self):
        jsonschema = require_module("jsonschema", "python3-jsonschema")
        reply = fetch(self.stack.port, "/cv.json")
        self.assertEqual(reply.status, 200)
        self.assertTrue(reply.header("Content-Type").startswith("application/json"))
        resume = json.loads(reply.body)
        with open(SCHEMA, encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker()).validate(resume)
        self.assertEqual(resume["basics"]["name"], "Haoran Zhang")
        self.assertEqual(resume["awards"], [{"title": "Best Paper Award", "date": "2025", "awarder": "VLDB 2025"}])
        self.assertIn({"name": "CIS 5550: Internet and Web Systems", "type": "teaching", "roles": ["Instructor"],
                       "description": "Spring 2026"}, resume["projects"])
        names = [p["name"] for p in resume["publications"]]
        self.assertIn(TITLE, names)
        self.assertEqual(resume["basics"]["profiles"], [{"network": "GitHub", "url": "https://github.com/example"}])

    def test_an_invalid_resume_is_refused_by_the_validator(self):
        jsonschema = require_module("jsonschema", "python3-jsonschema")
        with open(SCHEMA, encoding="utf-8") as f:
            validator = jsonschema.Draft4Validator(json.load(f), format_checker=jsonschema.FormatChecker())
        self.assertFalse(validator.is_valid({"basics": {"name": "X"}, "teaching": []}))  # no such section
        self.assertFalse(validator.is_valid({"work": [{"startDate": "Spring 2020"}]}))

    def test_all_three_are_published_and_the_sitemap_names_the_page(self):
        publish = self.stack.publish_dir
        for path in ("cv/index.html", "cv.pdf", "cv.json"):
            self.wait_for(lambda p=path: os.path.exists(os.path.join(publish, p)), path + " published")

        def published_is_served():  # the fast path rewrites the files just after a commit is loaded
            with open(os.path.join(publish, "cv.pdf"), "rb") as f:
                return f.read() == fetch(self.stack.port, "/cv.pdf").body
        self.wait_for(published_is_served, "the published cv.pdf is the one served")
        self.assertTrue(any(p.endswith("/cv/") for p in sitemap_paths(self.stack.port)))

    def test_the_page_passes_tidy(self):
        require_tool("tidy", "tidy")
        p = subprocess.run(["tidy", "-errors", "-q", "--custom-tags", "blocklevel"],
                           input=fetch(self.stack.port, "/cv/").body, capture_output=True, timeout=30)
        self.assertLess(p.returncode, 2, p.stderr.decode("utf-8", "replace"))


class WithoutCv(unittest.TestCase):
    def test_a_site_without_cv_rows_has_no_cv_nav_entry_or_sitemap_entry(self):
        directory, db = private_db("vitae-no-cv-")
        try:
            con = sqlite3.connect(db)
            con.executescript("DELETE FROM publication; DELETE FROM education; DELETE FROM experience;"
                              " DELETE FROM teaching; DELETE FROM service; DELETE FROM talk; DELETE FROM award;")
            con.close()
            with stack.Stack(BUILD_DIR, db, TEMPLATES, threads=1, publish=True) as s:
                for path in ("/cv/", "/cv.pdf", "/cv.json"):
                    self.assertEqual(fetch(s.port, path).status, 404, path)
                self.assertNotIn('href="/cv/"', nav_of(fetch(s.port, "/").text))
                self.assertFalse(any(p.endswith("/cv/") for p in sitemap_paths(s.port)))
                self.assertFalse(os.path.exists(os.path.join(s.publish_dir, "cv.pdf")))
        finally:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()

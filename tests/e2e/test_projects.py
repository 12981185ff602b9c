"""End to end: projects and paper previews (schema v8), added with the vitae tool, through nginx and the worker.

A real worker with --publish (the fast path) and nginx in front, as shipped.
One site gets a stored picture (with its smaller copies), two projects with
`vitae add project` (one with the picture, links, a paper and a post) and a
paper preview with `vitae set preview` while it is served: /projects/ lists
them in order, a project's page shows its body, picture, links, paper and
post, the paper shows its preview in the lists and on its page, the nav and
sitemap name the pages. Removing the projects takes the pages away again;
the shipped database, which has none, answers 404.
"""
import os
import shutil
import subprocess
import time
import unittest

from e2e_env import BUILD_DIR, DB, TEMPLATES, private_db, require_tool  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from served import ServedSite, nav_of, sitemap_paths, wait_until, WAIT_S  # noqa: E402
from client import fetch  # noqa: E402
from media import png, vitae  # noqa: E402

PAPER = "causalmesh"
POST = "linear-attention-visualized"


class WithProjects(ServedSite):
    PREFIX = "vitae-projects-"

    @classmethod
    def populate(cls):
        picture = os.path.join(cls.dir, "mesh.png")
        with open(picture, "wb") as f:
            f.write(png(960, 540, lambda x, y: (x % 256, y % 256, 160)))
        vitae("add", "file", cls.db, picture, "--alt", "A mesh of services, drawn as a graph")
        vitae("add", "project", cls.db, "--slug", "causal-mesh", "--title", "Causal Mesh",
              "--summary", "Tracing *why* a request was slow, across services.",
              "--text", "## Idea\n\nEach hop costs $O(1)$. <script>alert(1)</script>\n",
              "--image", "mesh.png", "--link", "Code=https://github.com/example/causalmesh",
              "--link", "Picture=/files/mesh.png", "--paper", PAPER, "--post", POST)
        vitae("add", "project", cls.db, "--slug", "sketches", "--title", "Sketches", "--summary", "Small summaries.")
        vitae("set", "preview", cls.db, PAPER, "mesh.png")
        wait_until(lambda: 'class="preview"' in fetch(cls.stack.port, "/publications/" + PAPER).text,
                   "the worker never loaded the preview", cls.stack)

    def test_the_projects_page_lists_them_in_order_with_picture_and_summary(self):
        page = fetch(self.stack.port, "/projects/")
        self.assertEqual(page.status, 200)
        text = page.text
        self.assertLess(text.index('href="/projects/causal-mesh"'), text.index('href="/projects/sketches"'))
        self.assertIn("Tracing <em>why</em> a request was slow", text)
        self.assertIn('alt="A mesh of services, drawn as a graph"', text)
        self.assertIn('width="960" height="540"', text)
        self.assertIn('loading="lazy"', text)
        self.assertIn('<source type="image/webp" srcset="/files/', text)
        self.assertIn("<title>Projects — ", text)

    def test_a_project_page_has_body_picture_links_paper_and_post(self):
        page = fetch(self.stack.port, "/projects/causal-mesh")
        self.assertEqual(page.status, 200)
        text = page.text
        self.assertIn("<h1>Causal Mesh</h1>", text)
        self.assertIn('<div class="prose">\n<h2>Idea</h2>', text)
        self.assertIn("<math", text)
        self.assertNotIn("<script>alert", text)
        self.assertIn('<a class="pill" href="https://github.com/example/causalmesh">Code</a>', text)
        self.assertRegex(text, r'<a class="pill" href="/files/[0-9a-f]{12}/mesh.png">Picture</a>')
        self.assertIn('class="hero"', text)
        self.assertIn('href="/publications/%s"' % PAPER, text)
        self.assertIn('href="/blog/%s"' % POST, text)
        self.assertIn('"@type":"ResearchProject","name":"Causal Mesh"', text)
        self.assertIn('"description":"Tracing why a request was slow, across services."', text)
        self.assertRegex(text, r'<meta property="og:image" content="http[^"]+/files/[0-9a-f]{12}/mesh.png">')
        self.assertEqual(fetch(self.stack.port, "/projects/no-such-project").status, 404)
        self.assertIn(fetch(self.stack.port, "/projects").status, (200, 301))

    def test_a_paper_shows_its_preview_in_lists_and_on_its_page(self):
        for path in ("/publications/" + PAPER, "/publications/"):
            with self.subTest(path=path):
                # The published copies are rewritten after the edit, not with it.
                self.wait_for(lambda: 'class="preview"' in fetch(self.stack.port, path).text, path + " with preview")
                text = fetch(self.stack.port, path).text
                self.assertRegex(text, r'<img class="preview" src="/files/[0-9a-f]{12}/mesh.png" width="960" '
                                       r'height="540" alt="A mesh of services, drawn as a graph" loading="lazy"')
        self.assertIn('property="og:image"', fetch(self.stack.port, "/publications/" + PAPER).text)

    def test_the_pages_are_published_and_named_in_nav_and_sitemap(self):
        self.wait_for(lambda: os.path.exists(self.published("/projects/")), "projects page published")
        for path in ("/", "/blog/", "/projects/", "/no/such/page"):
            self.wait_for(lambda: '<a href="/projects/"' in nav_of(fetch(self.stack.port, path).text), path + " nav")
        self.assertIn('<a href="/projects/" class="current">Projects</a>',
                      nav_of(fetch(self.stack.port, "/projects/causal-mesh").text))
        paths = sitemap_paths(self.stack.port)
        for suffix in ("/projects/", "/projects/causal-mesh", "/projects/sketches"):
            self.assertTrue(any(p.endswith(suffix) for p in paths), (suffix, paths))

    def test_the_pages_pass_tidy(self):
        require_tool("tidy", "tidy")
        for path in ("/projects/", "/projects/causal-mesh", "/projects/sketches", "/publications/" + PAPER,
                     "/publications/"):
            with self.subTest(path=path):
                p = subprocess.run(["tidy", "-errors", "-q", "--custom-tags", "blocklevel"],
                                   input=fetch(self.stack.port, path).body, capture_output=True, timeout=30)
                self.assertLess(p.returncode, 2, p.stderr.decode("utf-8", "replace"))


class ProjectsRemoved(unittest.TestCase):
    def test_the_pages_and_nav_entry_go_with_the_last_project(self):
        directory, db = private_db("vitae-projects-gone-")
        try:
            with stack.Stack(BUILD_DIR, db, TEMPLATES, threads=1, publish=True) as s:
                vitae("add", "project", db, "--slug", "only", "--title", "Only One")
                deadline = time.monotonic() + WAIT_S
                while fetch(s.port, "/projects/only").status != 200:
                    self.assertLess(time.monotonic(), deadline, "project page never served")
                    time.sleep(0.05)
                vitae("rm", "project", db, "only")
                deadline = time.monotonic() + WAIT_S
                while fetch(s.port, "/projects/").status != 404 or fetch(s.port, "/projects/only").status != 404:
                    self.assertLess(time.monotonic(), deadline, "/projects/ still served after its last row went")
                    time.sleep(0.05)
                # The home page's published copy is rewritten after the edit, not with it.
                while 'href="/projects/"' in nav_of(fetch(s.port, "/").text):
                    self.assertLess(time.monotonic(), deadline, "the nav still names /projects/")
                    time.sleep(0.05)
        finally:
            shutil.rmtree(directory, ignore_errors=True)


class WithoutProjects(unittest.TestCase):
    def test_no_nav_entry_no_sitemap_entry_and_404(self):
        with stack.Stack(BUILD_DIR, DB, TEMPLATES, threads=1) as s:
            self.assertNotIn("/projects/", nav_of(fetch(s.port, "/").text))
            self.assertEqual(fetch(s.port, "/projects/").status, 404)
            self.assertFalse(any("/projects/" in p for p in sitemap_paths(s.port)))


if __name__ == "__main__":
    unittest.main()

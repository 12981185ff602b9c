"""End to end: a page of the owner's own (issue 45), through the shipped
nginx, the worker and vitae-admin.

`vitae add page DB teaching --title Teaching --body-file F --menu` while the
site is served: GET /teaching/ shows it (its heading, Markdown with math and
code, the sanitizer), the home page's nav links it, the sitemap lists it and
/search/ finds it; a slug a route uses is refused with a message saying so.
An edit in vitae-admin (title, body, out of the menu) shows on the very next
request. With the fast path (--publish) the page is written where nginx
serves it from.

    VITAE_BUILD_DIR=build/dev python3 -m unittest -v test_pages
"""
import os
import re
import shutil
import subprocess
import unittest

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402
from editor_session import EditorRequests, add_user  # noqa: E402
from media import VITAE, vitae  # noqa: E402
from served import ServedSite, nav_of, sitemap_paths, wait_until  # noqa: E402

TEACHING = """## Courses

- *Linear algebra*, where $A x = b$ is solved.
- Numerical methods.

```python
print("gauss")
```

<script>alert(1)</script>
"""


def add_teaching(directory, db):
    body = os.path.join(directory, "teaching.md")
    with open(body, "w") as f:
        f.write(TEACHING)
    vitae("add", "page", db, "teaching", "--title", "Teaching", "--body-file", body, "--menu")


class PageServedAndEdited(EditorRequests, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-pages-")
        cls.auth = os.path.join(cls.dir, "auth.db")
        add_user(cls.auth, "alice", "default")
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=2, admin=True, auth=cls.auth).__enter__()
        cls.origin = "http://127.0.0.1:%d" % cls.stack.port
        add_teaching(cls.dir, cls.db)  # while served, as an owner would

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def test_1_the_page_is_served_linked_listed_and_found(self):
        page = fetch(self.stack.port, "/teaching/")
        self.assertEqual(page.status, 200, page.text[:500])
        text = page.text
        self.assertIn("<h1>Teaching</h1>", text)
        self.assertIn("<title>Teaching — ", text)
        self.assertIn('<h2 id="courses">Courses</h2>', text)
        self.assertIn("<em>Linear algebra</em>", text)
        self.assertIn("<math", text)
        self.assertIn("<pre", text)
        self.assertNotIn("<script>alert", text)
        self.assertRegex(text, r'<html lang="en"')
        self.assertIn('<a href="/teaching/" class="current">Teaching</a>', nav_of(text))
        self.assertIn('<a href="/teaching/">Teaching</a>', nav_of(fetch(self.stack.port, "/").text))
        self.assertTrue(any(p.endswith("/teaching/") for p in sitemap_paths(self.stack.port)))
        found = fetch(self.stack.port, "/search/?q=gauss").text
        self.assertIn('href="/teaching/"', found)
        self.assertEqual(fetch(self.stack.port, "/no-such-page/").status, 404)

    def test_2_a_routes_slug_is_refused_saying_why(self):
        done = subprocess.run([VITAE, "add", "page", self.db, "blog", "--title", "Blog"], capture_output=True, text=True)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("/blog/ is a path the site's own pages use", done.stderr)
        self.assertEqual(fetch(self.stack.port, "/blog/").status, 200)  # the blog, untouched

    def test_3_an_edit_in_the_editor_shows_on_the_next_request(self):
        cookies = self.session()
        form = self.request("GET", "/_vitae/edit/default/pages/teaching", cookies=cookies)
        self.assertEqual(form.status, 200, form.body)
        version = re.search(r'name="version" value="([^"]+)"', form.body).group(1)
        csrf = re.search(r'name="csrf" value="([^"]+)"', form.body).group(1)
        saved = self.post("/_vitae/edit/default/pages/teaching",
                          {"csrf": csrf, "version": version, "title": "Courses", "body_format": "markdown",
                           "body": "Office hours on *Tuesdays*."}, cookies=cookies)
        self.assertEqual(saved.status, 303, saved.body)
        text = fetch(self.stack.port, "/teaching/").text  # the next request
        self.assertIn("<h1>Courses</h1>", text)
        self.assertIn("<em>Tuesdays</em>", text)
        self.assertNotIn('href="/teaching/"', nav_of(text))  # out of the menu: the box was left unticked
        self.assertIn("Tuesdays", fetch(self.stack.port, "/search/?q=tuesdays").text)


class PagePublished(ServedSite):
    PREFIX = "vitae-pages-published-"

    @classmethod
    def populate(cls):
        add_teaching(cls.dir, cls.db)
        wait_until(lambda: fetch(cls.stack.port, "/teaching/").status == 200, "the worker never served /teaching/", cls.stack)

    def test_the_fast_path_writes_the_page_where_nginx_serves_it(self):
        self.wait_for(lambda: os.path.exists(self.published("/teaching/")), "/teaching/index.html published")
        with open(self.published("/teaching/"), encoding="utf-8") as f:
            self.assertIn("<h1>Teaching</h1>", f.read())
        self.assertIn("<h1>Teaching</h1>", fetch(self.stack.port, "/teaching/").text)


if __name__ == "__main__":
    unittest.main()

"""The content accessibility rules where the editor meets them, through the
shipped nginx and the real vitae-admin: the dashboard lists the site's
findings (the same list as `vitae check --accessibility`), each linked to
the page that fixes it; an upload of a picture without a description, or
a page whose Markdown has a picture without one, is refused (400, the
reason named) and nothing is stored; ticking "Decorative" stores it. The
public page shows the body as the rules leave it: a `#` heading as h2, an
empty link as its words, a Korean word in its lang.

    VITAE_BUILD_DIR=build/dev python3 -m unittest -v test_accessibility_findings
"""
import html
import os
import re
import shutil
import sqlite3
import subprocess
import unittest
import uuid

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402
from editor_session import EditorRequests, add_user  # noqa: E402
from media import VITAE, png  # noqa: E402

DASHBOARD = "/_vitae/edit/default/"
BODY = ("# Results\n\n##### Deep\n\n![](https://example.org/plot.png) See the [Slides]() "
        "and [here](https://example.org/s.pdf); 안녕하세요.\n")


def multipart(fields, name, filename, data):
    """A form as a browser sends it with one file: (body, content type)."""
    boundary = "vitae-" + uuid.uuid4().hex
    parts = [b"--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n"
             % (boundary.encode(), k.encode(), v.encode()) for k, v in fields.items()]
    parts.append(b"--%s\r\nContent-Disposition: form-data; name=\"%s\"; filename=\"%s\"\r\n"
                 b"Content-Type: application/octet-stream\r\n\r\n" % (boundary.encode(), name.encode(), filename.encode())
                 + data + b"\r\n")
    return b"".join(parts) + b"--%s--\r\n" % boundary.encode(), "multipart/form-data; boundary=" + boundary


class EditorFindings(EditorRequests, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-a11y-findings-")
        body = os.path.join(cls.dir, "results.md")
        with open(body, "w", encoding="utf-8") as f:
            f.write(BODY)
        subprocess.run([VITAE, "add", "page", cls.db, "results", "--title", "Results", "--body-file", body],
                       check=True, capture_output=True, timeout=30)
        cls.auth = os.path.join(cls.dir, "auth.db")
        add_user(cls.auth, "alice", "default")
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=1, admin=True, auth=cls.auth).__enter__()
        cls.origin = "http://127.0.0.1:%d" % cls.stack.port

    @classmethod
    def tearDownClass(cls):
        cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def setUp(self):
        self.cookies = self.session()
        self.csrf = self.csrf_of(self.cookies)

    def stored(self, sql, *args):
        with sqlite3.connect(self.db, timeout=10) as db:
            return db.execute(sql, args).fetchall()

    def upload(self, fields, filename, data):
        body, content_type = multipart(dict({"csrf": self.csrf, "version": "new", "name": ""}, **fields),
                                       "upload", filename, data)
        return self.request("POST", "/_vitae/edit/default/files/new", body=body, cookies=self.cookies,
                            headers={"Content-Type": content_type, "Origin": self.origin})

    def test_the_dashboard_lists_each_finding_linked_to_where_it_is_fixed_as_the_cli_does(self):
        page = self.request("GET", DASHBOARD, cookies=self.cookies)
        self.assertEqual(page.status, 200, page.body)
        section = page.body[page.body.index('<section class="edit-accessibility"'):]
        items = re.findall(r'<li><a href="([^"]+)">([^<]+)</a>: <strong>([a-z-]+)</strong>: ([^<]*)</li>', section)
        found = {(html.unescape(where), rule) for _, where, rule, _ in items}
        self.assertIn(('page "results" body', "heading-jump"), found)
        self.assertIn(('page "results" body', "empty-link"), found)
        self.assertIn(('page "results" body', "vague-link-text"), found)
        self.assertIn(('page "results" body', "image-description"), found)
        # The seed's bio says 瓜皮 in an English paragraph: Han alone names no one language.
        self.assertIn(('paragraph "3" markdown', "unknown-script"), found)
        urls = {html.unescape(where): url for url, where, _, _ in items}
        self.assertEqual(urls['page "results" body'], "/_vitae/edit/default/pages/results")
        self.assertEqual(urls['paragraph "3" markdown'], "/_vitae/edit/default/bio")
        # The same list, counted, as `vitae check --accessibility` (exit 3: there are findings).
        done = subprocess.run([VITAE, "check", self.db, "--accessibility"], capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 3, done.stdout + done.stderr)
        self.assertEqual(done.stdout.count("\naccessibility: ") - 1, len(items), done.stdout)
        self.assertIn("%d finding(s)" % len(items), done.stdout)

    def test_the_public_page_shows_the_body_as_the_rules_leave_it(self):
        page = fetch(self.stack.port, "/results/").text
        self.assertEqual(page.count("<h1"), 1, page)
        self.assertIn('<h2 id="results">Results</h2>', page)
        self.assertIn("See the Slides and", page)
        self.assertIn('<span lang="ko">안녕하세요</span>', page)

    def test_a_picture_without_a_description_is_refused_and_nothing_is_stored(self):
        before = self.stored("SELECT name FROM file ORDER BY name")
        answer = self.upload({"alt": ""}, "lab.png", png(4, 3))
        self.assertEqual(answer.status, 400, answer.body)
        self.assertIn("a picture needs what it shows (alt text)", answer.body)
        self.assertIn("Decorative", answer.body)
        self.assertEqual(self.stored("SELECT name FROM file ORDER BY name"), before)
        kept = self.upload({"alt": "", "decorative": "1"}, "rule.png", png(4, 3))
        self.assertEqual(kept.status, 303, kept.body)
        self.assertEqual(self.stored("SELECT alt FROM file WHERE name = 'rule.png'"), [("",)])

    def test_a_page_whose_markdown_has_a_picture_without_words_is_refused(self):
        form = self.request("GET", "/_vitae/edit/default/pages/new", cookies=self.cookies)
        self.assertEqual(form.status, 200, form.body)
        answer = self.post("/_vitae/edit/default/pages/new",
                           {"csrf": self.csrf, "version": "new", "slug": "gallery", "title": "Gallery",
                            "body_format": "markdown", "body": "Look: ![](https://example.org/cat.png)"},
                           cookies=self.cookies)
        self.assertEqual(answer.status, 400, answer.body)
        self.assertIn("has a picture that does not say what it shows", html.unescape(answer.body))
        self.assertEqual(self.stored("SELECT slug FROM page WHERE slug = 'gallery'"), [])
        done = self.post("/_vitae/edit/default/pages/new",
                         {"csrf": self.csrf, "version": "new", "slug": "gallery", "title": "Gallery",
                          "body_format": "markdown", "body": "Look: ![A cat asleep](https://example.org/cat.png)"},
                         cookies=self.cookies)
        self.assertEqual(done.status, 303, done.body)


if __name__ == "__main__":
    unittest.main()

"""End to end: every page kind's <meta name="description"> and og:description
are the text the page shows, never its Markdown or markup, through nginx and
a real worker.

The shipped site gets, before it is served, a bio paragraph with a Markdown
link to javascript: and the owner's own HTML link (what a search result and a
link preview used to show as source), and, with the vitae tool, a post, a
project and a news item written in Markdown. Each page kind's description is
read from the served HTML: the two tags agree, carry none of the markup, end
on a word and are at most 160 characters.
"""
import html
import html.parser
import os
import sqlite3
import unittest

from e2e_env import BUILD_DIR  # noqa: E402,F401  (first: sets sys.path)
from served import ServedSite, wait_until  # noqa: E402
from client import fetch  # noqa: E402
from media import vitae  # noqa: E402

BIO = ('I study reefs; see [my notes](javascript:alert(3)) and '
       '<a href="https://example.org/safe">a safe link</a> &amp; more. Then a second sentence.')
POST_BODY = "Count-min **sketches** trade [memory](https://example.org/m) for <em>error</em>.\n\n- one row per hash\n"
LONG_WORDS = " ".join(["Łódź"] * 80)


class Head(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.meta = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta":
            key = a.get("name") or a.get("property")
            if key in ("description", "og:description"):
                self.meta.setdefault(key, []).append(a.get("content", ""))


class Descriptions(ServedSite):
    PREFIX = "vitae-descriptions-"

    @classmethod
    def prepare(cls):
        with sqlite3.connect(cls.db) as db:
            first = db.execute("SELECT min(position) FROM profile_paragraph").fetchone()[0]
            db.execute("UPDATE profile_paragraph SET markdown = ? WHERE position = ?", (BIO, first))

    @classmethod
    def populate(cls):
        vitae("add", "post", cls.db, "--slug", "sketch-notes", "--title", "Sketch *Notes*", "--date", "2025-03-14",
              "--body-file", cls.write("post.md", POST_BODY))
        vitae("add", "project", cls.db, "--slug", "reefs", "--title", "Reef Census",
              "--summary", "Counting *coral* with [drones](https://example.org/d) & divers.")
        vitae("add", "project", cls.db, "--slug", "long", "--title", "Long", "--summary", LONG_WORDS)
        vitae("add", "news", cls.db, "--date", "2025-01-02", "--text", "We won a **prize** at <b>ICML</b>.")
        wait_until(lambda: fetch(cls.stack.port, "/projects/long").status == 200, "the projects never showed", cls.stack)

    @classmethod
    def write(cls, name, text):
        path = os.path.join(cls.dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def description(self, path):
        page = fetch(self.stack.port, path)
        self.assertEqual(page.status, 200, path)
        head = Head()
        head.feed(page.text)
        self.assertEqual(len(head.meta.get("description", [])), 1, path)
        self.assertEqual(head.meta["description"], head.meta.get("og:description"), path)
        return head.meta["description"][0]  # entities decoded by the parser: the text a preview shows

    def test_every_page_kind_describes_itself_in_plain_text(self):
        expected = {
            "/": "I study reefs; see my notes and a safe link & more.",
            "/blog/sketch-notes": "Count-min sketches trade memory for error. one row per hash",
            "/projects/reefs": "Counting coral with drones & divers.",
            "/publications/causalmesh": None,
            "/news/": None,
            "/projects/": None,
            "/publications/": None,
            "/blog/": None,
        }
        for path, text in expected.items():
            with self.subTest(path=path):
                d = self.description(path)
                self.assertTrue(d)
                for markup in ("[", "](", "**", "*", "<", "&lt;", "&amp;", "javascript"):
                    self.assertNotIn(markup, d)
                self.assertLessEqual(len(d), 160)
                if text is not None:
                    self.assertEqual(d, text)

    def test_a_long_description_is_cut_at_a_word(self):
        d = self.description("/projects/long")
        self.assertTrue(d.endswith("…"), d)
        self.assertLessEqual(len(d), 160)
        self.assertTrue(d[:-1].endswith("Łódź"), d)
        self.assertEqual(html.unescape(d), d)


if __name__ == "__main__":
    unittest.main()

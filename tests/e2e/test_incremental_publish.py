"""End to end: the fast path rewrites exactly the files an edit changes.

A real worker with --publish (and nginx in front, as shipped) over a copy of
the shipped database. After the first publish, one edit at a time is
committed with Python's sqlite3; once the worker has published the new
version, every file whose inode changed (each write is a rename of a new
file) must be one the edit changes, and each of those must have been
rewritten. The unit test tests/unit/site/page_inputs_test checks the same rule
on every kind of edit; this checks the running fast path applies it.
"""
import os
import re
import shutil
import sqlite3
import time
import unittest

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402

PUBLISH_TIMEOUT_S = 30
PUBLISH_RE = re.compile(r"event=publish generation=(\d+) pages=(\d+) rendered=(\d+)")
# /cv.pdf is written after the other pages, by the publisher's later-pages
# thread (issue 26), which logs a round of its own after each publish.
LATER_RE = re.compile(r"event=publish_later generation=(\d+) pages=(\d+) rendered=(\d+)")


def pages_of(files):
    return {f for f in files if not f.endswith(".gz")}


class IncrementalPublish(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-incremental-")
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=2, publish=True).__enter__()
        cls.wait_for_publish(1)
        cls.wait_for_publish(1, LATER_RE)

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    @classmethod
    def publishes(cls, pattern=PUBLISH_RE):
        return [tuple(map(int, m.groups())) for m in pattern.finditer(cls.stack.worker_stderr())]

    @classmethod
    def wait_for_publish(cls, count, pattern=PUBLISH_RE):
        deadline = time.monotonic() + PUBLISH_TIMEOUT_S
        while len(cls.publishes(pattern)) < count:
            if time.monotonic() > deadline:
                raise AssertionError("no %s #%d in %d s:\n%s" % (pattern.pattern.split()[0], count, PUBLISH_TIMEOUT_S,
                                                                  cls.stack.worker_stderr()))
            time.sleep(0.02)
        return cls.publishes(pattern)[count - 1]

    def files(self):
        root = self.stack.publish_dir
        out = {}
        for directory, _, names in os.walk(root):
            for name in names:
                if name == ".vitae-pages":  # the worker's mark on a directory it may empty
                    continue
                path = os.path.join(directory, name)
                out[os.path.relpath(path, root)] = os.stat(path).st_ino
        return out

    def sql(self, statement, *args):
        con = sqlite3.connect(self.db, timeout=10)
        try:
            con.execute(statement, args)
            con.commit()
        finally:
            con.close()

    def rewritten_by(self, statement, *args):
        """The files the publish after `statement` wrote, added or removed."""
        before = self.files()
        count, later_count = len(self.publishes()), len(self.publishes(LATER_RE))
        self.sql(statement, *args)
        generation, pages, rendered = self.wait_for_publish(count + 1)
        later_generation, later_pages, later_rendered = self.wait_for_publish(later_count + 1, LATER_RE)
        self.assertEqual(later_generation, generation, "the later pages follow the same version")
        pages, rendered = pages + later_pages, rendered + later_rendered
        after = self.files()
        changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
        self.assertEqual(len(pages_of(after)), pages, "every page is published")
        for f in after:  # a .gz only beside a page of 1 KB or more (gzip_min_bytes)
            if f.endswith(".gz"):
                self.assertGreaterEqual(os.path.getsize(os.path.join(self.stack.publish_dir, f[:-3])), 1024, f)
        self.assertEqual(len(pages_of(changed)), rendered, "the publish event counts what it wrote")
        for f in changed - pages_of(changed):
            self.assertIn(f[:-3], changed, "a .gz rewritten without its page")
        return pages_of(changed)

    def test_a_paper_title_rewrites_its_page_exports_and_the_lists_that_show_it(self):
        con = sqlite3.connect(self.db)
        slug, kind = con.execute("SELECT slug, kind FROM publication ORDER BY position LIMIT 1").fetchone()
        con.close()
        changed = self.rewritten_by("UPDATE publication SET title = title || ' (revised)' WHERE slug = ?", slug)
        expected = {
            "publications/%s/index.html" % slug,
            "publications/%s.bib" % slug, "publications/%s.ris" % slug, "publications/%s.json" % slug,
            "publications/index.html", "publications/%s/index.html" % kind, "publications.bib",
            "index.html",  # the shipped home page lists every paper
            "cv/index.html", "cv.pdf", "cv.json",  # and so does the CV
        }
        self.assertEqual(changed, expected)
        with open(os.path.join(self.stack.publish_dir, "publications", slug, "index.html"), encoding="utf-8") as f:
            self.assertIn("(revised)", f.read())
        self.assertIn("(revised)", fetch(self.stack.port, "/publications/%s" % slug).text)

    def test_a_bio_paragraph_rewrites_the_home_page_alone(self):
        changed = self.rewritten_by(
            "UPDATE profile_paragraph SET markdown = markdown || ' Edited.' "
            "WHERE position = (SELECT MIN(position) FROM profile_paragraph)")
        self.assertEqual(changed, {"index.html"})
        self.assertIn("Edited.", fetch(self.stack.port, "/").text)


if __name__ == "__main__":
    unittest.main()

"""Live changes through the real nginx: edits, replaces, template swaps, SIGHUP.

Every way the owner changes the site while it serves traffic, each under
load from background clients: after the writer's COMMIT/rename/write
returns, the very next request must show the change (read-your-writes), no
page may mix two versions, no request may fail, and bad content must never
go live. VITAE_SWAPS (default 100) sets the swaps per kind.
"""
import json
import os
import re
import shutil
import signal
import sqlite3
import sys
import time
import unittest

from e2e_env import BUILD_DIR, HERE, REPO, TEMPLATES, private_db  # noqa: E402,F401  (first: sets sys.path)
import stack  # noqa: E402
from client import Load, fetch  # noqa: E402

SWAPS = int(os.environ.get("VITAE_SWAPS", "100"))

NAME_RE = re.compile(r"<h1>Owner (\d+)</h1>")
TITLE_RE = re.compile(r"CausalMesh (\d+):")


def consistent(reply):
    """Both markers come from one transaction, so they must agree."""
    name, title = NAME_RE.search(reply.text), TITLE_RE.search(reply.text)
    if name and title and name.group(1) != title.group(1):
        return "mixed versions: name %s, title %s" % (name.group(1), title.group(1))
    return None


def mark(db_path, n):
    """One transaction changing two places; returns once COMMIT has returned."""
    con = sqlite3.connect(db_path, isolation_level=None, timeout=10)
    try:
        con.execute("BEGIN IMMEDIATE")
        con.execute("UPDATE profile SET name = ?", ("Owner %d" % n,))
        con.execute("UPDATE publication SET title = 'CausalMesh %d: A Causal Cache' WHERE slug = 'causalmesh'" % n)
        con.execute("COMMIT")
    finally:
        con.close()


class LiveStack(unittest.TestCase):
    """A stack over private copies of the database and templates."""
    journal_mode = None

    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-swap-")
        if cls.journal_mode:
            con = sqlite3.connect(cls.db)
            con.execute("PRAGMA journal_mode=%s" % cls.journal_mode)
            con.close()
        mark(cls.db, 0)
        cls.templates = os.path.join(cls.dir, "templates")
        shutil.copytree(TEMPLATES, cls.templates)
        cls.stack = stack.Stack(BUILD_DIR, cls.db, cls.templates, threads=4).__enter__()

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def home(self):
        reply = fetch(self.stack.port, "/")
        self.assertEqual(reply.status, 200)
        return reply.text

    def status(self):
        return json.loads(fetch(self.stack.port, "/_vitae/status").text)

    def assert_clean(self, load):
        self.assertGreater(load.count, 0, "the load generator made no requests")
        self.assertEqual(load.bad_status, [], "non-2xx answers under load")
        self.assertEqual(load.errors[:5], [], "bad pages under load")

    def swap_and_check(self, change, expect):
        """Runs SWAPS changes under load; after each, the next request must show it."""
        with Load(self.stack.port, check=consistent) as load:
            for n in range(1, SWAPS + 1):
                change(n)
                body = self.home()
                self.assertIn(expect(n), body, "swap %d not visible on the next request" % n)
        self.assert_clean(load)
        return load


class InPlaceEdits(LiveStack):
    def test_every_commit_is_seen_by_the_next_request(self):
        self.swap_and_check(lambda n: mark(self.db, n), lambda n: "<h1>Owner %d</h1>" % n)


class WalEdits(LiveStack):
    journal_mode = "WAL"

    def test_every_commit_is_seen_by_the_next_request_in_wal_mode(self):
        self.swap_and_check(lambda n: mark(self.db, n), lambda n: "<h1>Owner %d</h1>" % n)


class AtomicReplace(LiveStack):
    def replace(self, n):
        new = os.path.join(self.dir, "new.db")
        shutil.copy(self.db, new)
        mark(new, n)
        os.rename(new, self.db)  # a new inode under the same name

    def test_every_replaced_file_is_seen_by_the_next_request(self):
        self.swap_and_check(self.replace, lambda n: "<h1>Owner %d</h1>" % n)
        self.assertEqual(self.status()["content"]["inode"], os.stat(self.db).st_ino)


class TemplateSwaps(LiveStack):
    def edit(self, n):
        layout = os.path.join(self.templates, "layout.mustache")
        with open(layout, encoding="utf-8") as f:
            text = re.sub(r"<!-- swap \d+ -->\n", "", f.read())
        text = text.replace("<main", "<!-- swap %d -->\n<main" % n, 1)
        if n % 2:  # an editor that writes in place
            with open(layout, "w", encoding="utf-8") as f:
                f.write(text)
        else:      # an editor (or git checkout) that writes aside and renames
            with open(layout + ".tmp", "w", encoding="utf-8") as f:
                f.write(text)
            os.rename(layout + ".tmp", layout)

    def test_every_template_edit_is_seen_by_the_next_request(self):
        self.swap_and_check(self.edit, lambda n: "<!-- swap %d -->" % n)

    def test_a_new_partial_can_be_added_and_used(self):
        with open(os.path.join(self.templates, "greeting.mustache"), "w", encoding="utf-8") as f:
            f.write("<p>new partial</p>")
        post = os.path.join(self.templates, "post.mustache")
        with open(post, encoding="utf-8") as f:
            original = f.read()
        with open(post, "w", encoding="utf-8") as f:
            f.write("{{> greeting}}" + original)
        reply = fetch(self.stack.port, "/blog/linear-attention-visualized")
        self.assertIn("<p>new partial</p>", reply.text)
        with open(post, "w", encoding="utf-8") as f:
            f.write(original)


class Reload(LiveStack):
    def test_sighup_reloads_and_reports_it(self):
        before = self.status()["generation"]
        os.kill(self.stack.worker.pid, signal.SIGHUP)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            status = self.status()
            if status["last_reload"]["reason"] == "SIGHUP":
                break
            time.sleep(0.02)
        self.assertEqual(status["last_reload"]["reason"], "SIGHUP")
        self.assertTrue(status["last_reload"]["ok"])
        self.assertGreater(status["generation"], before)
        self.assertEqual(self.home().count("<h1>Owner 0</h1>"), 1)


class BadContentNeverGoesLive(LiveStack):
    def replace_with(self, write):
        new = os.path.join(self.dir, "bad.db")
        write(new)
        os.rename(new, self.db)

    def assert_still_serving_then_recovers(self, what, error_part):
        good = os.path.join(self.dir, "good.db")
        shutil.copy(self.db, good)
        with Load(self.stack.port, check=consistent) as load:
            self.replace_with(what)
            for _ in range(20):
                self.assertIn("<h1>Owner 0</h1>", self.home())
            status = self.status()
            self.assertFalse(status["last_reload"]["ok"])
            self.assertIn(error_part, status["last_reload"]["error"])
            self.assertIn(self.db, status["last_reload"]["error"])
            shutil.copy(good, good + ".next")
            mark(good + ".next", 7)
            os.rename(good + ".next", self.db)
            self.assertIn("<h1>Owner 7</h1>", self.home())
            mark(self.db, 0)
        self.assert_clean(load)
        self.assertTrue(self.status()["last_reload"]["ok"])

    def test_a_file_that_is_not_sqlite_is_rejected(self):
        def garbage(path):
            with open(path, "wb") as f:
                f.write(b"this is not a database " * 400)
        self.assert_still_serving_then_recovers(garbage, "not a database")

    def test_a_truncated_database_is_rejected(self):
        def truncated(path):
            with open(self.db, "rb") as src, open(path, "wb") as dst:
                dst.write(src.read()[: 3 * 4096])
        self.assert_still_serving_then_recovers(truncated, self.db)

    def test_a_database_without_the_schema_is_rejected(self):
        def foreign(path):
            con = sqlite3.connect(path)
            con.execute("CREATE TABLE notes(x)")
            con.commit()
            con.close()
        self.assert_still_serving_then_recovers(foreign, "schema version 0")

    def test_a_broken_template_is_rejected_and_the_fix_goes_live(self):
        layout = os.path.join(self.templates, "layout.mustache")
        with open(layout, encoding="utf-8") as f:
            original = f.read()
        with Load(self.stack.port) as load:
            with open(layout, "w", encoding="utf-8") as f:
                f.write(original + "{{#unclosed}}")
            self.assertIn("<h1>Owner 0</h1>", self.home())
            status = self.status()
            self.assertFalse(status["last_reload"]["ok"])
            self.assertIn("layout.mustache", status["last_reload"]["error"])
            mark(self.db, 5)  # content edits still go live with the last good templates
            self.assertIn("<h1>Owner 5</h1>", self.home())
            with open(layout, "w", encoding="utf-8") as f:
                f.write(original.replace("<main", "<!-- fixed -->\n<main", 1))
            self.assertIn("<!-- fixed -->", self.home())
            mark(self.db, 0)
        self.assert_clean(load)


if __name__ == "__main__":
    unittest.main()

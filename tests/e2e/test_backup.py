"""`vitae backup` and `vitae restore` against the live stack.

The real worker serves a private copy of the database through nginx while
a writer commits edits in a loop (each edit changes the owner's name and a
title to the same number in one transaction) and a load generator reads
pages. `vitae backup` runs several times meanwhile: each copy must pass
integrity_check and be one committed state (the two numbers agree). Then
`vitae restore` puts the oldest copy back, and the very next request through
nginx must show its content; the replaced content is kept as DB.bak-<time>.
"""
import glob
import os
import shutil
import sqlite3
import subprocess
import tempfile
import threading
import time
import unittest

from e2e_env import BUILD_DIR, DB, TEMPLATES  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import Load, fetch  # noqa: E402
from test_live_swap import consistent, mark  # noqa: E402

VITAE_CLI = os.path.join(BUILD_DIR, "cli", "vitae")
BACKUPS = 6
EDITS_TIMEOUT_S = 60  # for the 20 commits between two backups


def vitae(*args):
    return subprocess.run([VITAE_CLI, *args], capture_output=True, text=True, timeout=60)


def marks_in(path):
    """(integrity_check, owner number, title number) of a database file."""
    con = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    try:
        check = con.execute("PRAGMA integrity_check").fetchone()[0]
        name = con.execute("SELECT name FROM profile").fetchone()[0]
        title = con.execute("SELECT title FROM publication WHERE slug = 'causalmesh'").fetchone()[0]
    finally:
        con.close()
    return check, int(name.split()[-1]), int(title.split()[1].rstrip(":"))


class Editor(threading.Thread):
    """Commits mark(n) for n = start, start + 1, ... until stopped."""

    def __init__(self, db, start):
        super().__init__(daemon=True)
        self.db, self.n, self.stop, self.errors = db, start, threading.Event(), []

    def run(self):
        while not self.stop.is_set():
            try:
                mark(self.db, self.n + 1)
                self.n += 1
            except sqlite3.Error as e:  # locked beyond the 10 s timeout: a real failure
                self.errors.append(str(e))
            time.sleep(0.002)


class BackupRestore(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="vitae-backup-")
        os.chmod(self.dir, 0o755)
        self.db = os.path.join(self.dir, "site.db")
        shutil.copy(DB, self.db)
        mark(self.db, 0)
        self.backups = os.path.join(self.dir, "backups")
        os.mkdir(self.backups)
        self.stack = stack.Stack(BUILD_DIR, self.db, TEMPLATES, threads=4).__enter__()

    def tearDown(self):
        code = self.stack.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
        self.assertEqual(code, 0, "worker exit code")

    def home(self):
        reply = fetch(self.stack.port, "/")
        self.assertEqual(reply.status, 200)
        return reply.text

    def test_backups_under_edits_are_consistent_and_restore_goes_live(self):
        editor = Editor(self.db, 0)
        copies = []
        with Load(self.stack.port, check=consistent) as load:
            editor.start()
            for i in range(BACKUPS):
                deadline = time.monotonic() + EDITS_TIMEOUT_S
                while editor.n < 20 * (i + 1):  # commits between every two backups
                    if time.monotonic() > deadline:
                        editor.stop.set()
                        self.fail("only %d commits within %d s: %r" % (editor.n, EDITS_TIMEOUT_S, editor.errors))
                    time.sleep(0.01)
                dest = os.path.join(self.backups, "site-%d.db" % i)
                ran = vitae("backup", self.db, dest)
                self.assertEqual(ran.returncode, 0, ran.stderr)
                self.assertEqual(ran.stdout, "backed up %s to %s\n" % (self.db, dest))
                copies.append(dest)
            editor.stop.set()
            editor.join()
        self.assertEqual(editor.errors, [])
        self.assertEqual(load.bad_status, [], "non-2xx answers while backing up")
        self.assertEqual(load.errors[:5], [], "pages mixing two versions")
        # Nothing but the copies: no temp file or journal left beside them.
        self.assertEqual(sorted(os.listdir(self.backups)), sorted(os.path.basename(c) for c in copies))

        numbers = []
        for path in copies:
            check, owner, title = marks_in(path)
            self.assertEqual(check, "ok", path)
            self.assertEqual(owner, title, "%s is not one committed state" % path)
            numbers.append(owner)
        self.assertEqual(numbers, sorted(numbers), "copies are not in commit order")
        self.assertGreater(numbers[-1], numbers[0], "no edit committed between the backups")
        self.assertIn("<h1>Owner %d</h1>" % editor.n, self.home())

        # A file the worker would refuse is refused before anything changes.
        bad = os.path.join(self.dir, "bad.db")
        with open(bad, "w") as f:
            f.write("not a database " * 10)
        ran = vitae("restore", self.db, bad)
        self.assertEqual(ran.returncode, 1)
        self.assertIn(bad, ran.stderr)
        self.assertIn("<h1>Owner %d</h1>" % editor.n, self.home())

        # Back to the oldest copy: the next request shows it, old content kept.
        inode = os.stat(self.db).st_ino
        with Load(self.stack.port, check=consistent) as load:
            ran = vitae("restore", self.db, copies[0])
            self.assertEqual(ran.returncode, 0, ran.stderr)
            body = self.home()
        self.assertEqual(load.bad_status, [], "non-2xx answers while restoring")
        self.assertEqual(load.errors[:5], [])
        self.assertIn("<h1>Owner %d</h1>" % numbers[0], body)
        self.assertIn("CausalMesh %d:" % numbers[0], body)
        self.assertNotEqual(os.stat(self.db).st_ino, inode)
        kept = glob.glob(self.db + ".bak-*")
        self.assertEqual(len(kept), 1)
        self.assertIn("(previous content: %s)" % kept[0], ran.stdout)
        self.assertEqual(marks_in(kept[0]), ("ok", editor.n, editor.n))

        # The restored file is the live one: edits to it go live as before.
        mark(self.db, 999999)
        self.assertIn("<h1>Owner 999999</h1>", self.home())


if __name__ == "__main__":
    unittest.main()

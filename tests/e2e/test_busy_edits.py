"""The owner's edits never fail because the site is busy (issue 15).

The real worker (supervisor + 2 processes) serves a private copy of the
database through nginx while a few clients GET pages. Each commit makes every
worker process reload, holding a read transaction; in rollback-journal mode
a reader blocks a writer's COMMIT, so a client that does not wait for it gets
"database is locked". Here each of the three ways the owner edits commits
EDITS edits back to back, in rollback-journal mode and in WAL:

  - the `sqlite3` shell, exactly as README.md and docs/ write the recipe
    (`sqlite3 -cmd '.timeout 5000' DB "UPDATE …"`; Recipes below checks
    that every recipe says so),
  - `vitae import-bibtex` of a one-entry file (the tool's own 5 s timeout),
  - a Python script with the sqlite3 module's default settings (5 s).

No edit may fail, and after every CHECK_EVERY-th edit and the last the very
next request through nginx must show it (the others follow each other with
no request in between: back to back). The worker must not log a refused
reload (a reload that gave up waiting would leave an edit unseen).

Env: VITAE_BUSY_EDITS (default 100 per client per mode), VITAE_BUSY_CHECK_EVERY
(4; 1 checks every edit), VITAE_SHELL_TIMEOUT_MS (5000, as the docs; 0 runs
the shell without a busy timeout, as the docs did before issue 15: then
edits fail). bench/edits runs the same editors 1,000 times each and prints
the figures.
"""
import collections
import glob
import os
import re
import shutil
import sqlite3
import subprocess
import time
import unittest

from e2e_env import BUILD_DIR, REPO, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import Load, fetch  # noqa: E402

EDITS = int(os.environ.get("VITAE_BUSY_EDITS", "100"))
CHECK_EVERY = int(os.environ.get("VITAE_BUSY_CHECK_EVERY", "4"))
SHELL_TIMEOUT_MS = int(os.environ.get("VITAE_SHELL_TIMEOUT_MS", "5000"))
VITAE_CLI = os.path.join(BUILD_DIR, "cli", "vitae")
LOAD_CLIENTS = 3
SUBPROCESS_TIMEOUT_S = 60

# One edit: how long it took, and its error (None when it committed).
Edit = collections.namedtuple("Edit", "seconds error")


class ShellEditor:
    """`sqlite3 -cmd '.timeout 5000' DB "UPDATE …"`: one shell per edit."""
    name = "sqlite3"

    def __init__(self, workdir, timeout_ms=SHELL_TIMEOUT_MS):
        self.timeout_ms = timeout_ms

    def edit(self, db, n):
        options = ["-cmd", ".timeout %d" % self.timeout_ms] if self.timeout_ms else []
        ran = subprocess.run(["sqlite3", *options, db, "UPDATE profile SET name = 'Shell %d'" % n],
                             stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT_S)
        return None if ran.returncode == 0 and not ran.stderr else "exit %d: %s" % (ran.returncode, ran.stderr.strip())

    def shows(self, n):
        return "/", "<h1>Shell %d</h1>" % n


class VitaeEditor:
    """`vitae import-bibtex DB one.bib`: the same entry, a new title each time."""
    name = "vitae"

    def __init__(self, workdir):
        self.bib = os.path.join(workdir, "busy-edit.bib")

    def edit(self, db, n):
        with open(self.bib, "w", encoding="utf-8") as f:
            f.write("@inproceedings{busy-edit,\n  title = {Vitae Edit %d},\n  author = {Haoran Zhang},\n"
                    "  booktitle = {OSDI},\n  year = {2026},\n}\n" % n)
        ran = subprocess.run([VITAE_CLI, "import-bibtex", db, self.bib],
                             stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT_S)
        return None if ran.returncode == 0 else "exit %d: %s" % (ran.returncode, ran.stderr.strip())

    def shows(self, n):
        return "/publications/busy-edit", "Vitae Edit %d" % n


class PythonEditor:
    """A script's edit with Python's sqlite3 defaults (5 s timeout, implicit BEGIN)."""
    name = "python"

    def __init__(self, workdir):
        pass

    def edit(self, db, n):
        try:
            con = sqlite3.connect(db)
            try:
                con.execute("UPDATE publication SET title = ? WHERE slug = 'causalmesh'", ("Python Edit %d" % n,))
                con.commit()
            finally:
                con.close()
        except sqlite3.Error as e:
            return "%s: %s" % (type(e).__name__, e)
        return None

    def shows(self, n):
        return "/publications/causalmesh", "Python Edit %d" % n


EDITORS = (ShellEditor, VitaeEditor, PythonEditor)


class Run:
    """What one editor's back-to-back edits did: every edit's time and error,
    and the checked edits that the next request did not show."""

    def __init__(self, editor, edits):
        self.editor, self.edits, self.results, self.unseen = editor, edits, [], []

    @property
    def failures(self):
        return [(n, r.error) for n, r in enumerate(self.results, 1) if r.error]


def run_edits(port, db, editor, edits, check_every=CHECK_EVERY):
    """Edits 1..edits back to back; after every check_every-th (and the last)
    the next GET through nginx must show it."""
    run = Run(editor, edits)
    for n in range(1, edits + 1):
        start = time.monotonic()
        error = editor.edit(db, n)
        run.results.append(Edit(time.monotonic() - start, error))
        if error or (n % check_every and n != edits):
            continue
        path, text = editor.shows(n)
        reply = fetch(port, path)
        if reply.status != 200 or text not in reply.text:
            run.unseen.append((n, path, reply.status))
    return run


def edit_under_load(port, db, editor, edits, check_every=CHECK_EVERY, clients=LOAD_CLIENTS):
    """run_edits while `clients` threads GET the home page; returns (Run, Load)."""
    with Load(port, clients=clients) as load:
        run = run_edits(port, db, editor, edits, check_every)
    return run, load


def set_journal_mode(db, mode):
    con = sqlite3.connect(db, isolation_level=None)
    try:
        return con.execute("PRAGMA journal_mode = %s" % mode).fetchone()[0]
    finally:
        con.close()


class BusyEdits:
    """Mixin: one stack over a private copy in `journal_mode`, one test per editor."""
    journal_mode = None

    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-busy-")
        os.chmod(cls.dir, 0o755)
        assert set_journal_mode(cls.db, cls.journal_mode) == cls.journal_mode
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES).__enter__()

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def check_editor(self, editor_class):
        editor = editor_class(self.dir)
        run, load = edit_under_load(self.stack.port, self.db, editor, EDITS)
        label = "%s, %s journal" % (editor.name, self.journal_mode)
        self.assertEqual(run.failures[:5], [], "%s: %d of %d edits failed" % (label, len(run.failures), EDITS))
        self.assertEqual(run.unseen[:5], [], "%s: edits not shown by the next request" % label)
        self.assertGreater(load.count, 0, "the load generator made no requests")
        self.assertEqual(load.bad_status, [], "non-2xx answers under load")
        self.assertEqual(load.errors[:5], [], "failed requests under load")
        refused = [line for line in self.stack.worker_stderr().splitlines() if "event=reload_rejected" in line]
        self.assertEqual(refused[:3], [], "the worker refused a reload")
        self.assertEqual(self.mode_now(), self.journal_mode, "an editor changed the journal mode")

    def mode_now(self):
        con = sqlite3.connect("file:%s?mode=ro" % self.db, uri=True)
        try:
            return con.execute("PRAGMA journal_mode").fetchone()[0]
        finally:
            con.close()

    def test_sqlite3_shell_edits_never_fail(self):
        self.check_editor(ShellEditor)

    def test_vitae_edits_never_fail(self):
        self.check_editor(VitaeEditor)

    def test_python_sqlite3_edits_never_fail(self):
        self.check_editor(PythonEditor)


class RollbackJournal(BusyEdits, unittest.TestCase):
    journal_mode = "delete"


class Wal(BusyEdits, unittest.TestCase):
    journal_mode = "wal"


# A `sqlite3` command in the docs: the word followed by an option, a path or
# a quoted argument (prose such as "the `sqlite3` shell" does not match).
SHELL_COMMAND = re.compile(r"(?<![\w./-])sqlite3 +((?:[-/'\"]|\S*\.db\b|DB\b).*)")


class Recipes(unittest.TestCase):
    def test_every_sqlite3_recipe_sets_a_busy_timeout(self):
        docs = [os.path.join(REPO, "README.md")] + sorted(glob.glob(os.path.join(REPO, "docs", "*.md")))
        found, missing = 0, []
        for path in docs:
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    for match in SHELL_COMMAND.finditer(line):
                        found += 1
                        if not match.group(1).startswith("-cmd '.timeout 5000'"):
                            missing.append("%s:%d: %s" % (os.path.relpath(path, REPO), number, line.strip()))
        self.assertGreater(found, 0, "no sqlite3 recipe found: is the pattern still right?")
        self.assertEqual(missing, [], "recipes without the busy timeout")


if __name__ == "__main__":
    unittest.main()

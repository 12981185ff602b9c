"""The vitae-fcgi command line, run directly: options, startup errors, exit codes.

Startup errors must be one clear line on stderr naming what is wrong (the
option, the file, the template), with a non-zero exit, because that line is
all systemd's journal shows. Stdlib only.

Env: VITAE_BUILD_DIR (holds vitae-fcgi), VITAE_DB, VITAE_TEMPLATES; default
build/dev, build/dev/site.db and templates/ of this checkout.
"""
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import seed  # noqa: E402

BUILD_DIR = os.environ.get("VITAE_BUILD_DIR", os.path.join(REPO, "build", "dev"))
DB = os.path.abspath(os.environ.get("VITAE_DB", os.path.join(BUILD_DIR, "site.db")))
TEMPLATES = os.path.abspath(os.environ.get("VITAE_TEMPLATES", os.path.join(REPO, "templates")))
WORKER = os.path.join(os.path.abspath(BUILD_DIR), "vitae-fcgi")
RUN_TIMEOUT_S = 20  # generous: the asan build starts slower
STOP_TIMEOUT_S = 5


# The worker also reads VITAE_* variables (VITAE_DB...); CTest sets some of
# them for us, so the worker runs without them and sees only its arguments.
CLEAN_ENV = {k: v for k, v in os.environ.items() if not k.startswith("VITAE_")}


def run(*args):
    return subprocess.run([WORKER, *args], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=RUN_TIMEOUT_S, env=CLEAN_ENV)


def stderr_lines(p):
    return [line for line in p.stderr.splitlines() if line.strip()]


class Cli(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="vitae-cli-")
        self.addCleanup(shutil.rmtree, self.tmp, True)

    def path(self, name):
        return os.path.join(self.tmp, name)

    def assertFailsWithOneLine(self, p, *needles):
        self.assertNotEqual(p.returncode, 0, "expected a failure exit")
        lines = stderr_lines(p)
        self.assertEqual(len(lines), 1, "expected one error line, got:\n" + p.stderr)
        for needle in needles:
            self.assertIn(needle.lower(), lines[0].lower())

    def test_help_prints_usage_and_exits_0(self):
        p = run("--help")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("usage", p.stdout.lower())
        self.assertIn("--db", p.stdout)

    def test_version_exits_0(self):
        p = run("--version")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertRegex(p.stdout, r"\d+\.\d+")

    def test_unknown_option_is_named_in_one_line(self):
        p = run("--db", DB, "--templates", TEMPLATES, "--no-such-option")
        self.assertFailsWithOneLine(p, "--no-such-option")

    def test_missing_db_option_is_an_error(self):
        p = run("--templates", TEMPLATES)
        self.assertFailsWithOneLine(p, "--db")

    def test_nonexistent_db_file_is_named(self):
        missing = self.path("absent.db")
        p = run("--db", missing, "--templates", TEMPLATES)
        self.assertFailsWithOneLine(p, missing)
        self.assertFalse(os.path.exists(missing), "the worker must not create the database")

    def test_file_that_is_not_sqlite_is_named(self):
        garbage = self.path("garbage.db")
        with open(garbage, "wb") as f:
            f.write(b"this is not an sqlite database\n" * 200)
        p = run("--db", garbage, "--templates", TEMPLATES)
        self.assertFailsWithOneLine(p, garbage)

    def test_database_without_schema_mentions_schema(self):
        empty = self.path("empty.db")
        with sqlite3.connect(empty) as c:
            c.execute("CREATE TABLE unrelated (x)")
        c.close()
        p = run("--db", empty, "--templates", TEMPLATES)
        self.assertFailsWithOneLine(p, "schema")

    def test_broken_template_is_named(self):
        broken_dir = self.path("templates")
        shutil.copytree(TEMPLATES, broken_dir)
        with open(os.path.join(broken_dir, "home.mustache"), "a", encoding="utf-8") as f:
            f.write("{{#unclosed}}\n")
        p = run("--db", DB, "--templates", broken_dir)
        self.assertFailsWithOneLine(p, "home.mustache")

    def test_render_prints_the_homepage(self):
        p = run("--db", DB, "--templates", TEMPLATES, "--render", "/")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("<html lang=", p.stdout)
        self.assertIn(seed.load().name, p.stdout)

    def test_sigterm_exits_0_within_5_s(self):
        sock = self.path("fcgi.sock")
        proc = subprocess.Popen([WORKER, "--db", DB, "--templates", TEMPLATES,
                                 "--listen", "unix:" + sock, "--threads", "2"],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, env=CLEAN_ENV)
        try:
            deadline = time.monotonic() + RUN_TIMEOUT_S
            while not self._listening(sock):
                if proc.poll() is not None:
                    self.fail("worker exited early (%d): %s" % (proc.returncode, proc.stderr.read()))
                self.assertLess(time.monotonic(), deadline, "socket never accepted")
                time.sleep(0.02)
            proc.send_signal(signal.SIGTERM)
            try:
                code = proc.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.fail("worker still running %d s after SIGTERM" % STOP_TIMEOUT_S)
            self.assertEqual(code, 0, proc.stderr.read())
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stderr.close()

    def test_sigterm_while_the_site_loads_exits_0(self):
        # systemd may stop a worker that has not finished starting (a restart
        # soon after a start, on a busy machine). The stop must still be a
        # graceful one: exit 0, not death by SIGTERM's default action. This
        # test holds the database's write lock, so the worker's load waits
        # (its busy timeout), sends SIGTERM once the worker has the database
        # open, and only then lets the load go on.
        db = self.path("site.db")
        shutil.copy(DB, db)
        lock = sqlite3.connect(db, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")
        proc = subprocess.Popen([WORKER, "--db", db, "--templates", TEMPLATES,
                                 "--listen", "unix:" + self.path("fcgi.sock"), "--threads", "2"],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, env=CLEAN_ENV)
        try:
            deadline = time.monotonic() + RUN_TIMEOUT_S
            while not self._has_open(proc.pid, db):
                if proc.poll() is not None:
                    self.fail("worker exited early (%d): %s" % (proc.returncode, proc.stderr.read()))
                self.assertLess(time.monotonic(), deadline, "the worker never opened its database")
                time.sleep(0.005)
            proc.send_signal(signal.SIGTERM)
            lock.execute("ROLLBACK")
            try:
                code = proc.wait(STOP_TIMEOUT_S + RUN_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.fail("worker still running after SIGTERM")
            self.assertEqual(code, 0, proc.stderr.read())
        finally:
            lock.close()
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stderr.close()

    @staticmethod
    def _has_open(pid, path):
        fds = "/proc/%d/fd" % pid
        try:
            names = os.listdir(fds)
        except OSError:
            return False
        for name in names:
            try:
                if os.readlink(os.path.join(fds, name)) == path:
                    return True
            except OSError:
                pass
        return False

    @staticmethod
    def _listening(path):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(1.0)
            try:
                s.connect(path)
                return True
            except OSError:
                return False


if __name__ == "__main__":
    unittest.main()

"""One site served for a test class: a private copy of the shipped database,
a real worker with the fast path (--publish) and nginx in front, as shipped.

A test class subclasses ServedSite and sets PREFIX; `prepare` edits the
copy before it is served (SQL), `populate` edits it while served (the vitae
tool), as an owner would. Also what those classes ask of a page: its nav,
the sitemap's paths, waiting for the fast path's copies (it rewrites them
just after a commit is loaded, not with it).
"""
import os
import shutil
import time
import unittest
import xml.etree.ElementTree as ET

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
WAIT_S = 20


def wait_until(check, what, served=None):
    """Polls `check` until true, at most WAIT_S; fails naming `what` (and the worker's last words)."""
    deadline = time.monotonic() + WAIT_S
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("%s: not within %d s\n%s" % (
                what, WAIT_S, served.worker_stderr()[-3000:] if served else ""))
        time.sleep(0.05)


def nav_of(page):
    return page.split('<nav aria-label="Site">', 1)[1].split("</nav>", 1)[0]


def sitemap_paths(port):
    root = ET.fromstring(fetch(port, "/sitemap.xml").body)
    return [loc.text for loc in root.iter(SITEMAP + "loc")]


class ServedSite(unittest.TestCase):
    PREFIX = "vitae-e2e-"

    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db(cls.PREFIX)
        cls.prepare()
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=2, publish=True).__enter__()
        try:
            cls.populate()
        except BaseException:
            cls.tearDownClass()
            raise

    @classmethod
    def prepare(cls):
        """Before the site is served: edit cls.db (in cls.dir)."""

    @classmethod
    def populate(cls):
        """While the site is served: edit it as its owner would."""

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def wait_for(self, check, what):
        try:
            wait_until(check, what, self.stack)
        except AssertionError as e:
            self.fail(str(e))

    def published(self, path):
        """Where the fast path writes the page at `path` (a directory's index.html)."""
        return os.path.join(self.stack.publish_dir, path.lstrip("/"), "index.html")

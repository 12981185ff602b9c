"""`vitae sync` against a local server replaying recorded API answers.

The replay server (tests/tools/replay_server.py) serves the recordings in
tests/fixtures/sync (see PROVENANCE.md) and the faults a real service shows:
429 with Retry-After, 500, a truncated body, garbage, a server that never
answers; a closed port is one nobody listens on. Every fault must exit
non-zero with a line naming it and leave the database byte for byte as it
was; a partial success exits 3. The citation count is checked in the
worker's own render of the paper's page.
"""
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import time
import unittest

from e2e_env import BUILD_DIR, DB, REPO, TEMPLATES
from replay import RECORDINGS, ReplayServer, digest, dump

VITAE = os.path.join(BUILD_DIR, "cli", "vitae")
WORKER = os.path.join(BUILD_DIR, "vitae-fcgi")
AUTHOR = "A5000000000"


def count(path, table):
    with sqlite3.connect(path) as db:
        return db.execute("SELECT count(*) FROM " + table).fetchone()[0]


class SyncTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="vitae-sync-")
        cls.server = ReplayServer(cls.dir)
        cls.base, cls.log = cls.server.base, cls.server.log
        closed = socket.socket()
        closed.bind(("127.0.0.1", 0))
        cls.closed_port = closed.getsockname()[1]
        closed.close()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        shutil.rmtree(cls.dir)

    def setUp(self):
        self.db = os.path.join(tempfile.mkdtemp(dir=self.dir), "site.db")
        shutil.copy(DB, self.db)

    def env(self, openalex=None, orcid=None):
        env = dict(os.environ, VITAE_SYNC_TODAY="2026-12-01", VITAE_SYNC_TIMEOUT_MS="1000",
                   VITAE_OPENALEX_API=openalex or self.base + "/openalex",
                   VITAE_CROSSREF_API=self.base + "/crossref",
                   VITAE_ORCID_API=orcid or self.base + "/orcid")
        return env

    def sync(self, *args, **env):
        return subprocess.run([VITAE, "sync", self.db, *args], capture_output=True, text=True, timeout=30,
                              env=self.env(**env), stdin=subprocess.DEVNULL)

    def test_review_then_accept_then_nothing_changes_and_the_page_shows_the_count(self):
        before = count(self.db, "publication")
        first = self.sync("--openalex", AUTHOR, "--crossref")
        self.assertEqual(first.returncode, 0, first.stderr)
        self.assertIn("review openalex:W2741809807", first.stdout)
        self.assertEqual(count(self.db, "publication"), before, "new works wait for review")
        self.assertEqual(count(self.db, "sync_review"), 2)
        review = self.sync("--review")
        self.assertIn("2 waiting for review", review.stdout)

        accepted = self.sync("--openalex", AUTHOR, "--crossref", "--accept")
        self.assertEqual(accepted.returncode, 0, accepted.stderr)
        self.assertEqual(count(self.db, "publication"), before + 2)
        self.assertEqual(count(self.db, "sync_review"), 0)
        with sqlite3.connect(self.db) as db:
            slug, volume = db.execute("SELECT slug, volume FROM publication WHERE doi = '10.1371/journal.pone.0033693'").fetchone()
            counts = dict(db.execute("SELECT c.service, c.count FROM citation_count c JOIN publication p "
                                     "ON p.id = c.publication_id WHERE p.slug = ?", (slug,)).fetchall())
        self.assertEqual(volume, "7")
        self.assertEqual(counts, {"openalex": 126, "crossref": 72})

        settled = dump(self.db)
        again = self.sync("--openalex", AUTHOR, "--crossref")
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertIn("2 known, 0 to update, 0 new", again.stdout)
        self.assertEqual(dump(self.db), settled, "a second sync with nothing new changes no row")

        page = subprocess.run([WORKER, "--db", self.db, "--templates", TEMPLATES, "--render", "/publications/" + slug],
                              capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        self.assertEqual(page.returncode, 0, page.stderr)
        self.assertIn("Cited by 126 · OpenAlex, 2026-12-01", page.stdout)
        listing = subprocess.run([WORKER, "--db", self.db, "--templates", TEMPLATES, "--render", "/publications/"],
                                 capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        self.assertIn("Cited 520 times in all", listing.stdout)
        with open(self.log) as f:
            self.assertIn('"user_agent": "vitae-sync/', f.read())

    def test_dry_run_writes_nothing(self):
        before = digest(self.db)
        out = self.sync("--openalex", AUTHOR, "--crossref", "--accept", "--dry-run")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("add openalex:W2741809807", out.stdout)
        self.assertIn("dry run: nothing written", out.stdout)
        self.assertEqual(digest(self.db), before)

    def test_remembered_ids_are_used(self):
        subprocess.run([VITAE, "set", "sync", self.db, "openalex", AUTHOR], check=True, capture_output=True)
        out = self.sync()
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("2 new", out.stdout)

    def test_a_429_with_retry_after_is_waited_for(self):
        out = self.sync("--openalex", AUTHOR, openalex=self.base + "/fault/429/openalex")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("2 new", out.stdout)

    def test_every_fault_fails_with_one_line_and_leaves_the_database_as_it_was(self):
        faults = {
            "429-always": "HTTP 429 after 3 attempts",
            "500": "HTTP 500",
            "truncated": "openalex works page 1",
            "garbage": "not a page of works",
            "hang": "Timeout",
        }
        for fault, expected in faults.items():
            with self.subTest(fault=fault):
                before = digest(self.db)
                started = time.monotonic()
                out = self.sync("--openalex", AUTHOR, openalex=self.base + "/fault/" + fault + "/openalex")
                self.assertEqual(out.returncode, 1, out.stdout + out.stderr)
                self.assertIn(expected, out.stderr)
                self.assertIn("no service answered", out.stderr)
                self.assertEqual(digest(self.db), before)
                self.assertLess(time.monotonic() - started, 10)
        before = digest(self.db)
        out = self.sync("--openalex", AUTHOR, openalex="http://127.0.0.1:%d/openalex" % self.closed_port)
        self.assertEqual(out.returncode, 1)
        self.assertRegex(out.stderr, r"openalex works page 1: .*(Couldn't connect|Could not connect)")
        self.assertEqual(digest(self.db), before)

    def test_a_partial_success_says_so_and_exits_3(self):
        out = self.sync("--openalex", AUTHOR, "--orcid", "0000-0002-7319-2192", orcid=self.base + "/fault/500/orcid")
        self.assertEqual(out.returncode, 3, out.stdout + out.stderr)
        self.assertIn("orcid works of 0000-0002-7319-2192", out.stderr)
        self.assertIn("done in part", out.stderr)
        self.assertEqual(count(self.db, "sync_review"), 2)

    def test_orcid_groups_are_one_work_each(self):
        out = self.sync("--orcid", "0000-0002-7319-2192")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("review orcid:178602 Work Title (2012)", out.stdout)

    def test_an_orcid_record_whose_titles_repeat_keeps_every_doi(self):
        # A real record (PROVENANCE.md counts it): 111 groups, 97 DOIs, data
        # sets and figshare versions under their papers' and items' titles;
        # by the work-identity rule 98 works.
        with open(os.path.join(RECORDINGS, "orcid", "works-0000-0003-1444-9135.json")) as f:
            recorded = {i["external-id-value"].lower() for g in json.load(f)["group"]
                        for i in (g["external-ids"] or {}).get("external-id", []) if i["external-id-type"] == "doi"}
        self.assertEqual(len(recorded), 97)
        before = count(self.db, "publication")
        out = self.sync("--orcid", "0000-0003-1444-9135", "--accept")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("0 known, 0 to update, 98 to add", out.stdout)
        self.assertEqual(count(self.db, "publication"), before + 98)
        with sqlite3.connect(self.db) as db:
            stored = {doi for (doi,) in db.execute("SELECT lower(doi) FROM publication WHERE doi <> ''")}
        self.assertEqual(recorded - stored, set(), "every DOI of the record is a publication's")


if __name__ == "__main__":
    unittest.main()

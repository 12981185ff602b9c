"""`vitae sync` from DBLP, INSPIRE and ORCID's full records, and a registry's sites.

Against the replay server (tests/tools/replay_server.py) serving the
recordings of tests/fixtures/sync (PROVENANCE.md): a DBLP person file, INSPIRE
literature pages, an ORCID works list and its full records by put-code. The
faults (500, garbage, a truncated body) must exit non-zero with one line
naming the service and leave the database byte for byte as it was.
`vitae sync SITES` syncs every site that remembers ids, one line each.
"""
import os
import shutil
import sqlite3
import subprocess
import tempfile
import unittest

from e2e_env import BUILD_DIR, DB, REPO
from replay import RECORDINGS, ReplayServer, digest, dump

VITAE = os.path.join(BUILD_DIR, "cli", "vitae")
PID = "95/7448-1"
BAI = "F.Becattini.1"
ORCID = "0000-0002-0613-2229"


def rows(path, sql, *args):
    with sqlite3.connect(path) as db:
        return db.execute(sql, args).fetchall()


class SyncSourcesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="vitae-sync-sources-")
        cls.server = ReplayServer(cls.dir)
        cls.base, cls.log = cls.server.base, cls.server.log

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        shutil.rmtree(cls.dir)

    def setUp(self):
        self.db = os.path.join(tempfile.mkdtemp(dir=self.dir), "site.db")
        shutil.copy(DB, self.db)

    def env(self, fault=""):
        prefix = self.base + ("/fault/" + fault if fault else "")
        return dict(os.environ, VITAE_SYNC_TODAY="2026-12-01", VITAE_SYNC_TIMEOUT_MS="1000",
                    VITAE_DBLP_API=prefix + "/dblp", VITAE_INSPIRE_API=prefix + "/inspire",
                    VITAE_ORCID_API=prefix + "/orcid", VITAE_OPENALEX_API=prefix + "/openalex",
                    VITAE_CROSSREF_API=self.base + "/crossref")

    def vitae(self, *args, fault=""):
        return subprocess.run([VITAE, *args], capture_output=True, text=True, timeout=30,
                              env=self.env(fault), stdin=subprocess.DEVNULL)

    def test_dblp_works_are_added_with_their_keys_and_found_again(self):
        out = self.vitae("sync", self.db, "--dblp", PID, "--accept")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("add dblp:conf/3dtv/Coria-MendozaXN12 Automatic stereoscopic 3D video reframing (2012)", out.stdout)
        self.assertIn("8 to add", out.stdout)
        [(title, venue, doi)] = rows(self.db, "SELECT p.title, p.venue, p.doi FROM publication p JOIN "
                                     "publication_external_id e ON e.publication_id = p.id "
                                     "WHERE e.service = 'dblp' AND e.external_id = 'journals/tvcg/XuDN11'")
        self.assertEqual((title, venue, doi), ("Correction of Clipped Pixels in Color Images",
                                               "IEEE Trans. Vis. Comput. Graph.", "10.1109/tvcg.2010.63"))
        authors = [a for (a,) in rows(self.db, "SELECT a.name FROM publication_author a JOIN publication p "
                                      "ON p.id = a.publication_id WHERE p.title = ? ORDER BY a.position",
                                      "Correction of Clipped Pixels in Color Images")]
        self.assertEqual(authors, ["Di Xu", "Colin Doutre", "Panos Nasiopoulos"])
        settled = dump(self.db)
        again = self.vitae("sync", self.db, "--dblp", PID)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertIn("8 known, 0 to update, 0 new", again.stdout)
        self.assertEqual(dump(self.db), settled)
        with open(self.log) as f:
            self.assertIn('"path": "/dblp/pid/95/7448-1.xml"', f.read())

    def test_inspire_works_come_with_their_citation_count(self):
        out = self.vitae("sync", self.db, "--inspire", BAI, "--accept")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("add inspire:1724811 Extensivity, entropy current, area law and Unruh effect (2019)", out.stdout)
        counts = rows(self.db, "SELECT c.service, c.count, c.counted FROM citation_count c JOIN publication p "
                      "ON p.id = c.publication_id WHERE p.doi = '10.1103/physrevd.99.125011'")
        self.assertEqual(counts, [("inspire", 1, "2026-12-01")])
        [(arxiv, volume, pages)] = rows(self.db, "SELECT arxiv, volume, pages FROM publication "
                                        "WHERE doi = '10.1103/physrevd.99.125011'")
        self.assertEqual((arxiv, volume, pages), ("1903.05422", "99", "125011"))
        empty = self.vitae("sync", self.db, "--inspire", "N.O.Body.1")
        self.assertEqual(empty.returncode, 0, empty.stderr)
        self.assertIn("gone upstream", empty.stdout, "an INSPIRE list that answered in full without it")

    def test_orcid_summaries_get_their_authors_from_the_full_records(self):
        out = self.vitae("sync", self.db, "--orcid", ORCID, "--accept")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("3 to add", out.stdout)
        authors = [a for (a,) in rows(self.db, "SELECT a.name FROM publication_author a JOIN publication p "
                                      "ON p.id = a.publication_id WHERE p.doi = '10.1364/oe.413844' ORDER BY a.position")]
        self.assertEqual(authors[:2], ["Di Xu", "Zhenkun Wen"])
        self.assertEqual(len(authors), 6)
        with open(self.log) as f:
            self.assertIn("/orcid/v3.0/%s/works/89975745,76065020,64418159" % ORCID, f.read())

    def test_faults_of_the_new_readers_fail_cleanly(self):
        cases = [("500", "dblp", ["--dblp", PID], "dblp person 95/7448-1: http://.*/dblp/pid/95/7448-1.xml: HTTP 500"),
                 ("garbage", "dblp", ["--dblp", PID], "dblp: the answer is not a person file"),
                 ("truncated", "dblp", ["--dblp", PID], "dblp person 95/7448-1"),
                 ("500", "inspire", ["--inspire", BAI], "inspire literature page 1: http://.*page=1: HTTP 500"),
                 ("garbage", "inspire", ["--inspire", BAI], "inspire: the answer is not a page of literature"),
                 ("truncated", "inspire", ["--inspire", BAI], "inspire literature page 1"),
                 ("500", "orcid", ["--orcid", ORCID], "orcid works of " + ORCID + ": http://.*/works: HTTP 500")]
        for fault, service, args, expected in cases:
            with self.subTest(fault=fault, service=service):
                before = digest(self.db)
                out = self.vitae("sync", self.db, *args, "--accept", fault=fault)
                self.assertEqual(out.returncode, 1, out.stdout + out.stderr)
                self.assertRegex(out.stderr, expected)
                self.assertEqual(len([l for l in out.stderr.splitlines() if service in l]), 1, out.stderr)
                self.assertEqual(digest(self.db), before)

    def test_a_registry_syncs_each_site_that_has_ids(self):
        sites = tempfile.mkdtemp(dir=self.dir)
        for name in ("ann", "bob", "cy"):
            os.makedirs(os.path.join(sites, name))
            shutil.copy(DB, os.path.join(sites, name, "site.db"))
            done = self.vitae("site", "add", sites, name, "--host", name + ".example.org")
            self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(self.vitae("set", "sync", os.path.join(sites, "ann", "site.db"), "dblp", PID).returncode, 0)
        self.assertEqual(self.vitae("set", "sync", os.path.join(sites, "bob", "site.db"), "inspire", BAI).returncode, 0)
        metrics = os.path.join(self.dir, "vitae_sync.prom")
        out = self.vitae("sync", sites, "--accept", "--metrics", metrics)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        with open(metrics) as f:
            text = f.read()
        self.assertIn('vitae_sync_works{site="ann",state="new"} 8\n', text)
        self.assertIn('vitae_sync_result{site="bob"} 0\n', text)
        self.assertIn('vitae_sync_result{site="cy"} 2\n', text)
        self.assertIn("# TYPE vitae_sync_last_run_timestamp_seconds gauge\n", text)
        self.assertEqual(out.stdout.splitlines(), [
            "ann: 0 known, 0 to update, 8 to add",
            "bob: 0 known, 0 to update, 1 to add",
            "cy: no ids to read (vitae set sync DB orcid ID): skipped"])
        self.assertEqual(len(rows(os.path.join(sites, "bob", "site.db"),
                                  "SELECT 1 FROM publication_external_id WHERE service = 'inspire'")), 1)
        # One site failing (its service answers 500) is exit 3; the other's run is written.
        self.assertEqual(self.vitae("set", "sync", os.path.join(sites, "cy", "site.db"), "orcid", ORCID).returncode, 0)
        ann = digest(os.path.join(sites, "ann", "site.db"))
        env = self.env()
        env["VITAE_ORCID_API"] = self.base + "/fault/500/orcid"
        part = subprocess.run([VITAE, "sync", sites, "--metrics", metrics], capture_output=True, text=True,
                              timeout=30, env=env, stdin=subprocess.DEVNULL)
        self.assertEqual(part.returncode, 3, part.stdout + part.stderr)
        self.assertIn("cy: no service answered", part.stdout)
        self.assertIn("vitae sync: cy: orcid works of " + ORCID, part.stderr)
        self.assertIn("1 site(s) failed", part.stderr)
        # Each site's run is a log event, at the level of its outcome (journalctl VITAE_EVENT=sync).
        self.assertIn("<3>error: event=sync site=cy result=failed problems=1 known=0 updated=0 new=0", part.stderr)
        self.assertIn("<6>info: event=sync site=ann result=done problems=0 known=8 updated=0 new=0", part.stderr)
        with open(metrics) as f:
            text = f.read()
        self.assertIn('vitae_sync_result{site="cy"} 1\n', text)  # a failed run is counted, its database untouched
        self.assertIn('vitae_sync_problems{site="cy"} 1\n', text)
        self.assertIn('vitae_sync_works{site="ann",state="known"} 8\n', text)
        self.assertEqual(digest(os.path.join(sites, "ann", "site.db")), ann, "nothing new for ann: no row changed")
        refused = self.vitae("sync", sites, "--dblp", PID)
        self.assertEqual(refused.returncode, 2)
        self.assertIn("--dblp names one site's account", refused.stderr)


if __name__ == "__main__":
    unittest.main()

"""scripts/sites-from-csv: a department's CSV of people becomes sites.

Runs the script with the built `vitae` on a CSV holding what real
spreadsheets hold: a quoted name with a comma, a member under a prefix of the
department's host, a mistyped ORCID iD, the same site twice, a site imported
before (its folder there, its ORCID link too). Checks the registry through
`vitae site ls`, the ORCID links in each site.db, the lines and the exit code;
then header errors (exit 2, nothing made).
"""
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest

import e2e_env

SCRIPT = os.path.join(e2e_env.REPO, "scripts", "sites-from-csv")
VITAE = os.path.join(os.path.abspath(e2e_env.BUILD_DIR), "cli", "vitae")
RUN_TIMEOUT_S = 120  # a dozen `vitae` runs, asan builds start slowly

PEOPLE = '''name,site,host,prefix,orcid,group
Computer Science,dept,cs.example.edu,,,
"Chen, Carol",carol,cs.example.edu,~carol,0000-0002-1825-0097,Faculty
Bob Brown,bob,bob.example.edu  bob.cs.example.edu,,https://orcid.org/0000-0002-1694-233X,Students
Dan Typo,dan,dan.example.edu,,0000-0002-1825-0098,
"Chen, Carol (again)",carol,carol.example.edu,,,
Erin Imported,erin,erin.example.edu,,0000-0001-5109-3700,

Fay Taken,fay,cs.example.edu,~carol,,
,gus,gus.example.edu,,,
'''


class SitesFromCsv(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="vitae-csv-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.sites = os.path.join(self.dir, "sites")

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def script(self, *args):
        return subprocess.run([sys.executable, SCRIPT, "--vitae", VITAE, *args], capture_output=True, text=True,
                              timeout=RUN_TIMEOUT_S)

    def vitae(self, *args):
        ran = subprocess.run([VITAE, *args], capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
        self.assertEqual(ran.returncode, 0, "vitae %s: %s" % (" ".join(args), ran.stderr))
        return ran.stdout

    def links(self, site):
        path = os.path.join(self.sites, site, "site.db")
        with sqlite3.connect("file:%s?mode=ro" % path, uri=True) as db:
            return db.execute("SELECT label, url FROM profile_link ORDER BY position").fetchall()

    def registry(self):
        lines = self.vitae("site", "ls", self.sites).splitlines()
        self.assertEqual(lines[0].split(), ["NAME", "HOSTS", "PREFIX", "GROUP", "HOME", "SITE.DB"])
        return {fields[0]: fields[1:] for fields in (line.split() for line in lines[1:])}

    def import_erin(self):
        """Erin's site, as `vitae import-site` would leave it: a database in her folder, her ORCID link in it."""
        db = os.path.join(self.sites, "erin", "site.db")
        os.makedirs(os.path.dirname(db))
        self.vitae("init", db, "--name", "Erin Imported")
        with sqlite3.connect(db) as c:
            c.execute("INSERT INTO profile_link (position, label, url) VALUES "
                      "(1, 'ORCID', 'https://orcid.org/0000-0001-5109-3700')")

    def test_rows_become_sites_and_bad_rows_are_named(self):
        self.import_erin()
        ran = self.script(self.sites, self.write("people.csv", PEOPLE), "--templates", e2e_env.TEMPLATES)
        self.assertEqual(ran.returncode, 1, ran.stdout + ran.stderr)  # two rows failed
        lines = ran.stdout.splitlines()
        self.assertEqual(lines[-1], "8 rows: 4 added, 1 skipped, 3 failed")
        by_line = {line.split(":")[0]: line for line in lines[:-1]}
        self.assertEqual(list(by_line), ["line %d" % n for n in (2, 3, 4, 5, 6, 7, 9, 10)])  # line 8 is blank
        self.assertRegex(by_line["line 3"], r"^line 3: carol: added site carol at cs\.example\.edu/~carol/, "
                                             r"ORCID 0000-0002-1825-0097$")
        self.assertIn('line 5: dan: error: ORCID iD "0000-0002-1825-0098" has check digit 8, not 7', by_line["line 5"])
        self.assertIn("line 6: carol: site carol exists already", by_line["line 6"])
        self.assertIn("ORCID 0000-0001-5109-3700 (there already)", by_line["line 7"])
        self.assertRegex(by_line["line 9"], r'^line 9: fay: error: site add: host "cs\.example\.edu" prefix "/~carol/" '
                                             r"is already site \"carol\"'s")

        self.assertIn("line 10: gus: error: no name", by_line["line 10"])

        registry = self.registry()
        self.assertEqual(sorted(registry), ["bob", "carol", "dept", "erin"])  # not dan, not fay
        self.assertEqual(registry["carol"][:3], ["cs.example.edu", "/~carol/", "Faculty"])
        self.assertEqual(registry["bob"][:3], ["bob.example.edu,bob.cs.example.edu", "/", "Students"])
        self.assertFalse(os.path.exists(os.path.join(self.sites, "dan")), "a refused row left a folder")
        self.assertFalse(os.path.exists(os.path.join(self.sites, "fay")), "a refused row left a folder")

        self.assertEqual(self.links("carol"), [("ORCID", "https://orcid.org/0000-0002-1825-0097")])
        self.assertEqual(self.links("bob"), [("ORCID", "https://orcid.org/0000-0002-1694-233X")])
        self.assertEqual(self.links("dept"), [])
        self.assertEqual(self.links("erin"), [("ORCID", "https://orcid.org/0000-0001-5109-3700")])  # not twice
        with sqlite3.connect("file:%s?mode=ro" % os.path.join(self.sites, "carol", "site.db"), uri=True) as db:
            self.assertEqual(db.execute("SELECT name FROM profile").fetchone()[0], "Chen, Carol")

        again = self.script(self.sites, self.write("fixed.csv", "site,host,orcid,name\ndan,dan.example.edu,0000-0002-1825-0097,Dan\n"
                                                                "carol,cs.example.edu,,Carol\n"))
        self.assertEqual(again.returncode, 0, again.stdout + again.stderr)
        self.assertEqual(again.stdout.splitlines()[-1], "2 rows: 1 added, 1 skipped, 0 failed")
        self.assertEqual(self.links("dan"), [("ORCID", "https://orcid.org/0000-0002-1825-0097")])

    def test_a_bad_header_is_a_usage_error_and_makes_nothing(self):
        for header, reason in (("name,site,hosts\n", "unknown column hosts"), ("name,site\n", "missing column host"), ("site,host\n", "missing column name"),
                               ("name,site,host,site\n", "a column twice"), ("", "(empty)")):
            ran = self.script(self.sites, self.write("bad.csv", header + "x,y,z\n" if header else ""))
            self.assertEqual(ran.returncode, 2, ran.stdout + ran.stderr)
            self.assertIn(reason, ran.stderr)
            self.assertEqual(ran.stdout, "")
            self.assertFalse(os.path.exists(self.sites))

    def test_a_row_with_too_few_fields_is_named(self):
        ran = self.script(self.sites, self.write("short.csv", "site,host,name\nann\n"))
        self.assertEqual(ran.returncode, 1)
        self.assertIn("line 2: ann: error: 1 fields, the header has 3", ran.stdout)


if __name__ == "__main__":
    unittest.main()

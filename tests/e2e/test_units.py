"""The shell lines of the shipped systemd units, run as systemd would run them.

systemd/vitae.service and vitae-backup.service choose between one database
and a directory of sites from VITAE_SITES (set in /etc/default/vitae): the
worker must get --db only without it (it refuses both), the checks and the
backup must cover every site with it, and the backup must keep the newest
VITAE_BACKUP_KEEP dated copies of the kind it writes and nothing else. There
is no systemd here (tests/tools/systemd-checks.sh verifies the files); this
test takes each Exec line as systemd parses it (continuations joined, `\\\\`,
`$$` and `%%` unescaped), points /usr/local/bin at the build, and runs it.
"""
import datetime
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import unittest

import e2e_env

UNITS = os.path.join(e2e_env.REPO, "systemd")
VITAE = os.path.join(os.path.abspath(e2e_env.BUILD_DIR), "cli", "vitae")
RUN_TIMEOUT_S = 60  # asan builds start slowly


def exec_lines(unit, key):
    """The shell scripts of `key` lines (ExecStart, ExecStartPre) in `unit`,
    each as the text /bin/sh -euc receives."""
    with open(os.path.join(UNITS, unit)) as f:
        text = f.read().replace("\\\n", " ")  # systemd joins a continuation with a space
    scripts = []
    for line in text.splitlines():
        if not line.startswith(key + "="):
            continue
        command = line[len(key) + 1:].lstrip("-+@:!")
        match = re.fullmatch(r"/bin/sh -euc '(.*)'", command)
        if match is None:
            raise AssertionError("%s %s is not /bin/sh -euc '...': %s" % (unit, key, command))
        scripts.append(match.group(1).replace("\\\\", "\\").replace("$$", "$").replace("%%", "%"))
    if not scripts:
        raise AssertionError("%s has no %s line" % (unit, key))
    return scripts


def run_script(script, bin_dir, env):
    """Runs one unit script with /usr/local/bin/ meaning bin_dir."""
    script = script.replace("/usr/local/bin/", bin_dir + "/")
    clean = {k: v for k, v in os.environ.items() if not k.startswith("VITAE_")}
    return subprocess.run(["/bin/sh", "-euc", script], env={**clean, **env}, capture_output=True, text=True,
                          timeout=RUN_TIMEOUT_S)


class UnitScripts(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="vitae-units-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.bin = os.path.join(self.dir, "bin")
        os.mkdir(self.bin)
        os.symlink(VITAE, os.path.join(self.bin, "vitae"))
        # vitae-fcgi stands in for the worker: it prints what it was given.
        stub = os.path.join(self.bin, "vitae-fcgi")
        with open(stub, "w") as f:
            f.write('#!/bin/sh\necho "args: $*"\necho "VITAE_SITES=${VITAE_SITES:-}"\n')
        os.chmod(stub, 0o755)
        self.sites = os.path.join(self.dir, "sites")
        for name, prefix in (("dept", "/"), ("carol", "/~carol/")):
            self.vitae("site", "add", self.sites, name, "--host", "cs.example.edu", "--prefix", prefix, "--name", name)
        self.db = os.path.join(self.dir, "site.db")
        self.vitae("init", self.db, "--name", "Ada Lovelace")
        self.state = os.path.join(self.dir, "backups")
        os.mkdir(self.state)

    def vitae(self, *args):
        ran = subprocess.run([VITAE, *args], capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
        self.assertEqual(ran.returncode, 0, "vitae %s: %s" % (" ".join(args), ran.stderr))
        return ran.stdout

    def test_worker_gets_db_without_sites_and_only_sites_with_them(self):
        (start,) = exec_lines("vitae.service", "ExecStart")
        one = run_script(start, self.bin, {})
        self.assertEqual(one.returncode, 0, one.stderr)
        self.assertIn("args: --db /var/lib/vitae/site.db --templates ", one.stdout)
        many = run_script(start, self.bin, {"VITAE_SITES": self.sites})
        self.assertEqual(many.returncode, 0, many.stderr)
        self.assertNotIn("--db", many.stdout)  # the worker reads VITAE_SITES itself
        self.assertIn("VITAE_SITES=" + self.sites, many.stdout)
        other = run_script(start, self.bin, {"VITAE_DB": "/srv/site.db"})
        self.assertIn("args: --db /srv/site.db ", other.stdout)

    def test_sync_runs_once_on_the_registry_or_on_the_one_database(self):
        (start,) = exec_lines("vitae-sync.service", "ExecStart")
        metrics = os.path.join(self.dir, "vitae-sync.prom")
        many = run_script(start, self.bin, {"VITAE_SITES": self.sites, "VITAE_SYNC_METRICS": metrics})
        self.assertEqual(many.returncode, 0, many.stdout + many.stderr)
        self.assertEqual(many.stdout.splitlines(), ["carol: no ids to read (vitae set sync DB orcid ID): skipped",
                                                    "dept: no ids to read (vitae set sync DB orcid ID): skipped"])
        with open(metrics) as f:  # the unit's default writes the gauges for node_exporter
            self.assertIn('vitae_sync_result{site="carol"} 2\n', f.read())
        os.unlink(metrics)
        one = run_script(start, self.bin, {"VITAE_DB": self.db, "VITAE_SYNC_METRICS": metrics})
        self.assertEqual(one.returncode, 2, one.stdout + one.stderr)  # no ids: the single site's usage error
        self.assertIn("no service to read", one.stderr)
        with open(metrics) as f:
            self.assertIn('vitae_sync_result{site="%s"} 2\n' % self.db, f.read())
        os.unlink(metrics)
        # ... which the unit counts as done (nothing to do), like a registry's site without ids.
        with open(os.path.join(UNITS, "vitae-sync.service")) as f:
            (success,) = [line for line in f if line.startswith("SuccessExitStatus=")]
        self.assertEqual(success.split("=", 1)[1].split(), ["2", "3"])
        plain = run_script(start, self.bin, {"VITAE_SITES": self.sites})  # VITAE_SYNC_METRICS= empty: none written
        self.assertEqual(plain.returncode, 0, plain.stderr)
        self.assertFalse(os.path.exists(metrics))

    def test_checks_read_the_one_database_or_every_site(self):
        for unit in ("vitae.service", "vitae-backup.service"):
            (check,) = exec_lines(unit, "ExecStartPre")
            many = run_script(check, self.bin, {"VITAE_SITES": self.sites, "VITAE_DB": self.db})
            self.assertEqual(many.returncode, 0, many.stderr)
            self.assertIn("registry: ok", many.stdout)
            self.assertRegex(many.stdout, r"(?m)^carol: ok: .*carol/site\.db")
            self.assertRegex(many.stdout, r"(?m)^dept: ok: ")
            one = run_script(check, self.bin, {"VITAE_DB": self.db})
            self.assertEqual(one.returncode, 0, one.stderr)
            self.assertIn("ok: " + self.db, one.stdout)

    def dated(self, prefix, suffix, days_ago):
        day = datetime.date.today() - datetime.timedelta(days=days_ago)
        return "%s%s%s" % (prefix, day.isoformat(), suffix)

    def test_backup_of_every_site_keeps_the_newest_folders(self):
        for days_ago in (1, 2, 3):  # earlier runs' folders
            os.makedirs(os.path.join(self.state, self.dated("sites-", "", days_ago), "carol"))
        open(os.path.join(self.state, "notes.txt"), "w").close()  # not ours: stays
        (backup,) = exec_lines("vitae-backup.service", "ExecStart")
        env = {"STATE_DIRECTORY": self.state, "VITAE_SITES": self.sites, "VITAE_DB": self.db, "VITAE_BACKUP_KEEP": "2"}
        ran = run_script(backup, self.bin, env)
        self.assertEqual(ran.returncode, 0, ran.stderr)
        today = self.dated("sites-", "", 0)
        self.assertEqual(sorted(os.listdir(self.state)), sorted([today, self.dated("sites-", "", 1), "notes.txt"]))
        for name in ("dept", "carol"):
            copy = os.path.join(self.state, today, name, "site.db")
            with sqlite3.connect("file:%s?mode=ro" % copy, uri=True) as db:
                self.assertEqual(db.execute("PRAGMA integrity_check").fetchone()[0], "ok")
        self.assertTrue(os.path.isfile(os.path.join(self.state, today, "registry.db")))
        again = run_script(backup, self.bin, env)  # a second run on one day replaces that day's copy
        self.assertEqual(again.returncode, 0, again.stderr)

    def test_backup_of_one_database_as_before(self):
        for days_ago in (1, 2):
            open(os.path.join(self.state, self.dated("site-", ".db", days_ago)), "w").close()
        os.makedirs(os.path.join(self.state, self.dated("sites-", "", 5)))  # a folder of sites: not this kind
        (backup,) = exec_lines("vitae-backup.service", "ExecStart")
        ran = run_script(backup, self.bin, {"STATE_DIRECTORY": self.state, "VITAE_DB": self.db, "VITAE_BACKUP_KEEP": "2"})
        self.assertEqual(ran.returncode, 0, ran.stderr)
        self.assertEqual(sorted(os.listdir(self.state)),
                         sorted([self.dated("site-", ".db", 0), self.dated("site-", ".db", 1),
                                 self.dated("sites-", "", 5)]))

    def test_failed_backup_prunes_nothing(self):
        for days_ago in (1, 2, 3):
            os.makedirs(os.path.join(self.state, self.dated("sites-", "", days_ago)))
        (backup,) = exec_lines("vitae-backup.service", "ExecStart")
        missing = os.path.join(self.dir, "no-such-sites")
        ran = run_script(backup, self.bin, {"STATE_DIRECTORY": self.state, "VITAE_SITES": missing,
                                            "VITAE_BACKUP_KEEP": "1"})
        self.assertNotEqual(ran.returncode, 0)
        self.assertEqual(len([n for n in os.listdir(self.state) if n.startswith("sites-")]), 3, os.listdir(self.state))


if __name__ == "__main__":
    unittest.main()

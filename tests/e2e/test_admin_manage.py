"""An administrator manages users and sites in the browser editor
(/_vitae/edit/_admin/users and /_vitae/edit/_admin/sites), through the
shipped nginx-sites.conf, the real vitae-admin over a directory of sites and
the real worker serving it: adding a user who can then log in and edit what
was granted, changing the grants (live for an open session), a new password
(the user's sessions end), removing a user; adding a site that the worker
serves within seconds, changing where it answers, removing it (its folder
kept). Refusals (a bad name, a conflict, an editor who is not an admin, a
missing token or a foreign Origin, removing oneself) change nothing: the
accounts database and the registry stay byte for byte as they were. Markup
typed into a field comes back escaped.

    VITAE_BUILD_DIR=build/dev python3 -m unittest -v test_admin_manage
"""
import hashlib
import os
import shutil
import subprocess
import tempfile
import unittest

from e2e_env import BUILD_DIR, DB, TEMPLATES  # noqa: E402  (first: sets sys.path)

import stack  # noqa: E402
from client import fetch  # noqa: E402
from editor_session import CHEAP_HASH, PASSWORD, EditorRequests, add_user  # noqa: E402
from served import wait_until  # noqa: E402

USERS = "/_vitae/edit/_admin/users"
SITES = "/_vitae/edit/_admin/sites"
NEW_PASSWORD = "a new and longer one"


def vitae(*args):
    done = subprocess.run([os.path.join(BUILD_DIR, "cli", "vitae"), *args], capture_output=True, text=True,
                          timeout=60, env=dict(os.environ, **CHEAP_HASH))
    if done.returncode != 0:
        raise AssertionError("vitae %s: exit %d: %s" % (" ".join(args), done.returncode, done.stderr))
    return done.stdout


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class AdminManages(EditorRequests, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="vitae-admin-manage-")
        os.chmod(cls.dir, 0o755)
        cls.sites = os.path.join(cls.dir, "sites")
        for name in ("ann", "bob"):
            os.makedirs(os.path.join(cls.sites, name))
            shutil.copy(DB, os.path.join(cls.sites, name, "site.db"))
            vitae("site", "add", cls.sites, name, "--host", name + ".test")
        cls.auth = os.path.join(cls.dir, "auth.db")
        add_user(cls.auth, "root", admin=True)
        add_user(cls.auth, "ann", "ann")
        for root, dirs, files in os.walk(cls.sites):  # the worker's and nginx's users read them
            for d in dirs:
                os.chmod(os.path.join(root, d), 0o755)
            for f in files:
                os.chmod(os.path.join(root, f), 0o644)
        env_before = os.environ.get("VITAE_ARGON2_OPS"), os.environ.get("VITAE_ARGON2_MEM_MB")
        os.environ.update(CHEAP_HASH)  # the users the admin adds in the browser: cheap hashes too
        try:
            cls.stack = stack.Stack(BUILD_DIR, None, TEMPLATES, sites=cls.sites, admin=True, auth=cls.auth,
                                    extra_args=["--workers", "1", "--threads", "2"])
            cls.stack.start()
        finally:
            for key, value in zip(("VITAE_ARGON2_OPS", "VITAE_ARGON2_MEM_MB"), env_before):
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        cls.origin = "http://127.0.0.1:%d" % cls.stack.port

    @classmethod
    def tearDownClass(cls):
        cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def admin_post(self, path, fields, session=None):
        session = session or self.session("root")
        return self.post(path, dict(fields, csrf=self.csrf_of(session)), cookies=session)

    def registry(self):
        return os.path.join(self.sites, "registry.db")

    def served(self, host):
        return fetch(self.stack.port, "/", headers={"Host": host})

    # -- what the admin sees of each site ----------------------------------

    def test_the_sites_list_counts_each_sites_accessibility_findings(self):
        page = self.request("GET", SITES, cookies=self.session("root"))
        self.assertEqual(page.status, 200, page.body)
        self.assertIn('<th scope="col">Accessibility findings</th>', page.body)
        # Each site is a copy of the seed, whose bio says 瓜皮 in English: one finding each.
        for name in ("ann", "bob"):
            self.assertRegex(page.body, r'<a href="%s/%s">%s</a>.*?</td><td>1</td></tr>' % (SITES, name, name))

    # -- who may -----------------------------------------------------------

    def test_only_an_admin_reaches_the_pages_and_the_bar_links_them(self):
        ann = self.session("ann")
        for path in (USERS, USERS + "/root", SITES, SITES + "/ann"):
            self.assertEqual(self.request("GET", path, cookies=ann).status, 403, path)
        before = digest(self.auth), digest(self.registry())
        csrf = self.csrf_of(ann)
        answer = self.post(USERS, {"csrf": csrf, "name": "mallory", "password": PASSWORD, "admin": "1"}, cookies=ann)
        self.assertEqual(answer.status, 403, answer.body)
        answer = self.post(SITES, {"csrf": csrf, "name": "evil", "hosts": "evil.test"}, cookies=ann)
        self.assertEqual(answer.status, 403, answer.body)
        self.assertEqual((digest(self.auth), digest(self.registry())), before)
        self.assertNotIn(USERS, self.request("GET", "/_vitae/edit/", cookies=ann).body)
        root_bar = self.request("GET", "/_vitae/edit/", cookies=self.session("root")).body
        self.assertIn('href="%s"' % USERS, root_bar)
        self.assertIn('href="%s"' % SITES, root_bar)
        # Without a session: the login page, as every editor page.
        self.assertEqual(self.request("GET", USERS).status, 303)

    def test_a_change_without_the_token_or_from_elsewhere_is_refused(self):
        root = self.session("root")
        before = digest(self.auth), digest(self.registry())
        fields = {"name": "eve", "password": PASSWORD}
        self.assertEqual(self.post(USERS, fields, cookies=root).status, 403)
        fields["csrf"] = self.csrf_of(root)
        self.assertEqual(self.post(USERS, fields, cookies=root, origin="https://evil.example").status, 403)
        self.assertEqual(self.post(SITES, {"csrf": fields["csrf"], "name": "eve", "hosts": "eve.test"},
                                   cookies=root, origin=False).status, 403)
        self.assertEqual((digest(self.auth), digest(self.registry())), before)

    # -- users ---------------------------------------------------------------

    def test_a_user_added_in_the_browser_logs_in_and_edits_what_was_granted(self):
        root = self.session("root")
        answer = self.admin_post(USERS, {"name": "bea", "password": PASSWORD, "site": "ann"}, root)
        self.assertEqual(answer.status, 303, answer.body)
        self.assertEqual(answer.header("Location"), USERS + "/bea?done=added")
        self.assertIn("bea", vitae("user", "ls", self.auth))
        page = self.request("GET", USERS + "/bea?done=added", cookies=root)
        self.assertIn("Added.", page.body)
        self.assertRegex(page.body, r'name="site" type="checkbox" value="ann" checked')

        bea = self.session("bea")
        self.assertEqual(self.request("GET", "/_vitae/edit/ann/", cookies=bea).status, 200)
        self.assertEqual(self.request("GET", "/_vitae/edit/bob/", cookies=bea).status, 403)

        # The grants become the boxes ticked; bea's open session sees it at once.
        answer = self.admin_post(USERS + "/bea", {"do": "sites", "site": "bob"}, root)
        self.assertEqual(answer.status, 303, answer.body)
        self.assertEqual(self.request("GET", "/_vitae/edit/ann/", cookies=bea).status, 403)
        self.assertEqual(self.request("GET", "/_vitae/edit/bob/", cookies=bea).status, 200)

        # A new password ends bea's sessions; the new one works, the old one not.
        answer = self.admin_post(USERS + "/bea", {"do": "password", "password": NEW_PASSWORD}, root)
        self.assertEqual(answer.status, 303, answer.body)
        self.assertEqual(self.request("GET", "/_vitae/edit/bob/", cookies=bea).status, 303)
        self.assertEqual(self.log_in("bea").status, 200)  # the login page again: refused
        self.assertEqual(self.log_in("bea", NEW_PASSWORD).status, 303)

        # Removing needs the box ticked; then the account is gone.
        answer = self.admin_post(USERS + "/bea", {"do": "remove"}, root)
        self.assertEqual(answer.status, 400, answer.body)
        self.assertIn("bea", vitae("user", "ls", self.auth))
        answer = self.admin_post(USERS + "/bea", {"do": "remove", "sure": "1"}, root)
        self.assertEqual(answer.status, 303, answer.body)
        self.assertNotIn("bea", vitae("user", "ls", self.auth))
        self.assertEqual(self.log_in("bea", NEW_PASSWORD).status, 200)
        self.assertEqual(self.request("GET", USERS + "/bea", cookies=root).status, 404)

    def test_a_refused_user_changes_nothing_and_the_form_comes_back_escaped(self):
        root = self.session("root")
        before = digest(self.auth)
        for fields, reason in (({"name": "<b>x</b>", "password": PASSWORD}, "user name"),
                               ({"name": "short", "password": "1234"}, "password"),
                               ({"name": "ann", "password": PASSWORD}, "exists"),
                               ({"name": "dan", "password": PASSWORD, "site": "<no>"}, "site name")):
            answer = self.admin_post(USERS, fields, root)
            self.assertEqual(answer.status, 400, (fields, answer.body))
            self.assertIn("Not added", answer.body)
            self.assertIn(reason, answer.body)
            self.assertNotIn("<b>x</b>", answer.body)
            self.assertNotIn(PASSWORD, answer.body)  # never sent back
        self.assertIn('value="&lt;b&gt;x&lt;/b&gt;"', self.admin_post(USERS, {"name": "<b>x</b>"}, root).body)
        self.assertEqual(digest(self.auth), before)
        # An admin cannot remove their own account here.
        answer = self.admin_post(USERS + "/root", {"do": "remove", "sure": "1"}, root)
        self.assertEqual(answer.status, 400, answer.body)
        self.assertEqual(digest(self.auth), before)
        self.assertEqual(self.request("GET", USERS + "/nobody", cookies=root).status, 404)

    # -- sites ---------------------------------------------------------------

    def test_a_site_added_in_the_browser_is_served_changed_and_removed(self):
        root = self.session("root")
        answer = self.admin_post(SITES, {"name": "cat", "hosts": "cat.test", "owner": "Cat <b>Doe</b>",
                                         "group": "Faculty"}, root)
        self.assertEqual(answer.status, 303, answer.body)
        self.assertEqual(answer.header("Location"), SITES + "/cat?done=added")
        self.assertTrue(os.path.isfile(os.path.join(self.sites, "cat", "site.db")))
        self.assertIn("cat.test", vitae("site", "ls", self.sites))
        wait_until(lambda: self.served("cat.test").status == 200, "cat.test served")
        home = self.served("cat.test").text
        self.assertIn("Cat &lt;b&gt;Doe&lt;", home)
        self.assertNotIn("<b>Doe", home)
        # The admin may edit it at once (an admin edits every site).
        self.assertEqual(self.request("GET", "/_vitae/edit/cat/", cookies=root).status, 200)
        listing = self.request("GET", SITES, cookies=root).body
        self.assertIn('href="%s/cat"' % SITES, listing)

        # Where it answers: a second host.
        answer = self.admin_post(SITES + "/cat", {"do": "set", "hosts": "cat.test www.cat.test", "prefix": "/",
                                                  "owner": "Cat Doe", "group": "Faculty"}, root)
        self.assertEqual(answer.status, 303, answer.body)
        wait_until(lambda: self.served("www.cat.test").status == 200, "www.cat.test served")

        # Removed from the registry; its folder is kept.
        answer = self.admin_post(SITES + "/cat", {"do": "remove", "sure": "1"}, root)
        self.assertEqual(answer.status, 303, answer.body)
        self.assertNotIn("cat.test", vitae("site", "ls", self.sites))
        wait_until(lambda: self.served("cat.test").status != 200, "cat.test no longer served")
        self.assertTrue(os.path.isfile(os.path.join(self.sites, "cat", "site.db")))

    def test_a_refused_site_changes_nothing(self):
        root = self.session("root")
        before = digest(self.registry())
        for fields, reason in (({"name": "dup", "hosts": "ann.test"}, "ann"),
                               ({"name": "Bad_Name", "hosts": "bad.test"}, "site name"),
                               ({"name": "nohost", "hosts": ""}, "no host"),
                               ({"name": "tag", "hosts": "<script>.test"}, "host"),
                               ({"name": "ann", "hosts": "ann2.test"}, "taken"),
                               ({"name": "pre", "hosts": "pre.test", "prefix": "/a/b/"}, "prefix")):
            answer = self.admin_post(SITES, fields, root)
            self.assertEqual(answer.status, 400, (fields, answer.body))
            self.assertIn(reason, answer.body)
            self.assertNotIn("<script>", answer.body)
            self.assertFalse(os.path.exists(os.path.join(self.sites, fields["name"])) and fields["name"] != "ann",
                             fields)
        answer = self.admin_post(SITES + "/bob", {"do": "set", "hosts": "ann.test"}, root)
        self.assertEqual(answer.status, 400, answer.body)
        answer = self.admin_post(SITES + "/bob", {"do": "remove"}, root)  # the box not ticked
        self.assertEqual(answer.status, 400, answer.body)
        self.assertEqual(digest(self.registry()), before)
        self.assertEqual(self.served("bob.test").status, 200)
        self.assertEqual(self.request("GET", SITES + "/nosuch", cookies=root).status, 404)


if __name__ == "__main__":
    unittest.main()

"""Many sites, one server: the real nginx (nginx-sites.conf) in front of
`vitae-fcgi --sites SITES`, the registry made by `vitae site add`.

A department at dept.test with Carol under its /~carol/, Alice at alice.test,
Bob at bob.test and www.bob.test. Each site's database is a copy of the e2e
site with its own owner's name, so a page says whose it is.
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
import urllib.parse

from e2e_env import BUILD_DIR, DB, TEMPLATES  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402

VITAE = os.path.join(BUILD_DIR, "cli", "vitae")
OWNERS = {"alice": "Alice Example", "bob": "Bob Example", "carol": "Carol Example", "dept": "Department of Examples"}
WAIT_S = 5.0


def vitae(*args, check=True):
    done = subprocess.run([VITAE, *args], capture_output=True, text=True, timeout=60)
    if check and done.returncode != 0:
        raise AssertionError("vitae %s: %d\n%s%s" % (" ".join(args), done.returncode, done.stdout, done.stderr))
    return done


def make_site(sites, name, *site_args):
    """SITES/NAME/site.db as a copy of the e2e site owned by OWNERS[name], then registered."""
    os.makedirs(os.path.join(sites, name), exist_ok=True)
    db = os.path.join(sites, name, "site.db")
    shutil.copy(DB, db)
    with sqlite3.connect(db) as c:
        c.execute("UPDATE profile SET name = ?", (OWNERS.get(name, name),))
    vitae("site", "add", sites, name, *site_args)
    return db


def read(path, mode="r"):
    with open(path, mode, **({} if "b" in mode else {"encoding": "utf-8"})) as f:
        return f.read()


def rename_owner(db, name):
    with sqlite3.connect(db) as c:
        c.execute("UPDATE profile SET name = ?", (name,))


def until(predicate, what, timeout=WAIT_S):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out after %.1f s waiting for %s" % (timeout, what))
        time.sleep(0.02)


def raw_get(port, request):
    """Sends a request nginx must parse as it comes (no Host, odd Hosts)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


class ManySites(unittest.TestCase):
    publish = False

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="vitae-sites-")
        os.chmod(cls.dir, 0o755)
        cls.sites = os.path.join(cls.dir, "sites")
        cls.db = {
            "alice": make_site(cls.sites, "alice", "--host", "alice.test", "--name", OWNERS["alice"]),
            "bob": make_site(cls.sites, "bob", "--host", "bob.test", "--host", "www.bob.test"),
            "dept": make_site(cls.sites, "dept", "--host", "dept.test", "--home"),
            "carol": make_site(cls.sites, "carol", "--host", "dept.test", "--prefix", "/~carol/"),
        }
        for root, dirs, files in os.walk(cls.dir):  # nginx's and the worker's user read them (as root: www-data)
            for d in dirs:
                os.chmod(os.path.join(root, d), 0o755)
            for f in files:
                os.chmod(os.path.join(root, f), 0o644)
        cls.stack = stack.Stack(BUILD_DIR, None, TEMPLATES, sites=cls.sites, publish=cls.publish,
                                extra_args=["--workers", "1", "--threads", "2"])
        cls.stack.start()
        cls.port = cls.stack.port

    @classmethod
    def tearDownClass(cls):
        cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def get(self, host, path="/", headers=None):
        return fetch(self.port, path, headers={"Host": host, **(headers or {})})

    def owner_of(self, host, path="/"):
        r = self.get(host, path)
        self.assertEqual(r.status, 200, (host, path, r.text[:300]))
        found = [name for name in OWNERS.values() if name in r.text]
        return found


class TestRouting(ManySites):
    def test_each_site_answers_on_its_hosts(self):
        self.assertEqual(self.owner_of("alice.test"), [OWNERS["alice"]])
        self.assertEqual(self.owner_of("bob.test"), [OWNERS["bob"]])
        self.assertEqual(self.owner_of("www.bob.test"), [OWNERS["bob"]])
        self.assertEqual(self.owner_of("ALICE.test"), [OWNERS["alice"]])  # case-insensitive
        self.assertEqual(self.owner_of("dept.test", "/~carol/"), [OWNERS["carol"]])
        self.assertIn(OWNERS["dept"], self.owner_of("dept.test"))

    def test_absolute_urls_use_the_sites_own_base(self):
        alice = self.get("alice.test").text
        self.assertIn('<link rel="canonical" href="http://alice.test/">', alice)
        bob = self.get("www.bob.test").text  # an alias: the canonical host is the first
        self.assertIn('<link rel="canonical" href="http://bob.test/">', bob)
        carol = self.get("dept.test", "/~carol/publications/").text
        self.assertIn('<link rel="canonical" href="http://dept.test/~carol/publications/">', carol)
        self.assertIn('href="/~carol/blog/"', carol)  # its own links stay under its prefix
        self.assertNotIn('href="/blog/"', carol)
        sitemap = self.get("dept.test", "/~carol/sitemap.xml").text
        self.assertIn("<loc>http://dept.test/~carol/</loc>", sitemap)
        self.assertNotIn("alice.test", sitemap)
        feed = self.get("alice.test", "/feed.xml").text
        self.assertIn("http://alice.test/", feed)
        self.assertNotIn("dept.test", feed)

    def test_a_prefix_without_its_slash_redirects(self):
        r = self.get("dept.test", "/~carol")
        self.assertEqual(r.status, 301)
        self.assertTrue(r.header("Location").endswith("/~carol/"), r.header("Location"))

    def test_a_prefixed_sites_redirects_keep_the_prefix(self):
        r = self.get("dept.test", "/~carol/blog")
        self.assertEqual(r.status, 301)
        self.assertTrue(r.header("Location").endswith("/~carol/blog/"), r.header("Location"))

    def test_unknown_and_hostile_hosts_get_a_404_that_names_no_site(self):
        answers = [self.get(host) for host in ("x.test.evil", "alice.test.evil", "a" * 300, "unknown.test")]
        answers += [self.get("dept.test", "/~nobody/x")]  # the home's own 404: its page, no other site's
        for r in answers[:-1]:
            self.assertIn(r.status, (400, 404))
            for name in list(OWNERS.values()) + list(OWNERS):
                self.assertNotIn(name.encode(), r.body)
        self.assertEqual(answers[-1].status, 404)
        for name in ("Alice", "Bob", "Carol"):
            self.assertNotIn(name.encode(), answers[-1].body)
        for request in (b"GET / HTTP/1.0\r\n\r\n", b"GET / HTTP/1.1\r\nHost: ../x\r\nConnection: close\r\n\r\n",
                        b"GET / HTTP/1.1\r\nHost: alice.test/../bob.test\r\nConnection: close\r\n\r\n"):
            status, body = raw_get(self.port, request)
            self.assertIn(status, (400, 404), request)
            for name in OWNERS.values():
                self.assertNotIn(name.encode(), body)

    def test_status_counts_sites_without_naming_unloaded_ones(self):
        self.get("alice.test")
        r = fetch(self.port, "/_vitae/status", headers={"Host": "status.invalid"})
        self.assertEqual(r.status, 200)
        status = json.loads(r.body)
        self.assertEqual(status["sites"]["registered"], 4)
        self.assertGreaterEqual(status["sites"]["loaded"], 1)
        self.assertIn("alice", [s["name"] for s in status["sites"]["loaded_sites"]])
        metrics = fetch(self.port, "/_vitae/metrics", headers={"Host": "alice.test"}).text
        self.assertIn("vitae_sites_registered 4", metrics)
        self.assertNotIn('site="', metrics)  # no label per site


class TestIsolation(ManySites):
    def test_an_edit_invalidates_that_sites_pages_only(self):
        for host in ("alice.test", "bob.test"):
            self.get(host)
        self.assertEqual(self.get("bob.test").header("X-Vitae-Cache"), "hit")
        rename_owner(self.db["alice"], "Alice Edited")
        self.assertIn("Alice Edited", self.get("alice.test").text)  # the next request shows it
        self.assertEqual(self.get("bob.test").header("X-Vitae-Cache"), "hit")
        rename_owner(self.db["alice"], OWNERS["alice"])

    def test_a_corrupt_database_leaves_the_others_serving(self):
        self.assertEqual(self.get("bob.test").status, 200)  # loaded: its last good version stays
        good = read(self.db["bob"], "rb")
        try:
            with open(self.db["bob"], "r+b") as f:
                f.write(b"this is not a database" * 10)
            self.assertEqual(self.owner_of("bob.test"), [OWNERS["bob"]])
            self.assertEqual(self.owner_of("alice.test"), [OWNERS["alice"]])
            self.assertEqual(self.owner_of("dept.test", "/~carol/"), [OWNERS["carol"]])
        finally:
            with open(self.db["bob"], "wb") as f:
                f.write(good)

    def test_a_sites_template_override_is_its_own_and_a_broken_one_keeps_its_last_good(self):
        self.assertEqual(self.get("bob.test").status, 200)
        overrides = os.path.join(self.sites, "bob", "templates")
        try:
            vitae("site", "override", self.sites, "bob", "home.mustache", "--templates", TEMPLATES)
            path = os.path.join(overrides, "home.mustache")
            with open(path, "a", encoding="utf-8") as f:
                f.write("<p>BOB-OVERRIDE</p>\n")
            os.chmod(overrides, 0o755)
            os.chmod(path, 0o644)
            until(lambda: "BOB-OVERRIDE" in self.get("bob.test").text, "bob's override to be served")
            self.assertNotIn("BOB-OVERRIDE", self.get("alice.test").text)  # the others keep the shared set
            with open(path, "a", encoding="utf-8") as f:
                f.write("{{#unclosed}}\n")
            time.sleep(0.3)
            bob = self.get("bob.test")
            self.assertEqual(bob.status, 200)
            self.assertIn("BOB-OVERRIDE", bob.text)  # its last good templates
            self.assertEqual(self.owner_of("alice.test"), [OWNERS["alice"]])
        finally:
            shutil.rmtree(overrides, ignore_errors=True)
        until(lambda: "BOB-OVERRIDE" not in self.get("bob.test").text, "bob back on the shared templates")

    def test_a_site_that_never_loaded_answers_503(self):
        db = make_site(self.sites, "broken", "--host", "broken.test")
        with open(db, "wb") as f:
            f.write(b"garbage" * 100)
        try:
            r = until(lambda: (lambda r: r if r.status != 404 else None)(self.get("broken.test")),
                      "the new site to be found")
            self.assertEqual(r.status, 503)
            self.assertEqual(self.owner_of("alice.test"), [OWNERS["alice"]])
        finally:
            vitae("site", "rm", self.sites, "broken")


class TestLiveRegistry(ManySites):
    def test_a_site_added_moved_and_removed_takes_effect_while_serving(self):
        self.assertEqual(self.get("eve.test").status, 404)
        make_site(self.sites, "eve", "--host", "eve.test")
        started = time.monotonic()
        until(lambda: self.get("eve.test").status == 200, "eve.test to answer", timeout=1.5)
        added_s = time.monotonic() - started
        vitae("site", "set", self.sites, "eve", "--host", "eve2.test")
        until(lambda: self.get("eve2.test").status == 200 and self.get("eve.test").status == 404,
              "eve to move to eve2.test", timeout=1.5)
        self.assertIn('href="http://eve2.test/"', self.get("eve2.test").text)
        vitae("site", "rm", self.sites, "eve")
        until(lambda: self.get("eve2.test").status == 404, "eve to be gone", timeout=1.5)
        self.assertTrue(os.path.exists(os.path.join(self.sites, "eve", "site.db")))  # content kept
        print("site added -> answering: %.0f ms" % (added_s * 1000))


class TestFastPath(ManySites):
    publish = True

    def test_pages_are_published_per_host_and_follow_edits(self):
        self.assertEqual(self.owner_of("alice.test"), [OWNERS["alice"]])
        page = os.path.join(self.stack.publish_dir, "alice.test", "index.html")
        until(lambda: os.path.exists(page), "alice.test's pages to be published")
        self.assertIn(OWNERS["alice"], read(page))
        self.get("dept.test", "/~carol/")
        carol = os.path.join(self.stack.publish_dir, "dept.test", "~carol", "index.html")
        until(lambda: os.path.exists(carol), "carol's pages to be published under dept.test/~carol/")
        rename_owner(self.db["alice"], "Alice Published")
        until(lambda: "Alice Published" in read(page), "the published page to follow",
              timeout=1.0)
        self.assertIn("Alice Published", self.get("alice.test").text)
        # nginx serves it as a file now: no worker header
        self.assertIsNone(self.get("alice.test").header("X-Vitae-Cache"))
        self.assertNotIn("Alice Published", read(carol))


class TestDepartment(unittest.TestCase):
    """The department's own pages over real sites moved in with `vitae
    import-site` (public al-folio, academicpages and Hugo sites kept in
    tests/fixtures/sites): /people/ and the group's /publications/."""

    MEMBERS = {"zhang": ("al-folio-yichi-zhang", "Theory"), "geiger": ("academicpages-stuart-geiger", "Systems"),
               "blini": ("wowchemy-elvio-blini", "")}

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="vitae-dept-")
        os.chmod(cls.dir, 0o755)
        cls.sites = os.path.join(cls.dir, "sites")
        fixtures = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures", "sites")
        vitae("site", "add", cls.sites, "dept", "--host", "dept.test", "--home", "--name", "Department of Examples")
        for name, (fixture, group) in cls.MEMBERS.items():
            vitae("site", "add", cls.sites, name, "--host", "dept.test", "--prefix", "/~%s/" % name,
                  *(["--group", group] if group else []))
            vitae("import-site", os.path.join(fixtures, fixture), os.path.join(cls.sites, name, "site.db"))
        for root, dirs, files in os.walk(cls.dir):
            for d in dirs:
                os.chmod(os.path.join(root, d), 0o755)
            for f in files:
                os.chmod(os.path.join(root, f), 0o644)
        cls.stack = stack.Stack(BUILD_DIR, None, TEMPLATES, sites=cls.sites, extra_args=["--workers", "1"])
        cls.stack.start()

    @classmethod
    def tearDownClass(cls):
        cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def get(self, path):
        return fetch(self.stack.port, path, headers={"Host": "dept.test"})

    def member_name(self, name):
        with sqlite3.connect(os.path.join(self.sites, name, "site.db")) as c:
            return c.execute("SELECT name FROM profile").fetchone()[0]

    def test_people_lists_every_member_by_group_with_a_link(self):
        r = self.get("/people/")
        self.assertEqual(r.status, 200)
        page = r.text
        for name, (fixture, group) in self.MEMBERS.items():
            self.assertIn(self.member_name(name), page)
            self.assertIn('href="http://dept.test/~%s/"' % name, page)
        for group in ("Theory", "Systems"):
            self.assertIn(group, page)
        self.assertLess(page.index("Systems"), page.index("Theory"))  # groups in order

    def test_group_publications_list_each_members_papers_linking_to_their_pages(self):
        page = self.get("/publications/").text
        with sqlite3.connect(os.path.join(self.sites, "zhang", "site.db")) as c:
            slug, title = c.execute("SELECT slug, title FROM publication ORDER BY slug LIMIT 1").fetchone()
        self.assertIn('href="http://dept.test/~zhang/publications/%s"' % slug, page)
        member = self.get("/~zhang/publications/%s" % slug)
        self.assertEqual(member.status, 200)

    def test_a_members_edit_changes_the_group_pages_only(self):
        before = self.get("/people/").text
        self.get("/")
        self.assertEqual(self.get("/").header("X-Vitae-Cache"), "hit")
        with sqlite3.connect(os.path.join(self.sites, "geiger", "site.db")) as c:
            c.execute("UPDATE profile SET job_title = 'Professor of Examples'")
        after = until(lambda: (lambda t: t if "Professor of Examples" in t else None)(self.get("/people/").text),
                      "the member's edit on /people/", timeout=3.0)
        self.assertNotEqual(before, after)
        self.assertEqual(self.get("/").header("X-Vitae-Cache"), "hit")  # the home page did not change

    def test_the_home_searches_the_group_and_a_member_only_itself(self):
        with sqlite3.connect(os.path.join(self.sites, "zhang", "site.db")) as c:
            slug, title = c.execute("SELECT slug, title FROM publication WHERE title NOT LIKE '%\"%' "
                                    "ORDER BY slug LIMIT 1").fetchone()
        phrase = urllib.parse.quote_plus('"%s"' % title)
        home = self.get("/search/?q=" + phrase)
        self.assertEqual(home.status, 200)
        group = home.text[home.text.index('<section class="group-hits"'):]
        link = '<a href="http://dept.test/~zhang/publications/%s">' % slug
        self.assertIn(link, group)  # the member's own page of it
        self.assertIn("Publication of " + self.member_name("zhang"), group)
        person = self.get("/search/?q=" + urllib.parse.quote_plus(self.member_name("geiger")))
        people = person.text[person.text.index('<section class="group-hits"'):]
        self.assertIn('Person</span><a href="http://dept.test/~geiger/">', people)
        # A member searches itself alone: not another member's paper, no group list.
        member = self.get("/~geiger/search/?q=" + phrase)
        self.assertEqual(member.status, 200)
        self.assertNotIn("group-hits", member.text)
        self.assertNotIn("/~zhang/publications/", member.text)
        own = self.get("/~zhang/search/?q=" + phrase).text
        self.assertIn('/~zhang/publications/%s">' % slug, own)  # its own paper, on its own search
        self.assertNotIn("group-hits", own)


if __name__ == "__main__":
    unittest.main()

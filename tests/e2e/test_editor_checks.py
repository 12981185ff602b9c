"""The editor's pages through the shipped nginx over HTTPS, served by the
real vitae-admin, checked by the Nu Html Checker (vnu.jar, npm vnu-jar) and
by pa11y (WCAG 2 AA, axe and HTML_CodeSniffer runners, in Debian's
Chromium): the login page, the sites, a site's dashboard, a list, a form,
the conflict page (a save from a stale copy, 409), the history, the
review of synced works, and an admin's users and one user's page. Any
finding fails the test, named by page. The npm clients are those pinned in
tests/tools/a11y/package-lock.json, put into $A11Y_CLIENTS_PREFIX (/tmp/vitae-a11y-clients)
by `npm ci` when missing, as scripts/lighthouse does; vnu needs Java
(default-jre-headless). vnu and pa11y run side by side, each once for all
seven pages (one JVM, one browser).

    VITAE_BUILD_DIR=build/dev python3 -m unittest -v test_editor_checks
"""
import http.client
import json
import os
import re
import shutil
import sqlite3
import ssl
import subprocess
import tempfile
import unittest
from urllib.parse import urlencode

from e2e_env import BUILD_DIR, REPO, TEMPLATES, private_db, require_tool  # noqa: E402  (first: sets sys.path)

import a11y_clients  # noqa: E402
import stack  # noqa: E402
from editor_session import PASSWORD, add_user  # noqa: E402

A11Y_PREFIX = a11y_clients.A11Y_PREFIX
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
# ../shared/tools/common.sh's flags: without them Chromium tries to reach Google.
CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
               "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--disable-quic", "--disable-extensions", "--hide-scrollbars",
               "--ignore-certificate-errors"]  # the stack's throwaway certificate
STALE = "0000000000000000"  # a version no row has: the save is a conflict
TOOLS_TIMEOUT_S = 180


def npm_clients():
    """pa11y and vnu.jar (a11y_clients: the pinned npm clients, installed when missing); the jar's path."""
    a11y_clients.npm_clients()
    return a11y_clients.VNU_JAR


class EditorPagesChecked(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.java = require_tool("java", "default-jre-headless")
        cls.node = require_tool("node", "nodejs")
        cls.jar = npm_clients()
        cls.dir, cls.db = private_db("vitae-editor-checks-")
        cls.auth = os.path.join(cls.dir, "auth.db")
        add_user(cls.auth, "alice", admin=True)  # an admin: the users' pages too
        add_user(cls.auth, "bob", "default")
        # A work a sync found and did not add, for the review page.
        work = {"service": "openalex", "kind": "journal", "title": "Found <em>upstream</em>", "year": 2026,
                "authors": ["Ana Lopez", "Bo Li"], "ids": [["openalex", "W4242"]], "citations": [["openalex", 3]]}
        with sqlite3.connect(cls.db) as db:
            db.execute("INSERT INTO sync_review (service, external_id, title, year, work, found) "
                       "VALUES ('openalex', 'W4242', ?, 2026, ?, '2026-12-01')", (work["title"], json.dumps(work)))
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=1, tls=True, admin=True, auth=cls.auth)
        cls.stack.__enter__()
        cls.origin = cls.stack.base_url

    @classmethod
    def tearDownClass(cls):
        cls.stack.__exit__(None, None, None)
        shutil.rmtree(cls.dir, ignore_errors=True)

    def request(self, method, path, fields=None, cookies=None):
        conn = http.client.HTTPSConnection("127.0.0.1", self.stack.port, timeout=10,
                                           context=ssl._create_unverified_context())
        headers = {}
        if cookies:
            headers["Cookie"] = "; ".join("%s=%s" % kv for kv in cookies.items())
        body = None
        if fields is not None:
            body = urlencode(fields)
            headers.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": self.origin})
        try:
            conn.request(method, path, body=body, headers=headers)
            r = conn.getresponse()
            return r.status, dict((k.lower(), v) for k, v in r.getheaders() if k.lower() != "set-cookie"), \
                [v for k, v in r.getheaders() if k.lower() == "set-cookie"], r.read().decode("utf-8")
        finally:
            conn.close()

    def session(self):
        status, _, cookies, body = self.request("GET", "/_vitae/edit/login")
        self.assertEqual(status, 200, body)
        token = re.search(r'name="csrf" value="([^"]+)"', body).group(1)
        login = cookies[0].split(";")[0].split("=", 1)
        status, _, cookies, body = self.request(
            "POST", "/_vitae/edit/login", {"csrf": token, "user": "alice", "password": PASSWORD, "next": "/_vitae/edit/"},
            cookies={login[0]: login[1]})
        self.assertEqual(status, 303, body)
        name, value = [c for c in cookies if c.startswith("__Host-vitae-session=")][0].split(";")[0].split("=", 1)
        return {name: value}

    def pages(self):
        """(name, path, how): the ten pages; a form saved once, so the history has a line."""
        jar = self.session()
        _, _, _, dashboard = self.request("GET", "/_vitae/edit/default/", cookies=jar)
        csrf = re.search(r'name="csrf" value="([^"]+)"', dashboard).group(1)
        _, _, _, form = self.request("GET", "/_vitae/edit/default/publications/1", cookies=jar)
        fields = dict(re.findall(r'<input id="f-([a-z_]+)" name="[a-z_]+" type="(?:text|url|date)" value="([^"]*)"', form))
        fields.update({"csrf": csrf, "version": re.search(r'name="version" value="([^"]+)"', form).group(1),
                       "kind": "conference", "title": "A title checked by vnu and pa11y"})
        status, _, _, body = self.request("POST", "/_vitae/edit/default/publications/1", fields, cookies=jar)
        self.assertEqual(status, 303, body)
        fields["version"] = STALE
        return jar, fields, [("login", "/_vitae/edit/login"), ("sites", "/_vitae/edit/"),
                             ("dashboard", "/_vitae/edit/default/"), ("list", "/_vitae/edit/default/publications"),
                             ("form", "/_vitae/edit/default/publications/1"),
                             ("conflict", "/_vitae/edit/default/publications/1"),
                             ("history", "/_vitae/edit/default/history"),
                             ("review", "/_vitae/edit/default/publications/review"),
                             ("users", "/_vitae/edit/_admin/users"), ("user", "/_vitae/edit/_admin/users/bob")]

    def start_vnu(self, work, jar, fields, pages):
        files = []
        for name, path in pages:
            if name == "conflict":
                status, headers, _, body = self.request("POST", path, fields, cookies=jar)
                self.assertEqual(status, 409, body)
            else:
                status, headers, _, body = self.request("GET", path, cookies=None if name == "login" else jar)
                self.assertEqual(status, 200, "%s: %s" % (name, body))
                if name == "review":  # the work is listed, escaped, with its Add button
                    self.assertIn('Found &lt;em&gt;upstream&lt;/em&gt;', body)
                    self.assertIn('name="id" value="W4242"', body)
            self.assertTrue(headers["content-type"].startswith("text/html"), headers)
            files.append(os.path.join(work, name + ".html"))
            with open(files[-1], "w", encoding="utf-8") as f:
                f.write(body)
        return subprocess.Popen([self.java, "-jar", self.jar, "--format", "gnu", *files],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def start_pa11y(self, work, pages):
        base = self.stack.base_url
        listed = []
        for name, path in pages:
            page = {"name": name, "url": base + path}
            if name == "conflict":
                page["submit"] = {"field": "version", "value": STALE}
            listed.append(page)
            if name == "login":
                listed.append("login")
        config = os.path.join(work, "pa11y.json")
        with open(config, "w") as f:
            json.dump({"chrome": CHROME, "args": CHROME_ARGS, "pages": listed,
                       "login": {"url": base + "/_vitae/edit/login", "user": "alice", "password": PASSWORD}}, f)
        env = dict(os.environ, NODE_PATH=os.path.join(A11Y_PREFIX, "node_modules"))
        return subprocess.Popen([self.node, os.path.join(REPO, "tests", "tools", "pa11y-pages.js"), config],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)

    def test_every_editor_page_is_valid_html_and_passes_wcag_2_aa(self):
        with tempfile.TemporaryDirectory() as work:
            jar, fields, pages = self.pages()
            vnu = self.start_vnu(work, jar, fields, pages)
            pa11y = self.start_pa11y(work, pages)
            vnu_out, vnu_err = vnu.communicate(timeout=TOOLS_TIMEOUT_S)
            a11y_out, a11y_err = pa11y.communicate(timeout=TOOLS_TIMEOUT_S)
        # vnu: errors and warnings ("info warning:"); plain "info:" lines are not findings.
        vnu_findings = [line.replace(work + "/", "") for line in vnu_err.splitlines() if ": info:" not in line]
        self.assertEqual(pa11y.returncode, 0, a11y_err)
        found = json.loads(a11y_out)
        self.assertEqual(sorted(found), sorted(name for name, _ in pages))
        a11y_findings = ["%s: %s %s: %s (%s: %s)" % (page, i["runner"], i["code"], i["message"], i["selector"], i["context"])
                         for page, issues in sorted(found.items()) for i in issues]
        self.assertEqual(vnu_findings + a11y_findings, [], "\n".join(vnu_findings + a11y_findings))
        self.assertEqual(vnu.returncode, 0, vnu_err)


if __name__ == "__main__":
    unittest.main()

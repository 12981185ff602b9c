"""Talking to vitae-admin as a browser would, for the editor's e2e tests:
the accounts made with `vitae user add` (a cheap Argon2id: the cost is
stored with each hash), answers with their cookies, and a mixin of
requests, logins and sessions for a test class that has `self.stack` (a
running scripts/stack.py Stack with admin=True) and `self.origin`. Plain
HTTP: the Secure cookies are sent back by hand (http.client), as a browser
would over HTTPS.
"""
import http.client
import os
import re
import subprocess
from urllib.parse import urlencode

from e2e_env import BUILD_DIR  # noqa: E402  (first: sets sys.path)

PASSWORD = "correct horse battery"
# A cheap Argon2id for the test's hashes: the cost is stored with each hash.
CHEAP_HASH = {"VITAE_ARGON2_OPS": "1", "VITAE_ARGON2_MEM_MB": "8"}


def add_user(auth, name, *sites, admin=False):
    """`vitae user add AUTH NAME [--site SITE]... [--admin] --password-stdin`, as an admin would."""
    env = dict(os.environ, **CHEAP_HASH)
    cmd = [os.path.join(BUILD_DIR, "cli", "vitae"), "user", "add", auth, name, "--password-stdin"]
    if admin:
        cmd.append("--admin")
    for site in sites:
        cmd += ["--site", site]
    done = subprocess.run(cmd, env=env, input=PASSWORD + "\n", capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise AssertionError("%s: exit %d: %s" % (" ".join(cmd), done.returncode, done.stderr))


class Answer:
    def __init__(self, response):
        self.status = response.status
        self.headers = response.getheaders()
        self.body = response.read().decode("utf-8", "replace")

    def header(self, name):
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def cookies(self):
        """name -> (value, the whole Set-Cookie line)"""
        out = {}
        for key, value in self.headers:
            if key.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                out[name] = (rest.split(";")[0], value)
        return out


class EditorRequests:
    """Requests to the stack's editor; needs self.stack and self.origin."""

    def request(self, method, path, body=None, cookies=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.stack.port, timeout=10)
        all_headers = dict(headers or {})
        if cookies:
            all_headers["Cookie"] = "; ".join("%s=%s" % kv for kv in cookies.items())
        if body is not None and "Content-Type" not in all_headers:
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body, headers=all_headers)
            return Answer(conn.getresponse())
        finally:
            conn.close()

    def post(self, path, fields, cookies=None, origin=True, headers=None):
        h = dict(headers or {})
        if origin is True:
            h["Origin"] = self.origin
        elif origin:
            h["Origin"] = origin
        return self.request("POST", path, body=urlencode(fields), cookies=cookies, headers=h)

    def login_form(self):
        page = self.request("GET", "/_vitae/edit/login")
        self.assertEqual(page.status, 200, page.body)
        token = re.search(r'name="csrf" value="([^"]+)"', page.body).group(1)
        return token, page.cookies()["__Host-vitae-login"][0]

    def log_in(self, user, password=PASSWORD, cookies=None):
        token, login_cookie = self.login_form()
        jar = dict(cookies or {})
        jar["__Host-vitae-login"] = login_cookie
        return self.post("/_vitae/edit/login", {"csrf": token, "user": user, "password": password,
                                                 "next": "/_vitae/edit/"}, cookies=jar)

    def session(self, user="alice"):
        answer = self.log_in(user)
        self.assertEqual(answer.status, 303, answer.body)
        return {"__Host-vitae-session": answer.cookies()["__Host-vitae-session"][0]}

    def csrf_of(self, session):
        page = self.request("GET", "/_vitae/edit/", cookies=session)
        self.assertEqual(page.status, 200, page.body)
        return re.search(r'name="csrf" value="([^"]+)"', page.body).group(1)

"""vitae-admin, the browser editor, through the real nginx: the login page
and its cookies, one answer for an unknown user and a wrong password, the
throttle (429, then recovery once the clock moves on: --clock-file, no
sleeping), session fixation, CSRF and Origin on every POST (403, nothing
written), logout, a site not granted (403), oversized (413) and stalled
(408 from nginx) bodies, and every editor page without a session sent to
the login page. One stack for the file; the accounts are made with
`vitae user add`. The test config is plain HTTP, so the Secure cookies are
sent back by hand (http.client), as a browser would over HTTPS.

    VITAE_BUILD_DIR=build/dev python3 -m unittest -v test_admin_security
"""
import hashlib
import os
import re
import shutil
import socket
import time
import unittest

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)

import stack  # noqa: E402
from editor_session import PASSWORD, EditorRequests, add_user  # noqa: E402


class AdminSecurity(EditorRequests, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-admin-")
        cls.auth = os.path.join(cls.dir, "auth.db")
        cls.clock = os.path.join(cls.dir, "clock")
        cls.offset = 0
        cls.set_clock(0)
        add_user(cls.auth, "alice", "default")
        add_user(cls.auth, "bob")                 # may edit no site
        add_user(cls.auth, "carol", "default")    # the brute-force target
        # A stalled body is nginx's to end: 1 s here instead of the shipped 10 s.
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=1, admin=True, auth=cls.auth,
                                admin_args=["--clock-file", cls.clock],
                                conf_filter=lambda text: text.replace("client_body_timeout 10s;", "client_body_timeout 1s;"))
        cls.stack.__enter__()
        cls.origin = "http://127.0.0.1:%d" % cls.stack.port

    @classmethod
    def tearDownClass(cls):
        cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)

    @classmethod
    def set_clock(cls, offset):
        with open(cls.clock + ".tmp", "w") as f:
            f.write(str(offset))
        os.replace(cls.clock + ".tmp", cls.clock)

    def db_digest(self):
        with open(self.db, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()

    # -- cases -----------------------------------------------------------

    def test_login_page_is_a_form_with_a_token_and_strict_headers(self):
        page = self.request("GET", "/_vitae/edit/login")
        self.assertEqual(page.status, 200)
        self.assertIn('<label for="login-password">', page.body)
        self.assertRegex(page.body, r'<input type="hidden" name="csrf" value="[A-Za-z0-9_-]{20,}">')
        line = page.cookies()["__Host-vitae-login"][1]
        for flag in ("Secure", "HttpOnly", "SameSite=Strict", "Path=/"):
            self.assertIn(flag, line)
        self.assertNotIn("Domain", line)
        self.assertEqual(page.header("Content-Security-Policy"),
                         "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                         "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
        self.assertEqual(page.header("Cache-Control"), "no-store")
        self.assertEqual(page.header("X-Content-Type-Options"), "nosniff")
        self.assertEqual(page.header("Referrer-Policy"), "same-origin")
        css = self.request("GET", "/_vitae/edit/static/editor.css")
        self.assertEqual(css.status, 200)
        self.assertTrue(css.header("Content-Type").startswith("text/css"))
        self.assertEqual(self.request("GET", "/_vitae/edit/static/../login").status, 404)
        self.assertEqual(self.request("GET", "/_vitae/edit/static/layout.mustache").status, 404)

    def test_every_editor_page_without_a_session_goes_to_the_login_page(self):
        for path in ("/_vitae/edit/", "/_vitae/edit/default/", "/_vitae/edit/default/bio", "/_vitae/edit/nosuch/x"):
            answer = self.request("GET", path)
            self.assertEqual(answer.status, 303, path)
            self.assertTrue(answer.header("Location").startswith("/_vitae/edit/login?next="), answer.header("Location"))
        self.assertEqual(self.request("GET", "/_vitae/edit/default/bio").header("Location"),
                         "/_vitae/edit/login?next=/_vitae/edit/default/bio")
        self.assertEqual(self.post("/_vitae/edit/default/bio", {"csrf": "x"}).status, 403)
        self.assertEqual(self.request("GET", "/_vitae/edit/", cookies={"__Host-vitae-session": "forged"}).status, 303)

    def raw_get(self, path, cookies):
        """The answer's bytes as nginx sent them: http.client would parse an
        injected header into its list, or stop at an injected empty line."""
        cookie = "; ".join("%s=%s" % kv for kv in cookies.items())
        with socket.create_connection(("127.0.0.1", self.stack.port), timeout=10) as s:
            s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: %s\r\nConnection: close\r\n\r\n"
                       % (path, cookie)).encode("ascii"))
            reply = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    return reply
                reply += chunk

    def test_a_line_break_in_the_path_never_reaches_a_header(self):
        # Any signed-in user, even one with no site: the editor once built
        # Location from the decoded path, so %0D%0A (or a lone %0A) started
        # a header, and a second one a body, of the sender's choosing.
        session = self.session("bob")
        for path in ("/_vitae/edit/zz%0D%0ASet-Cookie:%20inj=1", "/_vitae/edit/zz%0ASet-Cookie:%20inj=1",
                     "/_vitae/edit/zz%0DSet-Cookie:%20inj=1",
                     "/_vitae/edit/zz%0D%0A%0D%0A%3Chtml%3Einjected-body", "/_vitae/edit/default%0D%0AX-Injected:%201"):
            reply = self.raw_get(path, session)
            head, _, body = reply.partition(b"\r\n\r\n")
            lines = head.split(b"\r\n")
            self.assertFalse([line for line in lines if line.lower().startswith((b"set-cookie", b"x-injected", b"location"))],
                             (path, head))
            self.assertTrue(head.startswith(b"HTTP/1.1 400 Bad Request\r\n"), (path, reply[:300]))
            self.assertNotIn(b"inj=1", reply, path)
            self.assertNotIn(b"injected", reply, path)
            self.assertNotIn(b"Injected", reply, path)
            self.assertIn(b"control character in path", body, path)
        # The session is untouched, and a redirect says its own reason phrase.
        redirect = self.raw_get("/_vitae/edit/default", session)
        self.assertTrue(redirect.startswith(b"HTTP/1.1 303 See Other\r\n"), redirect[:200])
        self.assertIn(b"\r\nLocation: /_vitae/edit/default/\r\n", redirect)
        self.assertEqual(self.request("GET", "/_vitae/edit/", cookies=session).status, 200)

    def test_unknown_user_and_wrong_password_get_the_same_answer(self):
        wrong = self.log_in("alice", "not the password")
        unknown = self.log_in("nobody-here", "not the password")
        self.assertEqual(wrong.status, unknown.status)
        self.assertNotIn("__Host-vitae-session", wrong.cookies())
        def strip(body):
            return re.sub(r'value="[A-Za-z0-9_-]{20,}"', "TOKEN", body)
        self.assertEqual(strip(wrong.body), strip(unknown.body))
        self.assertIn("Wrong user name or password", wrong.body)

    def test_login_without_the_forms_token_or_from_elsewhere_is_refused(self):
        token, login_cookie = self.login_form()
        fields = {"csrf": token, "user": "alice", "password": PASSWORD}
        self.assertEqual(self.post("/_vitae/edit/login", fields).status, 403)  # no login cookie
        other = {"__Host-vitae-login": login_cookie}
        self.assertEqual(self.post("/_vitae/edit/login", dict(fields, csrf="x" * 43), cookies=other).status, 403)
        self.assertEqual(self.post("/_vitae/edit/login", fields, cookies=other, origin="https://evil.example").status, 403)

    def test_session_cookie_is_fresh_and_strict(self):
        planted = {"__Host-vitae-session": "attacker-chosen-value"}
        answer = self.log_in("alice", cookies=planted)
        self.assertEqual(answer.status, 303, answer.body)
        self.assertEqual(answer.header("Location"), "/_vitae/edit/")
        value, line = answer.cookies()["__Host-vitae-session"]
        self.assertNotEqual(value, "attacker-chosen-value")
        self.assertGreaterEqual(len(value), 43)
        for flag in ("Secure", "HttpOnly", "SameSite=Strict", "Path=/"):
            self.assertIn(flag, line)
        self.assertNotIn("Domain", line)
        self.assertEqual(self.request("GET", "/_vitae/edit/", cookies=planted).status, 303)
        page = self.request("GET", "/_vitae/edit/", cookies={"__Host-vitae-session": value})
        self.assertEqual(page.status, 200)
        self.assertIn("alice", page.body)
        self.assertIn('href="/_vitae/edit/default/"', page.body)
        # A granted site: the edit engine's page inside the frame, with the logout form.
        dashboard = self.request("GET", "/_vitae/edit/default/", cookies={"__Host-vitae-session": value})
        self.assertEqual(dashboard.status, 200, dashboard.body)
        self.assertIn('action="/_vitae/edit/logout"', dashboard.body)
        self.assertIn("Site: default", dashboard.body)

    def test_posts_without_a_valid_token_or_origin_are_refused_and_write_nothing(self):
        session = self.session()
        token = self.csrf_of(session)
        before = self.db_digest()
        bio = "/_vitae/edit/default/bio"
        cases = [
            ({"bio": "owned"}, True, {}),                                   # no token
            ({"bio": "owned", "csrf": "A" * 43}, True, {}),                  # another token
            ({"bio": "owned", "csrf": token}, "https://evil.example", {}),   # foreign Origin
            ({"bio": "owned", "csrf": token}, "null", {}),
            ({"bio": "owned", "csrf": token}, False, {}),                    # no Origin, no Referer
            ({"bio": "owned", "csrf": token}, False, {"Referer": "https://evil.example/x"}),
        ]
        for fields, origin, headers in cases:
            answer = self.post(bio, fields, cookies=session, origin=origin, headers=headers)
            self.assertEqual(answer.status, 403, (fields, origin, headers))
            self.assertIn("nothing was saved", answer.body)
        self.assertEqual(self.db_digest(), before)
        # The same session still works: a refused POST ends nothing.
        self.assertEqual(self.request("GET", "/_vitae/edit/", cookies=session).status, 200)

    def test_logout_is_a_checked_post_and_ends_the_session(self):
        session = self.session()
        token = self.csrf_of(session)
        self.assertNotEqual(self.request("GET", "/_vitae/edit/logout", cookies=session).status, 303)
        self.assertEqual(self.post("/_vitae/edit/logout", {}, cookies=session).status, 403)
        self.assertEqual(self.request("GET", "/_vitae/edit/", cookies=session).status, 200)
        answer = self.post("/_vitae/edit/logout", {"csrf": token}, cookies=session)
        self.assertEqual(answer.status, 303)
        self.assertEqual(answer.header("Location"), "/_vitae/edit/login")
        self.assertIn("Max-Age=0", answer.cookies()["__Host-vitae-session"][1])
        self.assertEqual(self.request("GET", "/_vitae/edit/", cookies=session).status, 303)

    def test_a_site_not_granted_is_403(self):
        session = self.session("bob")
        page = self.request("GET", "/_vitae/edit/", cookies=session)
        self.assertEqual(page.status, 200)
        self.assertNotIn('href="/_vitae/edit/default/"', page.body)
        for path in ("/_vitae/edit/default/", "/_vitae/edit/default/bio"):
            self.assertEqual(self.request("GET", path, cookies=session).status, 403, path)
        token = self.csrf_of(session)
        before = self.db_digest()
        self.assertEqual(self.post("/_vitae/edit/default/bio", {"csrf": token, "bio": "x"}, cookies=session).status, 403)
        self.assertEqual(self.db_digest(), before)

    def test_oversized_bodies_are_413(self):
        big = "a=" + "x" * (1024 * 1024)
        self.assertEqual(self.request("POST", "/_vitae/edit/login", body=big).status, 413)
        self.assertEqual(self.request("POST", "/_vitae/edit/login", body="x",
                                      headers={"Content-Length": str(40 * 1024 * 1024)}).status, 413)

    def test_a_stalled_body_is_ended(self):
        with socket.create_connection(("127.0.0.1", self.stack.port), timeout=10) as s:
            s.sendall(b"POST /_vitae/edit/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nuser=a")
            started = time.monotonic()
            try:
                reply = s.recv(4096).decode("ascii", "replace")
            except ConnectionResetError:  # nginx's 408 is a closed connection (ngx_http_request_body)
                reply = ""
            self.assertLess(time.monotonic() - started, 5)
        self.assertTrue(reply.startswith("HTTP/1.1 408") or reply == "", reply[:80])

    def test_brute_force_is_throttled_then_recovers(self):
        answers = [self.log_in("carol", "guess %d" % i) for i in range(6)]
        self.assertEqual([a.status for a in answers[:5]], [200] * 5)
        throttled = answers[5]
        self.assertEqual(throttled.status, 429)
        self.assertGreater(int(throttled.header("Retry-After")), 0)
        self.assertIn("Too many failed logins", throttled.body)
        self.assertEqual(self.log_in("carol").status, 429)  # even the right password waits
        self.__class__.offset += int(throttled.header("Retry-After")) + 1
        self.set_clock(self.offset)
        self.assertEqual(self.log_in("carol").status, 303)


class TrustedHeader(unittest.TestCase):
    """--trust-user-header: nginx names the user (here from a test header, in
    place of auth_request's); it must be an account, the login page is gone,
    and the editor's own session still guards its forms."""

    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-admin-sso-")
        cls.auth = os.path.join(cls.dir, "auth.db")
        add_user(cls.auth, "alice", "default")
        sso = lambda text: text.replace('fastcgi_param VITAE_REMOTE_USER "";',
                                        "fastcgi_param VITAE_REMOTE_USER $http_x_test_user;")
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=1, admin=True, auth=cls.auth,
                                admin_args=["--trust-user-header"], conf_filter=sso)
        cls.stack.__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)

    request = AdminSecurity.request

    def test_the_named_account_is_signed_in_and_others_are_not(self):
        self.assertEqual(self.request("GET", "/_vitae/edit/").status, 403)
        self.assertEqual(self.request("GET", "/_vitae/edit/", headers={"X-Test-User": "ghost"}).status, 403)
        self.assertEqual(self.request("GET", "/_vitae/edit/login").status, 404)
        page = self.request("GET", "/_vitae/edit/", headers={"X-Test-User": "alice"})
        self.assertEqual(page.status, 200, page.body)
        self.assertIn('href="/_vitae/edit/default/"', page.body)
        session = {"__Host-vitae-session": page.cookies()["__Host-vitae-session"][0]}
        again = self.request("GET", "/_vitae/edit/", cookies=session, headers={"X-Test-User": "alice"})
        self.assertNotIn("__Host-vitae-session", again.cookies())  # the session is kept, not renewed
        origin = {"Origin": "http://127.0.0.1:%d" % self.stack.port, "X-Test-User": "alice"}
        self.assertEqual(self.request("POST", "/_vitae/edit/logout", body="", cookies=session, headers=origin).status, 403)
        # The cookie of alice's session is no one's once the header names another.
        self.assertEqual(self.request("GET", "/_vitae/edit/", cookies=session).status, 403)


if __name__ == "__main__":
    unittest.main()

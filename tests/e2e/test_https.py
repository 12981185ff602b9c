"""End to end: the shipped nginx.conf's HTTPS + HTTP/2 server and its port-80 server.

One stack (scripts/stack.py with tls=True: a throwaway self-signed P-256
certificate made by openssl in the stack's temp dir; the 443 server on a free
port with "ssl http2", the port-80 server on another) with the fast path on,
driven by curl (HTTP/2 needs it; Python's stdlib speaks only HTTP/1.1). curl
checks the certificate against the throwaway one (--cacert), not -k.

Env: as test_site.py (VITAE_BUILD_DIR, VITAE_DB, VITAE_TEMPLATES).
"""
import contextlib
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import time
import unittest

from e2e_env import BUILD_DIR, DB, HERE, REPO, TEMPLATES, require_tool  # noqa: E402,F401  (first: sets sys.path)
import stack  # noqa: E402

HSTS = "max-age=63072000"
PUBLISH_TIMEOUT_S = 10.0
STACK = None
CURL_TMP = None


class Answer:
    def __init__(self, code, version, headers, body):
        self.code, self.version, self.headers, self.body = code, version, headers, body

    def header(self, name):
        return self.headers.get(name.lower())


def curl(url, *args):
    """One exchange with curl (no redirects followed). Returns an Answer, or
    None when no HTTP answer came (e.g. the TLS handshake failed)."""
    head, body = os.path.join(CURL_TMP, "head"), os.path.join(CURL_TMP, "body")
    for path in (head, body):
        if os.path.exists(path):
            os.unlink(path)
    cmd = ["curl", "-sS", "--max-time", "10", "--cacert", STACK.tls[0],
           "-D", head, "-o", body, "-w", "%{http_code} %{http_version}", *args, url]
    done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if done.returncode != 0:
        return None
    code, version = done.stdout.split()
    headers = {}
    with open(head, encoding="latin-1") as f:
        for line in f.read().splitlines()[1:]:
            name, sep, value = line.partition(":")
            if sep:
                headers[name.strip().lower()] = value.strip()
    with open(body, "rb") as f:
        return Answer(int(code), version, headers, f.read())


def https(path, *args):
    return curl(STACK.base_url + path, *args)


def http(path, *args):
    return curl("http://127.0.0.1:%d%s" % (STACK.http_port, path), *args)


def setUpModule():
    global STACK, CURL_TMP
    for tool in ("curl", "openssl"):
        require_tool(tool, tool)
    CURL_TMP = tempfile.mkdtemp(prefix="vitae-https-test-")
    STACK = stack.Stack(BUILD_DIR, DB, TEMPLATES, threads=2, publish=True, tls=True,
                        extra_args=["--workers", "1"])
    STACK.__enter__()


def tearDownModule():
    if STACK is not None:
        STACK.stop()
    if CURL_TMP:
        shutil.rmtree(CURL_TMP, ignore_errors=True)


def wait_for_published(relative):
    """The fast path's copy appears within milliseconds of start-up: poll for it."""
    path = os.path.join(STACK.publish_dir, relative)
    deadline = time.monotonic() + PUBLISH_TIMEOUT_S
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            raise AssertionError("%s not published after %.0f s" % (path, PUBLISH_TIMEOUT_S))
        time.sleep(0.02)


def a_paper_slug():
    with contextlib.closing(sqlite3.connect("file:%s?mode=ro" % DB, uri=True)) as con:
        return con.execute("SELECT slug FROM publication ORDER BY id LIMIT 1").fetchone()[0]


class Https(unittest.TestCase):
    def test_home_is_served_over_http2_with_hsts(self):
        r = https("/", "--http2")
        self.assertIsNotNone(r, "curl --http2 failed")
        self.assertEqual((r.code, r.version), (200, "2"))
        self.assertEqual(r.header("Strict-Transport-Security"), HSTS)
        self.assertEqual(r.header("X-Frame-Options"), "DENY")
        self.assertEqual(r.header("X-Content-Type-Options"), "nosniff")
        self.assertTrue(r.header("Content-Type").startswith("text/html"))
        self.assertIn(b"</html>", r.body)

    def test_errors_carry_hsts_and_security_headers_too(self):
        r = https("/no/such/page", "--http2")
        self.assertEqual((r.code, r.version), (404, "2"))
        self.assertEqual(r.header("Strict-Transport-Security"), HSTS)
        self.assertIsNotNone(r.header("Content-Security-Policy"))

    def test_http1_1_clients_are_served_too(self):
        r = https("/", "--http1.1")
        self.assertEqual((r.code, r.version), (200, "1.1"))
        self.assertEqual(r.header("Strict-Transport-Security"), HSTS)

    def test_tls_1_2_and_1_3_are_accepted(self):
        for args in (("--tlsv1.3",), ("--tlsv1.2", "--tls-max", "1.2")):
            with self.subTest(args=args):
                r = https("/", *args)
                self.assertIsNotNone(r, "handshake failed with %s" % (args,))
                self.assertEqual(r.code, 200)

    def test_ciphers_outside_the_intermediate_list_are_refused(self):
        # The certificate is ECDSA: ECDHE-ECDSA-AES128-SHA (CBC) would work with
        # it, but is not in Mozilla's intermediate list; its GCM sibling is.
        self.assertIsNone(https("/", "--tls-max", "1.2", "--ciphers", "ECDHE-ECDSA-AES128-SHA"))
        self.assertEqual(https("/", "--tls-max", "1.2", "--ciphers", "ECDHE-ECDSA-AES128-GCM-SHA256").code, 200)

    def test_tls_1_1_is_refused(self):
        # SECLEVEL=0 so that our own client is willing to offer TLS 1.1; the
        # server's "protocol version" alert (70) shows that ssl_protocols refused it.
        done = subprocess.run(["openssl", "s_client", "-connect", "127.0.0.1:%d" % STACK.port,
                               "-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0"],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=10)
        self.assertNotEqual(done.returncode, 0, done.stdout[-1000:])
        self.assertIn("alert protocol version", done.stderr)
        self.assertIn("Cipher is (NONE)", done.stdout)

    def test_published_page_is_served_statically_over_tls(self):
        wait_for_published("index.html")
        r = https("/", "--http2")
        self.assertEqual((r.code, r.version), (200, "2"))
        self.assertIsNone(r.header("X-Vitae-Cache"), "the published copy, not the worker, should answer")
        self.assertEqual(r.header("Strict-Transport-Security"), HSTS)
        gz = https("/", "--http2", "-H", "Accept-Encoding: gzip")
        self.assertEqual(gz.header("Content-Encoding"), "gzip")

    def test_worker_answers_over_tls_where_the_fast_path_does_not(self):
        slug = a_paper_slug()
        wait_for_published("publications/%s/index.html" % slug)
        r = https("/publications/" + slug, "--http2", "-H", "Accept: application/x-bibtex")
        self.assertEqual((r.code, r.version), (200, "2"))
        self.assertEqual(r.header("Content-Type"), "application/x-bibtex; charset=utf-8")
        self.assertIn(r.header("X-Vitae-Cache"), ("hit", "miss"), "the citation map should send it to the worker")
        self.assertEqual(r.header("Strict-Transport-Security"), HSTS)

    def test_status_is_loopback_only_over_tls(self):
        r = https("/_vitae/status", "--http2")
        self.assertEqual(r.code, 200)
        self.assertIsInstance(json.loads(r.body.decode("utf-8")), dict)
        # What this proves: the allow/deny lines apply over TLS to a client
        # whose address is not 127.0.0.1 or ::1. 127.0.0.2 is still on the
        # loopback interface (no other interface is available to a test), but
        # nginx's "allow 127.0.0.1" names one address, not the interface.
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.2", 0))
            except OSError as e:  # Linux routes all of 127.0.0.0/8 to lo: this is a broken host, not a pass
                self.fail("cannot bind 127.0.0.2 for a non-allowed client: %s" % e)
        other = https("/_vitae/status", "--http2", "--interface", "127.0.0.2")
        self.assertIsNotNone(other, "curl from 127.0.0.2 failed")
        self.assertEqual(other.code, 403)
        self.assertEqual(https("/", "--interface", "127.0.0.2").code, 200)  # only the status is refused

    def test_session_tickets_are_off(self):
        done = subprocess.run(["openssl", "s_client", "-connect", "127.0.0.1:%d" % STACK.port,
                               "-tls1_2", "-CAfile", STACK.tls[0]],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=10)
        self.assertEqual(done.returncode, 0, done.stderr[-1000:])
        self.assertIn("Verify return code: 0 (ok)", done.stdout)
        self.assertNotIn("TLS session ticket:", done.stdout)


class PortEighty(unittest.TestCase):
    def test_everything_else_is_redirected_to_https_with_the_same_path(self):
        for path in ("/", "/blog/some-post?x=1&y=2", "/_vitae/status", "/.well-known/other"):
            with self.subTest(path=path):
                r = http(path)
                self.assertEqual(r.code, 301)
                self.assertEqual(r.header("Location"), STACK.base_url + path)
                self.assertIsNone(r.header("X-Vitae-Cache"))  # never the worker

    def test_acme_challenge_is_served_from_the_webroot(self):
        directory = os.path.join(STACK.acme_dir, ".well-known", "acme-challenge")
        os.makedirs(directory, exist_ok=True)
        token, content = "Zm9vYmFyLXRva2VuLTEyMw", b"Zm9vYmFyLXRva2VuLTEyMw.thumbprint\n"
        with open(os.path.join(directory, token), "wb") as f:
            f.write(content)
        os.chmod(os.path.join(directory, token), 0o644)
        r = http("/.well-known/acme-challenge/" + token)
        self.assertEqual(r.code, 200)
        self.assertEqual(r.body, content)
        self.assertEqual(r.header("Content-Type"), "text/plain")
        # A missing token is a 404 right there: certbot's error names it, not a redirect.
        self.assertEqual(http("/.well-known/acme-challenge/missing").code, 404)


if __name__ == "__main__":
    unittest.main()

"""Hostile input, through nginx and straight to the worker's FastCGI socket.

Each test sends one kind of bad request both ways where it makes sense:
through the shipped nginx.conf (which filters some of it itself) and to the
worker's socket (tests/e2e/fcgi_client.py), where nothing filters. The answer
must be a correct status, never a crash: after every test the worker still
runs and answers GET / with 200 both ways (tearDown).

Also: 100 000 distinct URLs (memory and page cache stay bounded; RSS is
printed) and a site whose every field holds markup (rendered escaped).
VITAE_DISTINCT_URLS (default 100000) sets the URL count.
"""
import html.parser
import http.client
import json
import os
import re
import shutil
import socket
import sqlite3
import sys
import tempfile
import threading
import time
import unittest

from e2e_env import BUILD_DIR, DB, HERE, REPO, TEMPLATES  # noqa: E402,F401  (first: sets sys.path)
import fcgi_client  # noqa: E402
import procinfo  # noqa: E402
import stack  # noqa: E402
from client import fetch  # noqa: E402

SOURCE_DIR = os.environ.get("VITAE_SOURCE_DIR", REPO)
DISTINCT_URLS = int(os.environ.get("VITAE_DISTINCT_URLS", "100000"))
RSS_GROWTH_LIMIT_KB = 10 * 1024
POST_SLUG = "linear-attention-visualized"
ALLOW = "GET, HEAD"


def worker_args():
    # One worker process: /_vitae/status then describes the process that served
    # every request (each process has its own page cache).
    return ["--workers", "1"]


class RawReply:
    def __init__(self, data):
        head, _, self.body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.status_line = lines[0]
        self.status = int(lines[0].split()[1]) if len(lines[0].split()) > 1 else None
        self.headers = [tuple(x.strip() for x in line.split(":", 1)) for line in lines[1:] if ":" in line]

    def header(self, name):
        values = [v for k, v in self.headers if k.lower() == name.lower()]
        return values[0] if values else None


def raw_http(port, data, timeout=10):
    """Sends bytes nginx must parse itself (http.client refuses to send them)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        chunks = []
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    return RawReply(b"".join(chunks))


def get_line(target, headers=b"", body=b"", method=b"GET"):
    return (method + b" " + target + b" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
            + headers + b"\r\n" + body)


class Served(unittest.TestCase):
    """A stack over the shipped content; tearDown checks the worker survived."""
    stack = None
    home = None

    @classmethod
    def setUpClass(cls):
        cls.stack = stack.Stack(BUILD_DIR, cls.database(), TEMPLATES, threads=2,
                                extra_args=worker_args()).__enter__()
        try:
            cls.home = fetch(cls.stack.port, "/").body
        except BaseException:
            cls.stack.stop()
            raise

    @classmethod
    def database(cls):
        return DB

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        assert code == 0, "worker exit code %r:\n%s" % (code, cls.stack.final_worker_log)

    def tearDown(self):
        self.assertIsNone(self.stack.worker.poll(), "worker exited:\n" + self.stack.worker_stderr())
        self.assertEqual(fetch(self.stack.port, "/").status, 200, "GET / through nginx after the test")
        self.assertEqual(fcgi_client.get(self.stack.socket_path, "/").status, 200, "GET / on the socket after the test")

    # -- helpers ---------------------------------------------------------

    def nginx(self, path, method="GET", headers=None, body=None):
        return fetch_full(self.stack.port, path, method, headers, body)

    def direct(self, uri="/", method="GET", extra=None, drop=(), stdin=b""):
        return fcgi_client.request(self.stack.socket_path,
                                   fcgi_client.params_for(method, uri, extra, drop), stdin=stdin)

    def assert_status(self, reply, status, what):
        self.assertEqual(reply.status, status, "%s: got %r" % (what, reply.status))

    def assert_405(self, reply, what, allow=True):
        self.assert_status(reply, 405, what)
        if allow:
            self.assertEqual(reply.header("Allow"), ALLOW, what)


def fetch_full(port, path, method="GET", headers=None, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        data = r.read()
        reply = RawReply(b"HTTP/1.1 %d x\r\n\r\n" % r.status)
        reply.headers, reply.body = r.getheaders(), data
        return reply
    finally:
        conn.close()


class LongInput(Served):
    def test_uri_over_the_worker_limit_is_414_through_nginx(self):
        self.assert_status(self.nginx("/" + "a" * 5000), 414, "5000-byte URI (the worker's 414)")

    def test_uri_over_nginx_buffers_is_414_from_nginx(self):
        self.assert_status(self.nginx("/" + "a" * 20000), 414, "20000-byte URI")

    def test_uri_at_and_over_the_limit_direct(self):
        self.assert_status(self.direct("/" + "a" * 4095), 404, "4096-byte URI")
        self.assert_status(self.direct("/" + "a" * 4096), 414, "4097-byte URI")
        self.assert_status(self.direct("/" + "a" * (1 << 20)), 414, "1 MiB URI")

    def test_header_over_nginx_buffers_is_400(self):
        r = raw_http(self.stack.port, get_line(b"/", b"X-Long: " + b"a" * 10000 + b"\r\n"))
        self.assert_status(r, 400, "10000-byte header")
        many = b"".join(b"X-H%d: %s\r\n" % (i, b"a" * 7000) for i in range(5))
        self.assert_status(raw_http(self.stack.port, get_line(b"/", many)), 400, "5 x 7000-byte headers")

    def test_long_conditional_headers_are_ignored_through_nginx(self):
        for name in ("If-None-Match", "Accept-Encoding", "If-Modified-Since"):
            r = self.nginx("/", headers={name: "x" * 6000})
            self.assert_status(r, 200, name)
            self.assertEqual(r.body, self.home, name)

    def test_huge_params_direct(self):
        for name in ("HTTP_IF_NONE_MATCH", "HTTP_ACCEPT_ENCODING", "HTTP_X_JUNK", "QUERY_STRING"):
            r = self.direct("/", extra={name: "x" * (1 << 20)})
            self.assert_status(r, 200, "1 MiB %s" % name)
            self.assertEqual(r.body, self.home, name)

    def test_huge_param_name_direct(self):
        r = self.direct("/", extra={"HTTP_" + "X" * 200000: "1"})
        self.assert_status(r, 200, "200 KB param name")


class ManyParams(Served):
    def test_many_query_parameters_through_nginx(self):
        query = "&".join("p%d=%d" % (i, i) for i in range(450))  # ~3.8 KB, under the worker's limit
        self.assertLess(len(query), 4000)
        r = self.nginx("/?" + query)
        self.assert_status(r, 200, "450 query parameters")
        self.assertEqual(r.body, self.home)
        r = self.nginx("/?" + "&".join("p%d=%d" % (i, i) for i in range(1000)))
        self.assert_status(r, 414, "1000 query parameters (~8 KB URI)")

    def test_many_fastcgi_params_direct(self):
        extra = {"HTTP_X_%d" % i: "v%d" % i for i in range(20000)}
        r = self.direct("/?a=1", extra=extra)
        self.assert_status(r, 200, "20 000 params")
        self.assertEqual(r.body, self.home)

    def test_duplicate_params_direct(self):
        params = list(fcgi_client.params_for("GET", "/").items())
        params += [("REQUEST_METHOD", "DELETE"), ("REQUEST_URI", "/%00")] * 100
        r = fcgi_client.request(self.stack.socket_path, params)
        self.assertIn(r.status, (200, 400, 405), "duplicate params")


class PercentEncoding(Served):
    # path -> (through nginx, direct). nginx answers 400 itself for paths that
    # climb above the root; everything else reaches the worker.
    CASES = {
        "/%00": (400, 400),
        "/blog/%00": (400, 400),
        "/blog%0D%0ASet-Cookie:%20inj=1": (400, 400),  # a line break would reach the add-a-slash Location
        "/blog%0Ax": (400, 400),
        "/%09": (400, 400),
        "/%2e%2e/": (400, 404),
        "/%2e%2e/%2e%2e/etc/passwd": (400, 404),
        "/blog/%2e%2e/": (404, 404),
        "/blog/%2e%2e%2f%2e%2e%2fetc%2fpasswd": (400, 404),  # nginx decodes %2f too
        "/%c0%ae%c0%ae/": (400, 400),     # overlong '.'
        "/%e0%80%ae": (400, 400),         # overlong, 3 bytes
        "/%c0%af": (400, 400),            # overlong '/'
        "/%ed%a0%80": (400, 400),         # UTF-16 surrogate
        "/%f4%90%80%80": (400, 400),      # past U+10FFFF
        "/%ff": (400, 400),
        "/%c3": (400, 400),               # truncated sequence
        "/blog/%fe%ff": (400, 400),
        "/%zz": (400, 400),
        "/%4": (400, 400),
        "/%": (400, 400),
        "/%C3%A9t%C3%A9": (404, 404),     # valid UTF-8: just not a page
    }

    def test_percent_tricks_through_nginx(self):
        for path, (via_nginx, _) in self.CASES.items():
            with self.subTest(path=path):
                self.assert_status(self.nginx(path), via_nginx, path)

    def test_percent_tricks_direct(self):
        for path, (_, direct) in self.CASES.items():
            with self.subTest(path=path):
                self.assert_status(self.direct(path), direct, path)

    def test_raw_invalid_utf8_bytes(self):
        r = raw_http(self.stack.port, get_line(b"/\xff\xfe"))
        self.assert_status(r, 400, "raw 0xff 0xfe through nginx")
        r = self.direct("/\xc0\xae\xff")  # params are sent as latin-1 bytes
        self.assert_status(r, 400, "raw bytes direct")

    def test_dot_dot_paths(self):
        for path, via_nginx, direct in (("/../etc/passwd", 400, 404), ("/blog/../", 404, 404),
                                        ("/blog/..", 404, 404), ("/./", 404, 404),
                                        ("/blog/./" + POST_SLUG, 404, 404)):
            with self.subTest(path=path):
                r = raw_http(self.stack.port, get_line(path.encode()))  # http.client would not normalize, but be sure
                self.assert_status(r, via_nginx, "through nginx " + path)
                self.assert_status(self.direct(path), direct, "direct " + path)

    def test_uri_not_starting_with_slash_direct(self):
        for uri in ("", "*", "http://evil.example/", "blog/", "%2F"):
            with self.subTest(uri=uri):
                self.assert_status(self.direct(uri), 400, repr(uri))


class Methods(Served):
    def test_other_methods_are_405_with_allow_through_nginx(self):
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "MKCOL", "FOO"):
            with self.subTest(method=method):
                self.assert_405(raw_http(self.stack.port, get_line(b"/", method=method.encode())), method)

    def test_trace_and_connect_are_refused_by_nginx(self):
        for method in (b"TRACE", b"CONNECT"):
            with self.subTest(method=method):
                self.assert_405(raw_http(self.stack.port, get_line(b"/", method=method)), method, allow=False)

    def test_lowercase_method_is_400_from_nginx(self):
        self.assert_status(raw_http(self.stack.port, get_line(b"/", method=b"get")), 400, "get")

    def test_other_methods_are_405_with_allow_direct(self):
        for method in ("POST", "PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT", "get", "GETX", "GE", "G\x00ET",
                       "x" * 5000):
            with self.subTest(method=method[:20]):
                self.assert_405(self.direct("/", method=method), repr(method[:20]))

    def test_head_direct_has_no_body(self):
        r = self.direct("/", method="HEAD")
        self.assert_status(r, 200, "HEAD")
        self.assertEqual(r.body, b"")
        self.assertEqual(r.header("Content-Length"), str(len(self.home)))


class MissingParams(Served):
    def test_missing_request_uri_is_400(self):
        self.assert_status(self.direct(drop=["REQUEST_URI"]), 400, "no REQUEST_URI")

    def test_missing_request_method_is_400(self):
        self.assert_status(self.direct(drop=["REQUEST_METHOD"]), 400, "no REQUEST_METHOD")
        self.assert_status(self.direct(method=""), 400, "empty REQUEST_METHOD")

    def test_no_params_at_all_is_400(self):
        self.assert_status(fcgi_client.request(self.stack.socket_path, {}), 400, "no params")


class Bodies(Served):
    def test_post_with_body_is_405_through_nginx(self):
        r = self.nginx("/", method="POST", body=b"a=1&b=2", headers={"Content-Type": "application/x-www-form-urlencoded"})
        self.assert_405(r, "POST with body")

    def test_body_over_nginx_limit_is_413(self):
        r = raw_http(self.stack.port, get_line(b"/", b"Content-Length: 20000\r\n", b"a" * 20000, method=b"POST"))
        self.assert_status(r, 413, "20000-byte body")

    def test_get_with_body_is_200_through_nginx(self):
        r = raw_http(self.stack.port, get_line(b"/", b"Content-Length: 5\r\n", b"hello"))
        self.assert_status(r, 200, "GET with Content-Length body")
        self.assertEqual(r.body, self.home)
        r = raw_http(self.stack.port, get_line(b"/", b"Transfer-Encoding: chunked\r\n", b"5\r\nhello\r\n0\r\n\r\n"))
        self.assert_status(r, 200, "GET with chunked body")
        self.assertEqual(r.body, self.home)

    def test_bodies_direct(self):
        r = self.direct("/", "POST", extra={"CONTENT_LENGTH": str(1 << 20)}, stdin=b"a" * (1 << 20))
        self.assert_405(r, "POST with 1 MiB body")
        r = self.direct("/", "GET", extra={"CONTENT_LENGTH": "100000"}, stdin=b"b" * 100000)
        self.assert_status(r, 200, "GET with 100 KB body")
        self.assertEqual(r.body, self.home)
        r = self.direct("/", "GET", extra={"CONTENT_LENGTH": "999999999"}, stdin=b"short")
        self.assert_status(r, 200, "GET with a lying CONTENT_LENGTH")


class Ranges(Served):
    RANGES = ("bytes=0-10", "bytes=-5", "bytes=0-1,5-6", "bytes=99999999-", "bytes=x-y", "pages=1")

    def assert_range_consistent(self, reply, spec):
        self.assertIn(reply.status, (200, 206), spec)
        if reply.status == 200:
            self.assertEqual(reply.body, self.home, spec)
            return
        m = re.fullmatch(r"bytes (\d+)-(\d+)/(\d+)", reply.header("Content-Range") or "")
        self.assertTrue(m, "206 without a usable Content-Range: %r" % reply.header("Content-Range"))
        first, last, total = map(int, m.groups())
        self.assertEqual(total, len(self.home))
        self.assertEqual(reply.body, self.home[first:last + 1], spec)

    def test_range_through_nginx(self):
        for spec in self.RANGES:
            with self.subTest(range=spec):
                self.assert_range_consistent(self.nginx("/", headers={"Range": spec}), spec)

    def test_range_direct(self):
        for spec in self.RANGES:
            with self.subTest(range=spec):
                self.assert_range_consistent(self.direct("/", extra={"HTTP_RANGE": spec}), spec)


class Conditionals(Served):
    GARBAGE = ("garbage", '"', 'W/', '",,,"', ",,,,", 'W/"' + "x" * 2000 + '"', "\x01\x02\x7f", '"' + "a" * 900,
               '""', "W/W/W/\"x\"")

    def test_if_none_match_garbage_is_a_full_200_through_nginx(self):
        for value in self.GARBAGE:
            with self.subTest(value=value[:20]):
                r = self.nginx("/", headers={"If-None-Match": value})
                self.assert_status(r, 200, repr(value[:20]))
                self.assertEqual(r.body, self.home)

    def test_if_none_match_garbage_is_a_full_200_direct(self):
        for value in self.GARBAGE + ("\x00", "\xff\xfe"):
            with self.subTest(value=value[:20]):
                r = self.direct("/", extra={"HTTP_IF_NONE_MATCH": value})
                self.assert_status(r, 200, repr(value[:20]))
                self.assertEqual(r.body, self.home)

    def test_if_modified_since_garbage_is_a_full_200(self):
        for value in ("yesterday", "Mon, 99 Foo 9999 99:99:99 GMT", "0", "-1", "9" * 40):
            with self.subTest(value=value):
                self.assertEqual(self.nginx("/", headers={"If-Modified-Since": value}).body, self.home)
                self.assertEqual(self.direct("/", extra={"HTTP_IF_MODIFIED_SINCE": value}).body, self.home)


class BrokenProtocol(Served):
    """FastCGI streams nginx would never send: the worker drops them and goes on."""

    def send(self, data):
        t0 = time.monotonic()
        fcgi_client.raw(self.stack.socket_path, data, timeout=15)
        self.assertLess(time.monotonic() - t0, 12, "the worker held a broken connection open")

    def test_random_bytes(self):
        self.send(os.urandom(4096))

    def test_wrong_version(self):
        self.send(b"\x02" + fcgi_client.begin_request()[1:] + fcgi_client.stream(fcgi_client.PARAMS, b""))

    def test_unknown_record_types_and_management_records(self):
        data = (fcgi_client.record(9, fcgi_client.encode_params({"FCGI_MAX_CONNS": ""}), request_id=0)
                + fcgi_client.record(42, b"zz")
                + fcgi_client.request_bytes(fcgi_client.params_for()))
        self.send(data)

    def test_authorizer_role(self):
        data = (fcgi_client.record(fcgi_client.BEGIN_REQUEST, b"\x00\x02\x00\x00\x00\x00\x00\x00")
                + fcgi_client.stream(fcgi_client.PARAMS, fcgi_client.encode_params(fcgi_client.params_for()))
                + fcgi_client.stream(fcgi_client.STDIN, b""))
        self.send(data)

    def test_truncated_params(self):
        pair = fcgi_client.encode_pair("REQUEST_URI", "/")[:-1]  # value is one byte short
        self.send(fcgi_client.begin_request() + fcgi_client.record(fcgi_client.PARAMS, pair)
                  + fcgi_client.record(fcgi_client.PARAMS, b""))

    def test_begin_request_then_close(self):
        for _ in range(50):
            self.send(fcgi_client.begin_request())

    def test_abort_request(self):
        self.send(fcgi_client.begin_request() + fcgi_client.record(fcgi_client.ABORT_REQUEST, b""))


class AnswerRecords(Served):
    """Each answer is whole FastCGI records for the request's own id: STDOUT,
    the empty STDOUT, one END_REQUEST, and nothing after it (the worker sends
    the answer itself, in one write; libfcgi must add nothing), including for
    request ids and kept connections nginx does not use."""

    def records(self, data):
        """(type, request id, content) of every record in `data`, checking the framing."""
        out, at = [], 0
        while at < len(data):
            version, rtype, rid, length, pad = fcgi_client.HEADER.unpack_from(data, at)
            self.assertEqual(version, fcgi_client.VERSION)
            self.assertEqual((fcgi_client.HEADER.size + length + pad) % 8, 0, "record not padded to 8 bytes")
            self.assertLessEqual(at + fcgi_client.HEADER.size + length + pad, len(data), "record cut short")
            out.append((rtype, rid, data[at + fcgi_client.HEADER.size:at + fcgi_client.HEADER.size + length]))
            at += fcgi_client.HEADER.size + length + pad
        return out

    def assert_one_answer(self, records, request_id, what):
        types = [r[0] for r in records]
        self.assertEqual(types[-2:], [fcgi_client.STDOUT, fcgi_client.END_REQUEST], what)
        self.assertEqual(records[-2][2], b"", "%s: no empty STDOUT before END_REQUEST" % what)
        self.assertEqual(set(types[:-1]), {fcgi_client.STDOUT}, what)
        self.assertEqual([r[1] for r in records], [request_id] * len(records), what)
        self.assertEqual(records[-1][2], b"\0" * 8, "%s: END_REQUEST not app status 0, complete" % what)
        return fcgi_client.Reply(b"".join(r[2] for r in records[:-1]), "", 0, 0)

    def test_miss_hit_and_head_are_whole_records_and_nothing_after(self):
        path = "/publications/"
        for method, what in (("GET", "miss"), ("GET", "hit"), ("HEAD", "head")):
            data = fcgi_client.raw(self.stack.socket_path,
                                   fcgi_client.request_bytes(fcgi_client.params_for(method, path)))
            reply = self.assert_one_answer(self.records(data), 1, what)
            self.assert_status(reply, 200, what)
            self.assertEqual(reply.header("X-Vitae-Cache"), "miss" if what == "miss" else "hit", what)
            self.assertEqual(reply.body, b"" if method == "HEAD" else fetch(self.stack.port, path).body, what)

    def test_a_request_id_other_than_nginxs_is_answered_with_its_own(self):
        fcgi_client.get(self.stack.socket_path, "/")  # cached: the laid-out answer carries nginx's id 1
        data = fcgi_client.raw(self.stack.socket_path,
                               fcgi_client.request_bytes(fcgi_client.params_for(), request_id=0x1234))
        reply = self.assert_one_answer(self.records(data), 0x1234, "request id 0x1234")
        self.assertEqual(reply.body, self.home)

    def test_a_kept_connection_gets_each_answer_once(self):
        with fcgi_client.connect(self.stack.socket_path) as s:
            for request_id, keep in ((3, True), (1, True), (1, False)):
                s.sendall(fcgi_client.request_bytes(fcgi_client.params_for(), request_id=request_id,
                                                    keep_conn=keep))
                # A stray record from libfcgi (a second end of stream or END_REQUEST)
                # would be read here as the start of the next answer, and fail.
                reply = fcgi_client.read_reply(s, request_id)
                self.assertEqual(reply.body, self.home, "request %d" % request_id)
            self.assertEqual(s.recv(65536), b"", "bytes after the last END_REQUEST")


class DistinctUrls(Served):
    """Every URL is new, so none is a cache hit unless the cache keys it right."""
    WARM = ("/", "/blog/", "/blog/" + POST_SLUG, "/nothing")

    def status(self):
        return json.loads(fetch(self.stack.port, "/_vitae/status").text)

    def url(self, i):
        kinds = ("/nothing/%d", "/?q=%d", "/blog/zz-%d", "/blog/?page=%d", "/blog/" + POST_SLUG + "?x=%d",
                 "/a%%20b/%d?utm=%d", "/%d" * 3)
        k = kinds[i % len(kinds)]
        return k % ((i,) * k.count("%d"))

    def run_clients(self, count, clients=4):
        """Keep-alive clients through nginx; returns {status: count}."""
        statuses, lock, errors = {}, threading.Lock(), []

        def run(first):
            mine, conn = {}, None
            try:
                for i in range(first, count, clients):
                    if conn is None:
                        conn = http.client.HTTPConnection("127.0.0.1", self.stack.port, timeout=10)
                    conn.request("GET", self.url(i))
                    r = conn.getresponse()
                    r.read()
                    mine[r.status] = mine.get(r.status, 0) + 1
                    if r.getheader("Connection", "").lower() == "close":
                        conn.close()
                        conn = None
            except (OSError, http.client.HTTPException) as e:
                errors.append(repr(e))
            finally:
                if conn:
                    conn.close()
            with lock:
                for k, v in mine.items():
                    statuses[k] = statuses.get(k, 0) + v

        threads = [threading.Thread(target=run, args=(n,)) for n in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        return statuses

    def test_100000_distinct_urls_keep_memory_and_cache_bounded(self):
        for path in self.WARM:
            fetch(self.stack.port, path)
        self.run_clients(2000)  # allocator warm-up: the steady state is what must not grow
        entries = self.status()["cache"]["entries"]
        pids = procinfo.worker_pids(self.stack.worker.pid)
        before = procinfo.workers_rss_kb(self.stack.worker.pid)
        t0 = time.monotonic()
        statuses = self.run_clients(DISTINCT_URLS)
        elapsed = time.monotonic() - t0
        after = procinfo.workers_rss_kb(self.stack.worker.pid)
        status = self.status()
        print("\n%d distinct URLs in %.1f s (%.0f/s): %r; worker RSS %d -> %d KiB (%+d), cache entries %d -> %d"
              % (DISTINCT_URLS, elapsed, DISTINCT_URLS / elapsed, statuses, before, after, after - before,
                 entries, status["cache"]["entries"]), file=sys.stderr)
        self.assertEqual(sum(statuses.values()), DISTINCT_URLS)
        self.assertEqual(set(statuses) - {200, 404}, set(), statuses)
        self.assertEqual(procinfo.worker_pids(self.stack.worker.pid), pids, "a worker process was replaced")
        if "ASAN_OPTIONS" not in os.environ:  # ASan's quarantine holds freed memory by design
            self.assertLess(after - before, RSS_GROWTH_LIMIT_KB, "worker RSS grew by %d KiB" % (after - before))
        self.assertEqual(status["cache"]["entries"], entries, "distinct URLs added page cache entries")


def hostile_db(path):
    con = sqlite3.connect(path)
    try:
        for name in ("data/schema.sql", "tests/fixtures/hostile.sql"):
            with open(os.path.join(SOURCE_DIR, name), encoding="utf-8") as f:
                con.executescript(f.read())
    finally:
        con.close()


class Tags(html.parser.HTMLParser):
    """Collects what a browser would execute: script elements, on* attributes, javascript: URLs."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems = []

    def handle_starttag(self, tag, attrs):
        if tag == "script" and ("type", "application/ld+json") not in attrs:  # data, not code
            self.problems.append("<script> element")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append("%s attribute on <%s>" % (name, tag))
            if value and re.sub(r"[\s\x00-\x1f]", "", value).lower().startswith(("javascript:", "vbscript:", "data:text")):
                self.problems.append("%s=%r on <%s>" % (name, value, tag))


class HostileContent(Served):
    """Every database field holds markup, quotes and ampersands (tests/fixtures/hostile.sql)."""
    ROUTES = ("/", "/blog/", "/blog/hello", "/blog/nope", "/nothing")

    @classmethod
    def database(cls):
        cls.dir = tempfile.mkdtemp(prefix="vitae-hostile-")
        path = os.path.join(cls.dir, "hostile.db")
        hostile_db(path)
        return path

    @classmethod
    def tearDownClass(cls):
        try:
            super().tearDownClass()
        finally:
            shutil.rmtree(cls.dir, ignore_errors=True)

    def test_every_route_renders_markup_as_text(self):
        for path in self.ROUTES:
            with self.subTest(path=path):
                r = self.nginx(path)
                self.assertIn(r.status, (200, 404), path)
                page = r.body.decode("utf-8")
                # The only script element the worker emits is its own JSON-LD data block.
                self.assertNotRegex(page, r'(?i)<script(?! type="application/ld\+json">)', "raw <script on %s" % path)
                self.assertNotRegex(page, r"(?i)<[^>]*\sonerror\s*=", "an onerror= attribute on %s" % path)
                self.assertNotRegex(page, r"(?i)(href|src)\s*=\s*[\"']?\s*javascript:", "a javascript: URL on %s" % path)
                tags = Tags()
                tags.feed(page)
                tags.close()
                self.assertEqual(tags.problems, [], path)

    def test_the_hostile_text_is_shown_escaped(self):
        home = self.nginx("/").body.decode("utf-8")
        self.assertIn("&lt;script&gt;alert(", home, "the profile name is not on the page, escaped")
        self.assertIn("&amp; Co", home)
        self.assertIn("&lt;img src=x onerror=alert(1)&gt;", home, "the publication title, escaped")
        post = self.nginx("/blog/hello").body.decode("utf-8")
        self.assertIn("Post &lt;script&gt;", post)


if __name__ == "__main__":
    unittest.main()

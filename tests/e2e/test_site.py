"""End to end: HTTP through the shipped nginx.conf to a real vitae-fcgi.

One stack (scripts/stack.py: worker + nginx in a temp dir, free port) serves
the whole module. Expectations about content come from the seed page
(tests/e2e/seed.py), not from copies of it. Stdlib only.

Env: VITAE_BUILD_DIR (holds vitae-fcgi), VITAE_DB, VITAE_TEMPLATES; default
build/dev, build/dev/site.db and templates/ of this checkout.
    VITAE_BUILD_DIR=build/dev VITAE_DB=build/dev/site.db VITAE_TEMPLATES=templates \\
        python3 tests/e2e/test_site.py -v
"""
import gzip
import html
import html.parser
import http.client
import os
import re
import subprocess
import sys
import unittest

from e2e_env import BUILD_DIR, DB, HERE, REPO, TEMPLATES, require_tool  # noqa: E402,F401  (first: sets sys.path)
import seed  # noqa: E402
import stack  # noqa: E402
from client import Reply  # noqa: E402


POST_SLUG = "linear-attention-visualized"
HTML_TYPE = "text/html; charset=utf-8"
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self';"
                               " base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
}
# Headers that may differ between two answers for the same page.
VOLATILE_HEADERS = {"date", "x-vitae-cache"}

STACK = None
FIRST_HOME = None  # the very first GET / of the run (cache miss expected)
SEED = None


def request(method, path, body=None, headers=None, conn=None):
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", STACK.port, timeout=10)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        return Reply(r.status, r.getheaders(), r.read())
    finally:
        if own:
            conn.close()


def setUpModule():
    global STACK, FIRST_HOME, SEED
    SEED = seed.load()
    # One worker process: X-Vitae-Cache is per process, and these tests read it.
    STACK = stack.Stack(BUILD_DIR, DB, TEMPLATES, threads=2, extra_args=["--workers", "1"])
    STACK.__enter__()
    try:
        FIRST_HOME = request("GET", "/")
    except BaseException:
        STACK.stop()  # tearDownModule does not run when setUpModule fails
        raise


def tearDownModule():
    # After all the traffic above, SIGTERM must still end the worker cleanly
    # (under the asan preset this is also where leaks are reported).
    if STACK is not None:
        code = STACK.stop()
        if code != 0:
            raise AssertionError("worker exited with %r on SIGTERM:\n%s"
                                 % (code, STACK.final_worker_log))


class VisibleText(html.parser.HTMLParser):
    """Text a reader sees: no <head>/<style>/<script>, blocks separated."""
    HIDDEN = {"head", "style", "script", "template"}
    BLOCKS = {"p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "section",
              "article", "header", "footer", "main", "nav", "br", "tr", "td", "th", "dt", "dd",
              "table", "blockquote", "pre", "figure", "figcaption", "aside", "details", "summary"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag in self.BLOCKS:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in self.BLOCKS:
            self.parts.append(" ")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def visible_text(page):
    p = VisibleText()
    p.feed(page)
    p.close()
    return re.sub(r"\s+", " ", html.unescape("".join(p.parts))).strip()


class HighlightedNames(html.parser.HTMLParser):
    """Counts text nodes equal to `name` whose parent marks them out:
    <strong>/<b>/<em>/<mark>, or a class naming the owner."""
    EMPHASIS = {"strong", "b", "em", "mark"}
    OWNER_CLASS = re.compile(r"\b(me|owner|self|highlight)\b")
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
            "source", "track", "wbr"}

    def __init__(self, name):
        super().__init__(convert_charrefs=True)
        self.name, self.stack, self.count = name, [], 0

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append((tag, dict(attrs).get("class") or ""))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        if data.strip() != self.name or not self.stack:
            return
        tag, cls = self.stack[-1]
        if tag in self.EMPHASIS or self.OWNER_CLASS.search(cls):
            self.count += 1


class Home(unittest.TestCase):
    def test_first_get_is_a_cache_miss_then_a_hit(self):
        self.assertEqual(FIRST_HOME.status, 200)
        self.assertEqual(FIRST_HOME.header("X-Vitae-Cache"), "miss")
        again = request("GET", "/")
        self.assertEqual(again.header("X-Vitae-Cache"), "hit")
        self.assertEqual(again.body, FIRST_HOME.body)

    def test_home_is_utf8_html_with_exact_content_length(self):
        r = request("GET", "/")
        self.assertEqual(r.status, 200)
        self.assertEqual(r.header("Content-Type"), HTML_TYPE)
        self.assertEqual(r.header("Content-Length"), str(len(r.body)))
        self.assertIn("<html lang=", r.text)

    def test_home_shows_every_seed_string(self):
        text = visible_text(request("GET", "/").text)
        missing = [s for s in seed.expected_strings(SEED) if s not in text]
        self.assertFalse(missing, "seed strings not shown on /: %r" % missing)

    def test_owner_is_highlighted_once_per_publication(self):
        pubs = SEED.publications + SEED.preprints
        on = sum(1 for p in pubs if any(a.name == SEED.name for a in p.authors))
        self.assertGreater(on, 0)
        counter = HighlightedNames(SEED.name)
        counter.feed(request("GET", "/").text)
        self.assertEqual(counter.count, on)

    def test_query_string_does_not_change_home(self):
        r = request("GET", "/?q=1")
        self.assertEqual(r.status, 200)
        self.assertEqual(r.body, request("GET", "/").body)


class Routes(unittest.TestCase):
    def test_blog_index_lists_the_post(self):
        r = request("GET", "/blog/")
        self.assertEqual(r.status, 200)
        self.assertEqual(r.header("Content-Type"), HTML_TYPE)
        self.assertIn(SEED.posts[0].title, visible_text(r.text))

    def test_post_page_shows_its_title(self):
        r = request("GET", "/blog/" + POST_SLUG)
        self.assertEqual(r.status, 200)
        self.assertIn(SEED.posts[0].title, visible_text(r.text))

    def test_unknown_post_is_templated_404(self):
        r = request("GET", "/blog/nope")
        self.assertEqual(r.status, 404)
        self.assertEqual(r.header("Content-Type"), HTML_TYPE)
        self.assertIn("<html lang=", r.text)
        self.assertIn("not found", visible_text(r.text).lower())

    def test_unknown_path_is_404(self):
        r = request("GET", "/nothing/here")
        self.assertEqual(r.status, 404)
        self.assertEqual(r.header("Content-Type"), HTML_TYPE)

    def test_no_empty_or_placeholder_links(self):
        for path in ("/", "/blog/", "/blog/" + POST_SLUG, "/blog/nope"):
            with self.subTest(path=path):
                page = request("GET", path).text
                self.assertNotRegex(page, r"""href\s*=\s*(["'])#?\1""")


class Methods(unittest.TestCase):
    def test_head_matches_get_without_body(self):
        get = request("GET", "/")
        head = request("HEAD", "/")
        self.assertEqual(head.status, get.status)
        self.assertEqual(head.body, b"")
        self.assertEqual(head.header("Content-Length"), str(len(get.body)))

        def stable(r):
            return sorted((k.lower(), v) for k, v in r.headers if k.lower() not in VOLATILE_HEADERS)
        self.assertEqual(stable(head), stable(get))

    def test_post_and_delete_are_405_with_allow(self):
        for method in ("POST", "DELETE"):
            with self.subTest(method=method):
                r = request(method, "/", body=b"" if method == "POST" else None)
                self.assertEqual(r.status, 405)
                self.assertEqual(r.header("Allow"), "GET, HEAD")


class Headers(unittest.TestCase):
    def test_security_headers_on_pages_and_errors(self):
        for path in ("/", "/nothing/here"):
            r = request("GET", path)
            for name, value in SECURITY_HEADERS.items():
                with self.subTest(path=path, header=name):
                    self.assertEqual(r.header(name), value)

    def test_gzip_from_the_worker_passes_through_once(self):
        plain = request("GET", "/")
        r = request("GET", "/", headers={"Accept-Encoding": "gzip"})
        self.assertEqual(r.header("Content-Encoding"), "gzip")
        self.assertEqual(gzip.decompress(r.body), plain.body)
        self.assertEqual([v for k, v in r.headers if k.lower() == "vary"], ["Accept-Encoding"])

    def test_server_header_has_no_version(self):
        self.assertEqual(request("GET", "/").header("Server"), "nginx")


class Html(unittest.TestCase):
    def test_every_route_passes_tidy(self):
        require_tool("tidy", "tidy")
        for path in ("/", "/blog/", "/blog/" + POST_SLUG, "/blog/nope"):
            with self.subTest(path=path):
                page = request("GET", path).body
                # tidy exits 1 on warnings only, 2 on errors.
                p = subprocess.run(["tidy", "-errors", "-q", "--custom-tags", "blocklevel"],
                                   input=page, capture_output=True, timeout=30)
                self.assertLess(p.returncode, 2, p.stderr.decode("utf-8", "replace"))


class Robustness(unittest.TestCase):
    def test_500_unknown_paths_answer_and_worker_stays_up(self):
        suffixes = ["/nothing/%d", "/blog/zz-%d", "/?q=%d", "/blog/?page=%d&x=%%00",
                    "/%%C3%%A9t%%C3%%A9/%d", "/blog/%d/", "/x%%2F%d"]
        bad = []
        conn = http.client.HTTPConnection("127.0.0.1", STACK.port, timeout=10)
        try:
            for i in range(500):
                path = suffixes[i % len(suffixes)] % i
                r = request("GET", path, conn=conn)
                if r.status not in (200, 404):
                    bad.append((path, r.status))
                if r.header("Connection") == "close":
                    conn.close()
        finally:
            conn.close()
        self.assertEqual(bad, [])
        self.assertIsNone(STACK.worker.poll(), "worker exited:\n" + STACK.worker_stderr())
        self.assertEqual(request("GET", "/").status, 200)


if __name__ == "__main__":
    unittest.main()

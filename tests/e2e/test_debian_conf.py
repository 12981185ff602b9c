"""End to end: the shipped site file (nginx-site.conf) inside Debian's own,
unchanged /etc/nginx/nginx.conf, as the package installs it
(/etc/nginx/sites-available/vitae linked from sites-enabled).

Debian's http block already sets gzip, keepalive_timeout, ssl_protocols and
more; the site must not clash with them ("duplicate" errors stop nginx) and
its own limits and headers must still hold. The test edits Debian's file only
as stack.py needs: its sites-enabled/* include becomes the site, and the five
temp paths are added so nginx runs outside /var/lib/nginx.

Env: as test_site.py (VITAE_BUILD_DIR, VITAE_DB, VITAE_TEMPLATES).
"""
import gzip
import os
import re
import shutil
import tempfile
import unittest

from e2e_env import BUILD_DIR, DB, HERE, REPO, TEMPLATES  # noqa: E402,F401  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402

DEBIAN_CONF = "/etc/nginx/nginx.conf"
STACK = None
CONF_DIR = None


def debian_conf_with_site(tmpdir):
    with open(DEBIAN_CONF, encoding="utf-8") as f:
        text = f.read()
    text, n = re.subn(r"^(\s*)include\s+/etc/nginx/sites-enabled/\*;", r"\1include /etc/nginx/sites-enabled/vitae;",
                      text, flags=re.M)
    if n != 1:
        raise AssertionError("%s is not Debian's (no sites-enabled include): this test needs the file nginx-common "
                             "installs, unchanged" % DEBIAN_CONF)
    temp_paths = "".join("\t%s_temp_path /var/lib/nginx/%s;\n" % (name, name) for name in stack.TEMP_PATHS)
    text, n = re.subn(r"^http\s*\{\n", lambda m: m.group(0) + temp_paths, text, count=1, flags=re.M)
    assert n == 1, "no http block in " + DEBIAN_CONF
    path = os.path.join(tmpdir, "nginx.conf")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def setUpModule():
    global STACK, CONF_DIR
    if not os.path.exists(DEBIAN_CONF):
        raise AssertionError("no %s: this test needs it; scripts/install-deps installs it (Debian package "
                             "nginx-common)" % DEBIAN_CONF)
    CONF_DIR = tempfile.mkdtemp(prefix="vitae-debian-conf-")
    STACK = stack.Stack(BUILD_DIR, DB, TEMPLATES, threads=2,
                        nginx_conf=debian_conf_with_site(CONF_DIR))
    try:
        STACK.__enter__()
    except BaseException:
        STACK.stop()
        shutil.rmtree(CONF_DIR, ignore_errors=True)
        raise


def tearDownModule():
    if STACK is not None:
        STACK.stop()
    if CONF_DIR:
        shutil.rmtree(CONF_DIR, ignore_errors=True)


class SiteInsideDebianConf(unittest.TestCase):
    def test_home_is_served_with_the_sites_headers(self):
        reply = fetch(STACK.port, "/", headers={"Accept-Encoding": "gzip"})
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.header("Content-Encoding"), "gzip")
        self.assertIn(b"<!DOCTYPE html>", gzip.decompress(reply.body)[:200])
        self.assertEqual(reply.header("Strict-Transport-Security"), "max-age=63072000")
        self.assertEqual(reply.header("X-Content-Type-Options"), "nosniff")
        self.assertEqual(reply.header("Server"), "nginx")  # the site's server_tokens off, not Debian's default

    def test_the_sites_limits_hold(self):
        # large_client_header_buffers 4 8k in the site's (default) server: a
        # 9 KB URI is refused by nginx, not passed on.
        self.assertEqual(fetch(STACK.port, "/" + "a" * 9000).status, 414)

    def test_port_80_redirects_without_a_version(self):
        reply = fetch(STACK.http_port, "/x")
        self.assertEqual(reply.status, 301)
        self.assertTrue((reply.header("Location") or "").endswith("/x"), reply.header("Location"))
        self.assertEqual(reply.header("Server"), "nginx")

    def test_worker_answers_what_nginx_passes(self):
        reply = fetch(STACK.port, "/no-such-page")
        self.assertEqual(reply.status, 404)
        self.assertEqual(reply.header("X-Content-Type-Options"), "nosniff")


if __name__ == "__main__":
    unittest.main()

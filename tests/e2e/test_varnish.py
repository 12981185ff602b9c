"""End to end: a real varnishd with the shipped varnish/vitae.vcl in front of
nginx and the worker (`--purge` pointing at it).

The second request for a page is a hit; every page carries its surrogate
keys; after an edit committed with Python's sqlite3 the edited post's page
shows the change through Varnish within 200 ms (the worker soft-purges its
keys), while a page the edit does not touch stays a hit; a PURGE is refused
on the clients' listener and from an address outside the VCL's ACL.
"""
import http.client
import os
import re
import shutil
import sqlite3
import statistics
import time
import unittest

from e2e_env import BUILD_DIR, TEMPLATES, private_db, require_tool  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
import varnish_stack  # noqa: E402
from client import fetch  # noqa: E402

POST = "/blog/linear-attention-visualized"
UNTOUCHED = "/publications/"
LIVE_WITHIN_S = 0.200
POLL_TIMEOUT_S = 3.0
EDITS = 3
WORKERS = 2  # the worker's default: each process purges what it follows


class Varnish(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        require_tool("varnishd", "varnish")
        cls.dir, cls.db = private_db("vitae-varnish-")
        nginx_port = stack.free_port()
        cls.varnish = varnish_stack.Varnish(nginx_port)
        try:
            cls.varnish.spawn()  # it compiles the VCL while the stack starts
            cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, port=nginx_port, threads=2,
                                    extra_args=["--purge", cls.varnish.purge_url]).__enter__()
            cls.varnish.wait_ready()
        except BaseException:
            cls.varnish.stop()
            raise
        cls.wait_for_first_purges()

    @classmethod
    def wait_for_first_purges(cls):
        """Each worker process purges the site's key when it starts following
        it, and again a second later: until both are out, a hit may be purged.
        (The first may fail, Varnish still compiling: nothing is cached yet.)"""
        deadline = time.monotonic() + POLL_TIMEOUT_S + 2
        while len(re.findall(r"event=purge keys=1 ", cls.stack.worker_stderr())) < 2 * WORKERS:
            if time.monotonic() > deadline:
                raise AssertionError("no first purges:\n" + cls.stack.worker_stderr()[-2000:])
            time.sleep(0.02)

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        cls.varnish.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def get(self, path):
        reply = fetch(self.varnish.port, path)
        self.assertEqual(reply.status, 200, "%s through varnish: %d %s" % (path, reply.status, reply.text[:200]))
        return reply

    def warm(self, path):
        """Fetch until a hit (the worker's first purge of the site may land after the first fetch)."""
        deadline = time.monotonic() + POLL_TIMEOUT_S
        while time.monotonic() < deadline:
            reply = self.get(path)
            if reply.header("X-Cache") == "hit":
                return reply
            time.sleep(0.01)
        self.fail("%s never a hit through varnish:\n%s" % (path, self.stack.worker_stderr()[-2000:]))

    def set_body(self, text):
        con = sqlite3.connect(self.db, timeout=10)
        try:
            con.execute("UPDATE post SET body = ? WHERE slug = 'linear-attention-visualized'", (text,))
            con.commit()
        finally:
            con.close()

    def test_1_second_request_is_a_hit_with_keys(self):
        self.warm(POST)
        reply = self.get(POST)
        self.assertEqual(reply.header("X-Cache"), "hit")
        self.assertEqual(len(reply.header("X-Varnish").split()), 2, "a hit names the request and the object")
        self.assertIsNotNone(reply.header("Age"))
        keys = set(reply.header("xkey").split())
        self.assertIn("default", keys)  # the whole site's key
        self.assertIn("default:post:linear-attention-visualized", keys)
        self.assertIn("default:tpl:layout", keys)
        self.assertIsNone(reply.header("Surrogate-Control"), "for the cache, not the client")
        self.assertEqual(reply.header("Cache-Control"), "no-cache", "browsers still revalidate")

    def test_2_edit_is_live_through_the_cache_and_the_rest_stays_hits(self):
        self.warm(UNTOUCHED)
        log_from = len(self.stack.worker_stderr())
        took = []
        for i in range(EDITS):
            self.warm(POST)
            marker = "Varnish edit %d %d" % (i, time.monotonic_ns())
            self.set_body(marker)
            committed = time.monotonic()
            while marker not in self.get(POST).text:
                if time.monotonic() - committed > POLL_TIMEOUT_S:
                    self.fail("edit %d not live through varnish in %.0f s:\n%s"
                              % (i, POLL_TIMEOUT_S, self.stack.worker_stderr()[-2000:]))
                time.sleep(0.002)
            took.append(time.monotonic() - committed)
            self.assertEqual(self.get(UNTOUCHED).header("X-Cache"), "hit", "an untouched page stays a hit")
        self.assertLess(statistics.median(took), LIVE_WITHIN_S, "edit -> live through varnish: %r s" % took)
        purges = re.findall(r"event=purge keys=\d+ caches=1 failed=(\d+)", self.stack.worker_stderr()[log_from:])
        self.assertTrue(purges and all(f == "0" for f in purges), purges)

    def test_3_purge_refused_on_the_clients_listener(self):
        self.warm(UNTOUCHED)
        reply = fetch(self.varnish.port, "/", "PURGE", {"xkey-softpurge": "default"})
        self.assertEqual(reply.status, 403)
        self.assertEqual(self.get(UNTOUCHED).header("X-Cache"), "hit", "the refused purge purged nothing")

    def test_4_purge_refused_from_outside_the_acl(self):
        # 127.0.0.2 is a loopback address the ACL does not name: a stranger's.
        conn = http.client.HTTPConnection("127.0.0.1", self.varnish.purge_port, timeout=5,
                                          source_address=("127.0.0.2", 0))
        try:
            conn.request("PURGE", "/", headers={"xkey-softpurge": "default"})
            self.assertEqual(conn.getresponse().status, 403)
        finally:
            conn.close()
        reply = fetch(self.varnish.purge_port, "/", "PURGE", {"xkey-softpurge": "no-such-key"})
        self.assertEqual(reply.status, 200, "the same from 127.0.0.1 is taken")

    def test_5_status_page_not_cached_and_local_only(self):
        first = fetch(self.varnish.port, "/_vitae/status")
        second = fetch(self.varnish.port, "/_vitae/status")
        self.assertEqual(second.header("X-Cache"), "miss", "passed, never stored: %d" % first.status)


if __name__ == "__main__":
    unittest.main()

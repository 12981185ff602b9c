"""End to end: GET /_vitae/metrics through the shipped nginx.conf to a real
vitae-fcgi with two worker processes, parsed by the Prometheus client
library's own parser (Debian: python3-prometheus-client).

A scrape is answered by one worker process but sums every worker's slot in
the supervisor's shared mapping, so the numbers are the service's whichever
process answers, and they survive a worker's restart. The loopback-only
rule is checked through nginx (a scrape from 127.0.0.1 answers) and at the
worker with a FastCGI request claiming another REMOTE_ADDR: through nginx we
can only connect from 127.0.0.1, so nginx's `deny all` for other clients is
not exercised here (it is the same allow/deny as /_vitae/status).
"""
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import unittest

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import fcgi_client  # noqa: E402
import stack  # noqa: E402
from client import fetch  # noqa: E402
try:
    from prometheus_client.parser import text_string_to_metric_families  # noqa: E402
except ImportError:  # CMake may have found another Python than Debian's; the package is pure Python
    sys.path.append("/usr/lib/python3/dist-packages")
    from prometheus_client.parser import text_string_to_metric_families  # noqa: E402

WAIT_S = 10.0


def samples(text):
    """{(name, frozenset(labels)): value} for every sample of a scrape."""
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, frozenset(s.labels.items()))] = s.value
    return out


def value(scrape, name, **labels):
    return scrape.get((name, frozenset(labels.items())), 0.0)


class Metrics(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-metrics-")
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=2, extra_args=["--workers", "2"]).__enter__()

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def scrape(self):
        reply = fetch(self.stack.port, "/_vitae/metrics")
        status, content_type, body = reply.status, reply.header("Content-Type"), reply.body
        self.assertEqual(status, 200)
        self.assertEqual(content_type, "text/plain; version=0.0.4; charset=utf-8")
        return samples(body.decode("utf-8"))

    def wait_for(self, predicate, what):
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            scrape = self.scrape()
            if predicate(scrape):
                return scrape
            time.sleep(0.05)
        self.fail("metrics never showed %s:\n%r" % (what, scrape))

    def test_parses_and_names_every_family(self):
        scrape = self.scrape()
        names = {name for name, _ in scrape}
        for name in ("vitae_page_cache_hits_total", "vitae_page_cache_misses_total", "vitae_page_cache_entries",
                     "vitae_page_cache_bytes", "vitae_render_seconds_bucket", "vitae_render_seconds_sum",
                     "vitae_render_seconds_count", "vitae_reloads_total", "vitae_reload_rejections_total",
                     "vitae_publish_seconds_count", "vitae_publish_last_seconds", "vitae_site_generation",
                     "vitae_worker_restarts_total", "vitae_uptime_seconds", "vitae_accessibility_findings"):
            self.assertIn(name, names)
        self.assertEqual(value(scrape, "vitae_render_seconds_count"),
                         value(scrape, "vitae_render_seconds_bucket", le="+Inf"))
        # Each worker sets its gauges when it next refreshes them: on a loaded
        # box the first scrape can come before a worker's first refresh.
        self.wait_for(lambda s: value(s, "vitae_site_generation", worker="0") > 0
                      and value(s, "vitae_site_generation", worker="1") > 0, "both workers' site generation")

    def test_request_and_hit_counters_move_and_add_up_across_workers(self):
        before = self.scrape()
        for _ in range(20):
            self.assertEqual(fetch(self.stack.port, "/").status, 200)
        self.assertEqual(fetch(self.stack.port, "/no/such/page").status, 404)
        # Whichever process answers, the sums include every request above.
        for _ in range(6):
            after = self.scrape()
            home = value(after, "vitae_requests_total", route="home", status="200")
            self.assertGreaterEqual(home - value(before, "vitae_requests_total", route="home", status="200"), 20)
            self.assertGreaterEqual(value(after, "vitae_requests_total", route="not_found", status="404")
                                    - value(before, "vitae_requests_total", route="not_found", status="404"), 1)
            looked_up = (value(after, "vitae_page_cache_hits_total") + value(after, "vitae_page_cache_misses_total")
                         - value(before, "vitae_page_cache_hits_total")
                         - value(before, "vitae_page_cache_misses_total"))
            self.assertGreaterEqual(looked_up, 21)
            self.assertGreaterEqual(value(after, "vitae_page_cache_hits_total")
                                    - value(before, "vitae_page_cache_hits_total"), 18)  # at most one miss each
        self.assertGreaterEqual(value(after, "vitae_page_cache_entries"), 1)

    def test_a_commit_counts_a_reload(self):
        before = self.scrape()
        con = sqlite3.connect(self.db, isolation_level=None, timeout=10)
        try:
            con.execute("UPDATE profile SET name = 'Metrics Owner'")
        finally:
            con.close()
        self.assertIn(b"Metrics Owner", fetch(self.stack.port, "/").body)  # read-your-writes: reloaded by now
        after = self.scrape()
        self.assertGreaterEqual(value(after, "vitae_reloads_total") - value(before, "vitae_reloads_total"), 1)
        self.assertEqual(value(after, "vitae_reload_rejections_total"),
                         value(before, "vitae_reload_rejections_total"))

    def test_the_accessibility_gauge_counts_the_sites_findings(self):
        # The seed's bio says 瓜皮 in an English paragraph: one finding (vitae check --accessibility).
        before = self.wait_for(lambda s: value(s, "vitae_accessibility_findings") >= 1, "the seed's finding")
        count = value(before, "vitae_accessibility_findings")
        body = os.path.join(self.dir, "metrics-page.md")
        with open(body, "w", encoding="utf-8") as f:
            f.write("The slides are [here](https://example.org/slides.pdf).\n")
        subprocess.run([os.path.join(BUILD_DIR, "cli", "vitae"), "add", "page", self.db, "metrics-page",
                        "--title", "Slides", "--body-file", body], check=True, capture_output=True, timeout=30)
        self.assertIn(b"Slides", fetch(self.stack.port, "/metrics-page/").body)  # a worker has the new version
        self.wait_for(lambda s: value(s, "vitae_accessibility_findings") == count + 1, "one finding more")

    def test_a_killed_worker_counts_a_restart_and_keeps_the_counts(self):
        status = json.loads(fetch(self.stack.port, "/_vitae/status").body)
        before = self.scrape()
        os.kill(status["process"]["workers"][0], signal.SIGKILL)
        after = self.wait_for(lambda s: value(s, "vitae_worker_restarts_total")
                              > value(before, "vitae_worker_restarts_total"), "a restart")
        # The replacement counts on in the dead worker's slot: no counter goes back.
        for key, old in before.items():
            if key[0].endswith("_total"):
                self.assertGreaterEqual(after.get(key, 0.0), old, key)

    def test_refuses_a_client_that_is_not_loopback(self):
        reply = fcgi_client.get(self.stack.socket_path, "/_vitae/metrics", extra={"REMOTE_ADDR": "203.0.113.9"})
        self.assertEqual(reply.status, 404)
        self.assertNotIn(b"vitae_", reply.body)
        reply = fcgi_client.get(self.stack.socket_path, "/_vitae/metrics")
        self.assertEqual(reply.status, 200)
        self.assertIn(b"vitae_requests_total", reply.body)


if __name__ == "__main__":
    unittest.main()

"""End to end: a post dated tomorrow appears at 00:00 UTC with no edit and no signal.

The worker's wall clock is shifted (--clock-offset) so that its next UTC
midnight is a few seconds away; the post is dated that day. Through nginx
and the fast path (--publish): absent from the blog, feed and sitemap at
first, then present in all of them, and its page served and published,
without a commit, a SIGHUP or a template change in between.
"""
import datetime
import os
import shutil
import sqlite3
import time
import unittest

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402

LEAD_S = 3      # the worker's midnight, this long after its start: ~2 s once it serves
APPEAR_S = 10   # how long after that we wait at most (the follower checks every 100 ms)


class ScheduledPost(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-scheduled-")
        now = time.time()
        today = datetime.datetime.fromtimestamp(now, datetime.timezone.utc).date()
        release = today + datetime.timedelta(days=1)
        midnight = datetime.datetime(release.year, release.month, release.day, tzinfo=datetime.timezone.utc).timestamp()
        cls.release_at = now + LEAD_S  # real time at which the worker's clock reads `midnight`
        offset = int(round(midnight - cls.release_at))
        cls.release_at = midnight - offset
        con = sqlite3.connect(cls.db)
        con.execute("INSERT INTO post (slug, title, published, body) VALUES ('tomorrow', 'Tomorrow', ?, 'Scheduled.')",
                    (release.isoformat(),))
        con.commit()
        con.close()
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=2, publish=True,
                                extra_args=["--clock-offset", str(offset)]).__enter__()

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def listed(self):
        port = self.stack.port
        return {
            "blog": 'href="/blog/tomorrow"' in fetch(port, "/blog/").text,
            "feed": "/blog/tomorrow</id>" in fetch(port, "/feed.xml").text,
            "sitemap": "/blog/tomorrow</loc>" in fetch(port, "/sitemap.xml").text,
            "home": 'href="/blog/tomorrow"' in fetch(port, "/").text,
            "page": fetch(port, "/blog/tomorrow").status == 200,
            "file": os.path.exists(os.path.join(self.stack.publish_dir, "blog", "tomorrow", "index.html")),
        }

    def test_the_post_appears_everywhere_at_midnight_utc_without_an_edit(self):
        if time.time() < self.release_at - 0.5:  # the stack was quick enough to see the day before
            self.assertEqual(self.listed(), dict.fromkeys(self.listed(), False))
        deadline = self.release_at + APPEAR_S
        while not all(self.listed().values()):
            if time.time() > deadline:
                self.fail("not listed %d s after its midnight: %r\n%s"
                          % (APPEAR_S, self.listed(), self.stack.worker_stderr()[-3000:]))
            time.sleep(0.05)
        self.assertGreaterEqual(time.time(), self.release_at - 1.0, "listed before its day")
        log = self.stack.worker_stderr()
        self.assertIn('reason="scheduled post due"', log)
        self.assertNotIn("database changed", log)
        self.assertNotIn("SIGHUP", log)


if __name__ == "__main__":
    unittest.main()

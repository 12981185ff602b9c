"""End to end: stored files are still served after a scheduled post appears.

At 00:00 UTC of a scheduled post's day the worker lists the same rows again
without reading the database; that version must still know where the
files' bytes are. A PDF (linked from a paper), a text file and the profile
photo are stored with `vitae add file`, a post is dated tomorrow and the
worker's clock is shifted so that its midnight is seconds away (as in
test_scheduled_post.py). After the post is out: each file through nginx
with its bytes, on the FastCGI path (no --publish: every request goes to
the worker) and on the fast path (--publish: the published copies, and the
worker's own answer over its socket, which nginx falls back to whenever a
copy is missing). Nothing is fetched before the release, so no cached
answer can stand in for one made after it.
"""
import datetime
import os
import re
import shutil
import sqlite3
import time
import unittest

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
import fcgi_client  # noqa: E402
from client import fetch  # noqa: E402
from media import png, vitae  # noqa: E402
from tiny_pdf import tiny_pdf  # noqa: E402

LEAD_S = 3      # the worker's midnight, this long after its start
APPEAR_S = 20   # how long after that we wait at most for the post

PDF = tiny_pdf()  # qpdf reads what is added: a real PDF
NOTES = "Notes ✓\n".encode() * 100
PHOTO = png(200, 150)


class ScheduledFiles:
    """Mixed into a TestCase with PUBLISH set."""
    PUBLISH = False

    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-scheduled-files-")
        for name, data in (("paper.pdf", PDF), ("notes.txt", NOTES), ("me.png", PHOTO)):
            with open(os.path.join(cls.dir, name), "wb") as f:
                f.write(data)
        vitae("add", "file", cls.db, os.path.join(cls.dir, "paper.pdf"))
        vitae("add", "file", cls.db, os.path.join(cls.dir, "notes.txt"))
        vitae("add", "file", cls.db, os.path.join(cls.dir, "me.png"), "--alt", "The owner", "--photo")
        now = time.time()
        today = datetime.datetime.fromtimestamp(now, datetime.timezone.utc).date()
        release = today + datetime.timedelta(days=1)
        midnight = datetime.datetime(release.year, release.month, release.day, tzinfo=datetime.timezone.utc).timestamp()
        offset = int(round(midnight - (now + LEAD_S)))
        cls.release_at = midnight - offset  # real time at which the worker's clock reads `midnight`
        con = sqlite3.connect(cls.db, timeout=10)
        cls.slug = con.execute("SELECT slug FROM publication ORDER BY position LIMIT 1").fetchone()[0]
        con.execute("DELETE FROM publication_link WHERE label = 'PDF' AND publication_id = "
                    "(SELECT id FROM publication WHERE slug = ?)", (cls.slug,))
        con.execute("INSERT INTO publication_link (publication_id, position, label, url) "
                    "SELECT id, 99, 'PDF', '/files/paper.pdf' FROM publication WHERE slug = ?", (cls.slug,))
        con.execute("INSERT INTO post (slug, title, published, body) VALUES ('tomorrow', 'Tomorrow', ?, 'Out.')",
                    (release.isoformat(),))
        con.commit()
        con.close()
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=2, publish=cls.PUBLISH,
                                extra_args=["--clock-offset", str(offset)]).__enter__()

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def wait_for_the_post(self):
        deadline = self.release_at + APPEAR_S
        while fetch(self.stack.port, "/blog/tomorrow").status != 200:
            if time.time() > deadline:
                self.fail("the post is not out %d s after its midnight\n%s"
                          % (APPEAR_S, self.stack.worker_stderr()[-3000:]))
            time.sleep(0.05)
        self.assertIn('reason="scheduled post due"', self.stack.worker_stderr())

    def file_urls(self):
        """What the pages link, read after the release: {url: bytes}."""
        home = fetch(self.stack.port, "/").text
        photo = re.search(r'<img class="photo" src="(/files/[0-9a-f]{12}/me\.png)"', home)
        self.assertIsNotNone(photo, home[:2000])
        paper = fetch(self.stack.port, "/publications/" + self.slug).text
        pdf = re.search(r'href="(/files/[0-9a-f]{12}/paper\.pdf)"', paper)
        self.assertIsNotNone(pdf, paper[-3000:])
        notes = re.search(r"(/files/[0-9a-f]{12}/notes\.txt)", vitae("ls", "files", self.db))
        return {photo.group(1): PHOTO, pdf.group(1): PDF, notes.group(1): NOTES,
                "/files/paper.pdf": PDF, "/files/notes.txt": NOTES, "/files/me.png": PHOTO}

    def published(self, url):
        """The fast path's copy of `url` (written at start; a failed rewrite would remove it)."""
        path = os.path.join(self.stack.publish_dir, url.lstrip("/"))
        deadline = time.monotonic() + APPEAR_S
        while not os.path.exists(path):
            if time.monotonic() > deadline:
                self.fail("%s is not published\n%s" % (url, self.stack.worker_stderr()[-3000:]))
            time.sleep(0.05)
        with open(path, "rb") as f:
            return f.read()

    def test_the_photo_a_papers_pdf_and_a_file_are_served_after_the_post_is_out(self):
        self.wait_for_the_post()
        for url, data in self.file_urls().items():
            with self.subTest(url=url):
                r = fetch(self.stack.port, url)
                self.assertEqual(r.status, 200, "%r\n%s" % (r.body[:300], self.stack.worker_stderr()[-3000:]))
                self.assertEqual(r.body, data)
                # What nginx asks the worker for when no copy is published (always without --publish).
                direct = fcgi_client.get(self.stack.socket_path, url)
                self.assertEqual(direct.status, 200, direct.body[:500])
                self.assertEqual(direct.body, data)
                if self.PUBLISH:
                    self.assertEqual(self.published(url), data)
        self.assertNotIn("no such file", self.stack.worker_stderr())


class ScheduledFilesThroughTheWorker(ScheduledFiles, unittest.TestCase):
    PUBLISH = False


class ScheduledFilesOnTheFastPath(ScheduledFiles, unittest.TestCase):
    PUBLISH = True


if __name__ == "__main__":
    unittest.main()

"""Uploads through the editor behind the shipped nginx, as an attacker and a
busy owner make them: an 83-byte PNG declaring 100,000 x 100,000 pixels is
refused at once, naming the bound (the editor once decoded it for three
minutes, holding the site's write lock); SVGs that passed the old filter are
refused naming what they hold; and while a picture's copies are being made,
another save to the same site goes through (the copies are made before the
save's transaction, not inside it). For that last one vitae-admin runs a
stand-in for vitae-picture-copies that, while a "hold" file exists, says it
started on one FIFO and waits for a line on another before running the real
program: the test decides when the copies finish, nothing sleeps. An
untagged PDF is stored and flagged in the Files list and on its page (the
answer the upload redirects to); a damaged one is refused with qpdf's reason.

    VITAE_BUILD_DIR=build/dev python3 -m unittest -v test_uploads
"""
import os
import re
import select
import shutil
import sqlite3
import struct
import subprocess
import threading
import time
import unittest
import uuid
import zlib

from e2e_env import BUILD_DIR, REPO, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from editor_session import EditorRequests, add_user  # noqa: E402
from media import VITAE, png  # noqa: E402
from tiny_pdf import tiny_pdf  # noqa: E402

HOLD_TIMEOUT_S = 30
HOSTILE = os.path.join(REPO, "tests", "fixtures", "svg", "hostile")


def png_bomb():
    """The issue's bomb: a whole PNG of 83 bytes declaring 100,000 x 100,000 pixels."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(2713), 9)) + chunk(b"IEND", b""))


def multipart(fields, name, filename, data):
    """A form as a browser sends it with one file: (body, content type)."""
    boundary = "vitae-" + uuid.uuid4().hex
    parts = [b"--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n"
             % (boundary.encode(), k.encode(), v.encode()) for k, v in fields.items()]
    parts.append(b"--%s\r\nContent-Disposition: form-data; name=\"%s\"; filename=\"%s\"\r\n"
                 b"Content-Type: application/octet-stream\r\n\r\n" % (boundary.encode(), name.encode(), filename.encode())
                 + data + b"\r\n")
    return b"".join(parts) + b"--%s--\r\n" % boundary.encode(), "multipart/form-data; boundary=" + boundary


class Uploads(EditorRequests, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-uploads-")
        cls.auth = os.path.join(cls.dir, "auth.db")
        add_user(cls.auth, "alice", "default")
        cls.hold = os.path.join(cls.dir, "hold")
        cls.started = os.path.join(cls.dir, "started")
        cls.release = os.path.join(cls.dir, "release")
        os.mkfifo(cls.started)
        os.mkfifo(cls.release)
        stand_in = os.path.join(cls.dir, "picture-copies")
        with open(stand_in, "w") as f:
            f.write("#!/bin/sh\nif [ -e '%s' ]; then\n  echo started > '%s'\n  read line < '%s'\nfi\nexec '%s' \"$@\"\n"
                    % (cls.hold, cls.started, cls.release, os.path.join(BUILD_DIR, "vitae-picture-copies")))
        os.chmod(stand_in, 0o755)
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=1, admin=True, auth=cls.auth,
                                admin_env={"VITAE_PICTURE_COPIES": stand_in}).__enter__()
        cls.origin = "http://127.0.0.1:%d" % cls.stack.port

    @classmethod
    def tearDownClass(cls):
        cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def setUp(self):
        self.cookies = self.session()
        self.csrf = self.csrf_of(self.cookies)

    def upload(self, filename, data, name=""):
        body, content_type = multipart({"csrf": self.csrf, "version": "new", "name": name, "alt": "a picture"},
                                       "upload", filename, data)
        return self.request("POST", "/_vitae/edit/default/files/new", body=body, cookies=self.cookies,
                            headers={"Content-Type": content_type, "Origin": self.origin})

    def stored(self, sql, *args):
        with sqlite3.connect(self.db, timeout=10) as db:
            return db.execute(sql, args).fetchall()

    def test_the_83_byte_pixel_bomb_is_refused_at_once_naming_the_bound(self):
        bomb = png_bomb()
        self.assertEqual(len(bomb), 83)
        start = time.monotonic()
        answer = self.upload("bomb.png", bomb)
        took = time.monotonic() - start
        self.assertEqual(answer.status, 400, answer.body)
        self.assertIn("100000 x 100000 pixels is not stored: at most 50 megapixels", answer.body)
        self.assertLess(took, 1.0)
        self.assertEqual(self.stored("SELECT name FROM file WHERE name LIKE 'bomb%'"), [])
        # `vitae add file` reads it the same way.
        path = os.path.join(self.dir, "bomb.png")
        with open(path, "wb") as f:
            f.write(bomb)
        done = subprocess.run([VITAE, "add", "file", self.db, path], capture_output=True, text=True, timeout=10)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("at most 50 megapixels", done.stderr)

    def test_an_untagged_pdf_is_stored_and_flagged_and_a_damaged_one_refused(self):
        answer = self.upload("paper.pdf", tiny_pdf())
        self.assertEqual(answer.status, 303, answer.body)
        self.assertEqual(self.stored("SELECT pdf_read, pdf_tagged FROM file WHERE name = 'paper.pdf'"), [(1, 0)])
        listing = self.request("GET", answer.header("Location"), cookies=self.cookies)  # the Files list
        self.assertIn(">paper.pdf (untagged PDF: may not be accessible)</a>", listing.body)
        page = self.request("GET", "/_vitae/edit/default/files/paper.pdf", cookies=self.cookies)
        self.assertIn('<p class="edit-message edit-note">This PDF: an untagged PDF: screen readers cannot follow',
                      page.body)
        answer = self.upload("tagged.pdf", tiny_pdf(tagged=True))
        self.assertEqual(answer.status, 303, answer.body)
        self.assertIn(">tagged.pdf</a>", self.request("GET", answer.header("Location"), cookies=self.cookies).body)
        page = self.request("GET", "/_vitae/edit/default/files/tagged.pdf", cookies=self.cookies)
        self.assertNotIn("edit-note", page.body)
        answer = self.upload("damaged.pdf", b"%PDF-1.7\n" + b"x" * 4000 + b"\n%%EOF\n")
        self.assertEqual(answer.status, 400, answer.body)
        self.assertIn("cannot read it as a PDF: qpdf cannot read it", answer.body)
        self.assertEqual(self.stored("SELECT name FROM file WHERE name = 'damaged.pdf'"), [])

    def test_svgs_that_passed_the_old_filter_are_refused_naming_what(self):
        for name, named in (("handler-after-newline.svg", "onload="), ("handler-after-tab.svg", "onclick="),
                            ("prefixed-svg-script.svg", "&lt;script&gt;"),
                            ("xhtml-namespaced-script.svg", "http://www.w3.org/1999/xhtml"),
                            ("entity-encoded-javascript.svg", "javascript:alert(1)")):
            with open(os.path.join(HOSTILE, name), "rb") as f:
                answer = self.upload("drawing.svg", f.read())
            self.assertEqual(answer.status, 400, name)
            self.assertIn(named, answer.body, name)
        self.assertEqual(self.stored("SELECT name FROM file WHERE name = 'drawing.svg'"), [])

    def test_another_save_goes_through_while_a_pictures_copies_are_made(self):
        open(self.hold, "w").close()
        answers = {}
        upload = threading.Thread(target=lambda: answers.update(upload=self.upload("held.png", png(400, 300))))
        started = os.open(self.started, os.O_RDONLY | os.O_NONBLOCK)  # before the stand-in writes: it never blocks
        try:
            upload.start()
            ready, _, _ = select.select([started], [], [], HOLD_TIMEOUT_S)
            self.assertTrue(ready, "the copies' program was not started")
        finally:
            os.close(started)
            os.remove(self.hold)
        try:
            # The upload is in its child now. A save to the same site must not wait for it.
            start = time.monotonic()
            news = self.post("/_vitae/edit/default/news/new",
                             {"csrf": self.csrf, "version": "new", "date": "2026-01-02", "markdown": "Saved meanwhile."},
                             cookies=self.cookies)
            self.assertEqual(news.status, 303, news.body)
            self.assertLess(time.monotonic() - start, 5.0)  # writer_busy_timeout_ms: a lock held would fail it
            self.assertEqual(self.stored("SELECT count(*) FROM news WHERE markdown = 'Saved meanwhile.'"), [(1,)])
            self.assertEqual(self.stored("SELECT name FROM file WHERE name = 'held.png'"), [])  # not yet
        finally:
            releaser = threading.Thread(target=lambda: open(self.release, "w").write("go\n"), daemon=True)
            releaser.start()
            releaser.join(HOLD_TIMEOUT_S)
            upload.join(HOLD_TIMEOUT_S)
        self.assertEqual(answers["upload"].status, 303, answers["upload"].body)
        copies = self.stored("SELECT name FROM file WHERE variant_of = 'held.png' ORDER BY name")
        self.assertEqual([c[0] for c in copies], ["held-160w.avif", "held-160w.webp", "held-320w.avif",
                                                  "held-320w.webp", "held-400w.avif", "held-400w.webp"])


if __name__ == "__main__":
    unittest.main()

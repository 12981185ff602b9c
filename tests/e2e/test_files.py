"""End to end: stored files through nginx and the real worker.

A PDF and a PNG are added with `vitae add file` (the PNG as the profile
photo) and a paper's PDF link names the stored PDF. Through the shipped
nginx: each file at its content-addressed URL with its sniffed type, a year
of caching and byte ranges; the stable URL revalidates; an old digest is a
404; the home page shows the photo with its size and alt text; the paper
links the file and names it as citation_pdf_url. The PDF is untagged (read
by qpdf when added): stored, flagged by `vitae add file` and `vitae check`,
and the paper's page says it may not be accessible and points to the
abstract; a damaged or truncated PDF is refused with qpdf's reason.
Replacing the file (with a tagged PDF) moves every page that links it to
the new URL and drops the note. Then the same on the fast path:
the published copies are the bytes, and a removed file leaves the disk.
"""
import os
import re
import shutil
import sqlite3
import tempfile
import time
import unittest

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402
import fcgi_client  # noqa: E402
from media import png, vitae  # noqa: E402
from tiny_pdf import tiny_pdf  # noqa: E402

PDF = tiny_pdf()
PDF2 = tiny_pdf(tagged=True)
# A drawing the allowlist takes; served sandboxed all the same.
SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><title>Bars</title>'
       b'<rect width="10" height="20" fill="#36c"/><rect x="20" width="10" height="12" fill="#c63"/></svg>\n')


def svg_policies(reply):
    """The Content-Security-Policy values that sandbox a stored SVG."""
    return [v for k, v in reply.headers if k.lower() == "content-security-policy" and "sandbox" in v]






class Files(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-files-")
        cls.src = tempfile.mkdtemp(prefix="vitae-files-src-")
        cls.pdf_path = os.path.join(cls.src, "Paper Final.PDF")
        with open(cls.pdf_path, "wb") as f:
            f.write(PDF)
        cls.png_path = os.path.join(cls.src, "me.png")
        with open(cls.png_path, "wb") as f:
            f.write(png(400, 300))
        cls.added_pdf = vitae("add", "file", cls.db, cls.pdf_path)  # named paper-final.pdf
        vitae("add", "file", cls.db, cls.png_path, "--alt", "The owner, smiling", "--photo")
        cls.svg_path = os.path.join(cls.src, "bars.svg")
        with open(cls.svg_path, "wb") as f:
            f.write(SVG)
        vitae("add", "file", cls.db, cls.svg_path, "--alt", "Three bars")
        con = sqlite3.connect(cls.db, timeout=10)
        cls.slug = con.execute("SELECT slug FROM publication ORDER BY position LIMIT 1").fetchone()[0]
        con.execute("INSERT INTO publication_link (publication_id, position, label, url) "
                    "SELECT id, 99, 'PDF', '/files/paper-final.pdf' FROM publication WHERE slug = ?", (cls.slug,))
        con.execute("DELETE FROM publication_link WHERE label = 'PDF' AND position <> 99 AND publication_id = "
                    "(SELECT id FROM publication WHERE slug = ?)", (cls.slug,))
        con.execute("UPDATE publication SET abstract = 'What we found.' WHERE slug = ?", (cls.slug,))
        con.execute("INSERT INTO post (slug, title, published, body_format, body) VALUES "
                    "('with-figure', 'With a figure', '2020-01-01', 'markdown', ?)",
                    ('Text.\n\n![A grey chart](/files/me.png "Figure 1: grey")\n',))
        con.commit()
        con.close()
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=2).__enter__()

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        shutil.rmtree(cls.src, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def url_of(self, name):
        listing = vitae("ls", "files", self.db)
        m = re.search(r"^ *%s .* (/files/[0-9a-f]{12}/%s)$" % (re.escape(name), re.escape(name)), listing, re.M)
        self.assertIsNotNone(m, listing)
        return m.group(1)

    def test_a_file_is_served_at_its_content_addressed_url_cached_for_a_year(self):
        r = fetch(self.stack.port, self.url_of("paper-final.pdf"))
        self.assertEqual(r.status, 200)
        self.assertEqual(r.body, PDF)
        self.assertEqual(r.header("Content-Type"), "application/pdf")
        self.assertIn("max-age=31536000", r.header("Cache-Control"))
        self.assertIsNotNone(r.header("ETag"))
        self.assertIsNone(r.header("Content-Encoding"))  # a PDF is not gzipped again

    def test_a_stored_svg_is_served_sandboxed_by_the_worker_and_by_nginx(self):
        url = self.url_of("bars.svg")
        direct = fcgi_client.get(self.stack.socket_path, url)  # the worker alone, no nginx in front
        self.assertEqual(direct.status, 200)
        self.assertEqual(direct.header("Content-Type"), "image/svg+xml")
        self.assertEqual(svg_policies(direct), ["default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"])
        through = fetch(self.stack.port, url)
        self.assertEqual(through.body, SVG)
        self.assertTrue(svg_policies(through), through.headers)
        # Other files carry the site's policy alone.
        self.assertEqual(svg_policies(fetch(self.stack.port, self.url_of("paper-final.pdf"))), [])

    def test_a_range_of_a_pdf_is_answered_with_206(self):
        r = fetch(self.stack.port, self.url_of("paper-final.pdf"), headers={"Range": "bytes=0-4"})
        self.assertEqual(r.status, 206)
        self.assertEqual(r.body, b"%PDF-")
        self.assertEqual(r.header("Content-Range"), "bytes 0-4/%d" % len(PDF))

    def test_a_range_past_the_end_is_416_and_an_old_if_range_gets_it_all(self):
        url = self.url_of("paper-final.pdf")
        past = fetch(self.stack.port, url, headers={"Range": "bytes=99999999-"})
        self.assertEqual(past.status, 416)
        self.assertEqual(past.header("Content-Range"), "bytes */%d" % len(PDF))
        old = fetch(self.stack.port, url, headers={"Range": "bytes=0-4", "If-Range": '"not-its-etag"'})
        self.assertEqual(old.status, 200)
        self.assertEqual(old.body, PDF)

    def test_the_stable_url_serves_the_current_bytes_and_revalidates(self):
        r = fetch(self.stack.port, "/files/paper-final.pdf")
        self.assertEqual(r.status, 200)
        self.assertEqual(r.body, PDF)
        self.assertIn("no-cache", r.header("Cache-Control"))
        again = fetch(self.stack.port, "/files/paper-final.pdf", headers={"If-None-Match": r.header("ETag")})
        self.assertEqual(again.status, 304)

    def test_an_unknown_digest_or_name_is_404(self):
        self.assertEqual(fetch(self.stack.port, "/files/000000000000/paper-final.pdf").status, 404)
        self.assertEqual(fetch(self.stack.port, "/files/nothing.pdf").status, 404)
        self.assertEqual(fetch(self.stack.port, "/files/../site.db").status, 404)

    def test_the_home_page_shows_the_photo_with_its_size_and_alt(self):
        home = fetch(self.stack.port, "/").text
        img = re.search(r'<img class="photo"[^>]*>', home)
        self.assertIsNotNone(img, home[:2000])
        self.assertIn('src="%s"' % self.url_of("me.png"), img.group(0))
        self.assertIn('width="400" height="300"', img.group(0))
        self.assertIn('alt="The owner, smiling"', img.group(0))
        self.assertEqual(fetch(self.stack.port, self.url_of("me.png")).header("Content-Type"), "image/png")

    def test_the_photo_offers_smaller_avif_and_webp_copies_made_when_it_was_added(self):
        home = fetch(self.stack.port, "/").text
        for ext, mime in (("avif", "image/avif"), ("webp", "image/webp")):
            # Each narrower width and the picture's own (400 px): the size the page shows is on offer.
            srcset = ", ".join("%s %dw" % (self.url_of("me-%dw.%s" % (w, ext)), w) for w in (160, 320, 400))
            self.assertIn('<source type="%s" srcset="%s"' % (mime, srcset), home)
            copy = fetch(self.stack.port, self.url_of("me-320w." + ext))
            self.assertEqual(copy.status, 200)
            self.assertEqual(copy.header("Content-Type"), mime)
            self.assertLess(len(copy.body), len(png(400, 300)))

    def test_a_posts_stored_picture_is_a_figure_with_its_copies_and_caption(self):
        page = fetch(self.stack.port, "/blog/with-figure").text
        figure = re.search(r"<figure>.*?</figure>", page, re.S)
        self.assertIsNotNone(figure, page[-3000:])
        self.assertIn('<source type="image/avif" srcset="%s 160w' % self.url_of("me-160w.avif"), figure.group(0))
        self.assertIn('<img src="%s" width="400" height="300" alt="A grey chart"' % self.url_of("me.png"), figure.group(0))
        self.assertIn("<figcaption>Figure 1: grey</figcaption>", figure.group(0))

    def test_a_paper_links_the_stored_pdf_and_names_it_for_scholar(self):
        page = fetch(self.stack.port, "/publications/" + self.slug).text
        url = self.url_of("paper-final.pdf")
        self.assertIn('href="%s"' % url, page)
        self.assertRegex(page, r'<meta name="citation_pdf_url" content="http://[^"]+%s">' % re.escape(url))

    def test_an_untagged_pdf_is_stored_and_flagged_and_its_paper_points_to_the_abstract(self):
        self.assertIn("untagged PDF", self.added_pdf)
        self.assertIn("warning: paper-final.pdf: an untagged PDF", self.added_pdf)
        self.assertRegex(vitae("ls", "files", self.db), r"paper-final\.pdf .* untagged PDF ")
        self.assertIn('warning: file "paper-final.pdf": an untagged PDF', vitae("check", self.db))
        page = fetch(self.stack.port, "/publications/" + self.slug).text
        self.assertIn('<p class="pdf-note">This paper&apos;s PDF is not tagged and may not be accessible with a screen '
                      'reader. <a href="#abstract">Read the abstract on this page</a>.</p>', page)
        self.assertIn('<h2 id="abstract">', page)

    def test_a_damaged_or_truncated_pdf_is_refused_with_the_reason(self):
        for name, data in (("damaged.pdf", b"%PDF-1.7\n" + b"x" * 4000 + b"\n%%EOF\n"),
                           ("truncated.pdf", tiny_pdf(tagged=True)[:300])):
            path = os.path.join(self.src, name)
            with open(path, "wb") as f:
                f.write(data)
            with self.assertRaises(AssertionError) as refused:
                vitae("add", "file", self.db, path)
            self.assertIn('add file "%s": cannot read it as a PDF: qpdf cannot read it' % name, str(refused.exception))
            self.assertNotIn(name, vitae("ls", "files", self.db))

    def test_replacing_a_file_moves_its_pages_to_the_new_url(self):
        old = self.url_of("paper-final.pdf")
        path = os.path.join(self.src, "paper-final.pdf")
        with open(path, "wb") as f:
            f.write(PDF2)
        try:
            vitae("add", "file", self.db, path)
            new = self.url_of("paper-final.pdf")
            self.assertNotEqual(old, new)
            page = fetch(self.stack.port, "/publications/" + self.slug).text
            self.assertIn('href="%s"' % new, page)
            self.assertNotIn(old, page)
            self.assertNotIn('class="pdf-note"', page)  # tagged now
            self.assertEqual(fetch(self.stack.port, new).body, PDF2)
            self.assertEqual(fetch(self.stack.port, old).status, 404)
        finally:
            with open(path, "wb") as f:
                f.write(PDF)
            vitae("add", "file", self.db, path)


class PublishedFiles(unittest.TestCase):
    def test_the_fast_path_writes_the_bytes_and_removes_a_removed_file(self):
        directory, db = private_db("vitae-files-pub-")
        src = os.path.join(directory, "notes.txt")
        with open(src, "wb") as f:
            f.write("Notes ✓\n".encode() * 200)
        vitae("add", "file", db, src)
        url = re.search(r"(/files/[0-9a-f]{12}/notes.txt)", vitae("ls", "files", db)).group(1)
        svg_src = os.path.join(directory, "bars.svg")
        with open(svg_src, "wb") as f:
            f.write(SVG)
        vitae("add", "file", db, svg_src, "--alt", "Three bars")
        svg_url = re.search(r"(/files/[0-9a-f]{12}/bars.svg)", vitae("ls", "files", db)).group(1)
        try:
            with stack.Stack(BUILD_DIR, db, TEMPLATES, threads=2, publish=True) as st:
                on_disk = os.path.join(st.publish_dir, url.lstrip("/"))
                deadline = time.monotonic() + 30
                while not os.path.exists(on_disk) and time.monotonic() < deadline:
                    time.sleep(0.02)
                with open(on_disk, "rb") as f:
                    self.assertEqual(f.read(), "Notes ✓\n".encode() * 200)
                r = fetch(st.port, url, headers={"Accept-Encoding": "gzip"})
                self.assertEqual(r.header("Content-Type"), "text/plain; charset=utf-8")
                self.assertIn("max-age=31536000", r.header("Cache-Control"))
                self.assertEqual(svg_policies(r), [])
                # nginx serves a published SVG itself, and sandboxes it by its type.
                svg_on_disk = os.path.join(st.publish_dir, svg_url.lstrip("/"))
                deadline = time.monotonic() + 30
                while not os.path.exists(svg_on_disk) and time.monotonic() < deadline:
                    time.sleep(0.02)
                r = fetch(st.port, svg_url)
                self.assertEqual(r.body, SVG)
                self.assertEqual(r.header("X-Vitae-Cache"), None)  # from the disk, not the worker
                self.assertEqual(svg_policies(r), ["default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"])
                vitae("rm", "file", db, "notes.txt")
                deadline = time.monotonic() + 30
                while os.path.exists(on_disk) and time.monotonic() < deadline:
                    time.sleep(0.02)
                self.assertFalse(os.path.exists(on_disk), "a removed file stays published")
                self.assertEqual(fetch(st.port, url).status, 404)
        finally:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()

"""The editor in a real browser (Debian's Chromium, tests/e2e/browser.py),
through the shipped nginx over HTTPS, with the real vitae-admin and worker:
log in with the keyboard alone, edit a bio paragraph, upload a photo and
show it (with the WebP/AVIF copies `vitae add file` makes), add a paper by
its form and two by pasting BibTeX, and see each on the public page on the
next request.
Screenshots of each editor page are kept in $VITAE_SCREENSHOTS when set.

    VITAE_BUILD_DIR=build/dev python3 -m unittest -v test_editor_browser
"""
import os
import re
import ssl
import struct
import subprocess
import time
import unittest
import urllib.request
import zlib

from e2e_env import BUILD_DIR, TEMPLATES, private_db  # noqa: E402  (first: sets sys.path)

import browser  # noqa: E402
import stack  # noqa: E402

PASSWORD = "correct horse battery"
CHEAP_HASH = {"VITAE_ARGON2_OPS": "1", "VITAE_ARGON2_MEM_MB": "8"}
INSECURE = ssl._create_unverified_context()  # the stack's throwaway certificate


def png(width, height):
    """A real PNG of one colour: signature, IHDR, IDAT, IEND."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + b"\x20\x60\xa0" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


class EditorInABrowser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-editor-browser-")
        cls.auth = os.path.join(cls.dir, "auth.db")
        done = subprocess.run([os.path.join(BUILD_DIR, "cli", "vitae"), "user", "add", cls.auth, "alice",
                               "--site", "default", "--password-stdin"], input=PASSWORD + "\n", text=True,
                              env=dict(os.environ, **CHEAP_HASH), capture_output=True, timeout=30)
        assert done.returncode == 0, done.stderr
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, tls=True, admin=True, auth=cls.auth)
        cls.stack.__enter__()
        cls.browser = browser.Browser()
        try:
            cls.browser.__enter__()
        except Exception:
            cls.stack.__exit__(None, None, None)
            raise
        cls.shots = os.environ.get("VITAE_SCREENSHOTS")
        cls.log_in()

    @classmethod
    def tearDownClass(cls):
        cls.browser.__exit__(None, None, None)
        cls.stack.__exit__(None, None, None)

    @classmethod
    def shot(cls, name):
        if cls.shots:
            os.makedirs(cls.shots, exist_ok=True)
            cls.browser.screenshot(os.path.join(cls.shots, "editor-%s.png" % name))

    @classmethod
    def log_in(cls):
        """Only keys: Tab to the name, type, Tab to the password, type, Enter."""
        b = cls.browser
        b.call("Page.navigate", {"url": cls.stack.base_url + "/_vitae/edit/"})
        b.wait_for("location.pathname == '/_vitae/edit/login' && document.readyState == 'complete'")
        cls.shot("login")
        b.tab_to("e.id == 'login-user'")
        b.type_keys("alice")
        b.press("Tab")
        assert b.focused().startswith("input#login-password"), b.focused()
        b.type_keys(PASSWORD)
        marker = b.mark_document()
        b.press("Enter")
        b.wait_for_navigation(marker)
        b.wait_for("location.pathname == '/_vitae/edit/'")

    def public(self, path):
        with urllib.request.urlopen(self.stack.base_url + path, context=INSECURE, timeout=10) as r:
            return r.read().decode("utf-8")

    def submit_with_keyboard(self):
        """Tab to the form's Save button and press Enter; returns once the next page has loaded."""
        b = self.browser
        b.tab_to("e.tagName == 'BUTTON' && e.name == 'save'")
        marker = b.mark_document()
        b.press("Enter")
        b.wait_for_navigation(marker)

    def follow_link(self, href_end):
        """Tab to the link whose href ends so, and press Enter, as a keyboard user does."""
        b = self.browser
        b.tab_to("e.tagName == 'A' && e.getAttribute('href').endsWith(%r)" % href_end)
        marker = b.mark_document()
        b.press("Enter")
        b.wait_for_navigation(marker)

    def test_1_a_bio_paragraph_edited_with_the_keyboard_is_on_the_public_page(self):
        b = self.browser
        b.goto(self.stack.base_url + "/_vitae/edit/")
        self.shot("sites")
        self.follow_link("/_vitae/edit/default/")
        self.shot("dashboard")
        self.follow_link("/bio")
        self.follow_link("/bio/1")
        self.shot("bio")
        b.tab_to("e.id == 'f-markdown'")
        b.select_all()
        text = "I edit my page in a browser, *carefully*."
        b.type_keys(text)
        self.submit_with_keyboard()
        saved = time.monotonic()
        page = self.public("/")
        self.assertIn("I edit my page in a browser, <em>carefully</em>.", page)
        self.assertLess(time.monotonic() - saved, 5)
        self.assertNotIn("<script", self.browser.evaluate("document.body.innerHTML"))

    def test_2_an_uploaded_photo_becomes_the_profile_picture(self):
        b = self.browser
        picture = os.path.join(self.dir, "portrait.png")
        with open(picture, "wb") as f:
            f.write(png(40, 50))
        b.goto(self.stack.base_url + "/_vitae/edit/default/files/new")
        self.shot("upload")
        b.set_file("#f-upload", picture)
        b.tab_to("e.id == 'f-alt'")  # a picture says what it shows, or is marked decorative
        b.type_keys("The owner in a blue coat")
        self.submit_with_keyboard()
        self.assertIn("portrait.png", b.evaluate("document.body.innerText"))
        b.goto(self.stack.base_url + "/_vitae/edit/default/profile")
        b.tab_to("e.id == 'f-photo'")
        b.select_all()
        b.type_keys("portrait.png")
        self.submit_with_keyboard()
        self.assertNotIn("edit-error", b.evaluate("document.body.innerHTML"))
        page = self.public("/")
        self.assertTrue(re.search(r'<img class="photo" src="/files/[0-9a-f]+/portrait\.png" width="40" height="50"', page),
                        "the home page shows no uploaded photo")
        # The upload made the copies `vitae add file` makes, and nginx serves them.
        for ext, magic in (("avif", lambda b: b[4:12] == b"ftypavif"), ("webp", lambda b: b[8:12] == b"WEBP")):
            found = re.search(r'srcset="(/files/[0-9a-f]+/portrait-40w\.%s) 40w"' % ext, page)
            self.assertTrue(found, "the photo has no %s copy: %s" % (ext, page[:600]))
            with urllib.request.urlopen(self.stack.base_url + found.group(1), context=INSECURE, timeout=10) as r:
                self.assertTrue(magic(r.read()), "%s is not %s" % (found.group(1), ext))

    def test_3_a_paper_added_in_the_editor_is_listed(self):
        b = self.browser
        b.goto(self.stack.base_url + "/_vitae/edit/default/publications/new")
        b.tab_to("e.id == 'f-title'")
        b.type_keys("Editing Without Git: a Field Study")
        b.tab_to("e.id == 'f-authors'")
        b.insert_text("Ada Lovelace\nCharles Babbage")
        b.tab_to("e.id == 'f-year'")
        b.type_keys("2026")
        self.submit_with_keyboard()
        self.shot("publications")
        page = self.public("/publications/")
        self.assertIn("Editing Without Git: a Field Study", page)
        self.assertIn("Charles Babbage", page)

    def paste_bibtex(self, text, from_list=False):
        """As a keyboard user: (from the list of publications, its link), the text area, the button.
        The page after a paste has the form again, empty."""
        b = self.browser
        if from_list:
            b.goto(self.stack.base_url + "/_vitae/edit/default/publications")
            self.follow_link("/publications/bibtex")
        b.tab_to("e.id == 'f-bibtex'")
        b.insert_text(text)
        b.tab_to("e.tagName == 'BUTTON' && e.name == 'add'")
        marker = b.mark_document()
        b.press("Enter")
        b.wait_for_navigation(marker)
        return b.evaluate("document.body.innerText")

    def test_4_papers_pasted_as_bibtex_are_on_the_public_page_once(self):
        bib = ("@inproceedings{lovelace2026notes,\n  title = {Notes on the {Analytical} Engine, Pasted},\n"
               "  author = {Lovelace, Ada and Babbage, Charles},\n  booktitle = {Proc. Engines},\n  year = 2026,\n"
               "  doi = {10.5555/engine.2026}\n}\n"
               "@article{babbage2025, title = {Difference Engines in Caf\\'e Society}, author = {Babbage, Charles},"
               " journal = {J. Machines}, year = {2025}}\n")
        shown = self.paste_bibtex(bib, from_list=True)
        self.shot("bibtex")
        self.assertIn("Added:", shown)
        self.assertIn("Notes on the Analytical Engine, Pasted", shown)
        page = self.public("/publications/")
        self.assertIn("Notes on the Analytical Engine, Pasted", page)
        self.assertIn("Difference Engines in Café Society", page)
        # Again, and one by another key with the same DOI: reported, not added twice.
        again = self.paste_bibtex(bib + "@misc{other, title = {A Copy}, doi = {10.5555/ENGINE.2026}}\n")
        self.assertIn("Already there, not added again", again)
        self.assertIn("the doi 10.5555/engine.2026 is already", again.lower())
        self.assertNotIn("Added:", again)
        self.assertEqual(self.public("/publications/").count("Notes on the Analytical Engine, Pasted"), 1)
        # An entry that cannot be read: nothing added, the line named in the form.
        refused = self.paste_bibtex("@article{good, title = {A Fine Unread Pair}, year = 2020}\n@article{bad, year = 2021}\n")
        self.assertIn("Nothing was added", refused)
        self.assertIn("Line 2 (bad)", refused)
        self.shot("bibtex-refused")
        self.assertNotIn("A Fine Unread Pair", self.public("/publications/"))


if __name__ == "__main__":
    unittest.main()

"""End to end: one site in English, Chinese and Arabic (issue #13), through nginx and the worker.

A real worker with --publish (the fast path) and nginx in front, as shipped.
The shipped site gets Chinese and Arabic with `vitae lang add` and a few
Chinese translations with `vitae translate` while it is served. Each
language's pages are under their prefix, say their language (and direction),
name every other language as hreflang alternates and in the switcher, mark a
row shown untranslated with its own lang, have their own feed, cached page,
ETag and published copy; the sitemap names every page in every language.
A language the site lacks is a 404, and the default language's pages have
no redirect by Accept-Language.
"""
import os
import shutil
import subprocess
import unittest
import xml.etree.ElementTree as ET

from e2e_env import BUILD_DIR, TEMPLATES, private_db, require_tool  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from served import ServedSite, wait_until  # noqa: E402
from client import fetch  # noqa: E402
from media import vitae  # noqa: E402

ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"

BIO_ZH = "我是一名拜占庭将军，如今在追逐梯度。**瓜皮** (➔) 是我的最爱。"
TITLE_ZH = "线性注意力图解"
ABSTRACT_ZH = "因果缓存：有状态无服务器计算的一致性。"


class EnglishChineseArabic(ServedSite):
    PREFIX = "vitae-languages-"

    @classmethod
    def populate(cls):
        vitae("lang", "add", cls.db, "zh", "--name", "中文")
        vitae("lang", "add", cls.db, "ar", "--name", "العربية")
        vitae("translate", cls.db, "zh", "paragraph", "1", "markdown", "--text", BIO_ZH)
        vitae("translate", cls.db, "zh", "education", "1", "degree", "--text", "计算机科学博士")
        vitae("translate", cls.db, "zh", "post", "linear-attention-visualized", "title", "--text", TITLE_ZH)
        vitae("translate", cls.db, "zh", "publication", "causalmesh", "abstract", "--text", ABSTRACT_ZH)
        # The fast path rewrites published copies right after a commit: wait until the last edit is out.
        wait_until(lambda: all(text in fetch(cls.stack.port, path).text for path, text in
                          (("/zh/publications/causalmesh", ABSTRACT_ZH), ("/zh/", BIO_ZH[:9]), ("/zh/", "العربية"),
                           ("/sitemap.xml", 'hreflang="ar"'), ("/zh/feed.xml", TITLE_ZH))), "the published pages never showed the translations", cls.stack)

    def get(self, path, headers=None):
        return fetch(self.stack.port, path, headers=headers)

    def test_each_language_is_served_under_its_prefix_in_its_language(self):
        home = self.get("/zh/")
        self.assertEqual(home.status, 200)
        self.assertIn('<html lang="zh">', home.text)
        self.assertIn("我是一名拜占庭将军", home.text)
        self.assertIn("<strong>瓜皮</strong>", home.text)
        self.assertIn('<h2 id="education">教育背景</h2>', home.text)
        self.assertIn("计算机科学博士", home.text)
        self.assertIn('<a href="/zh/blog/linear-attention-visualized">%s</a>' % TITLE_ZH, home.text)
        self.assertIn('<a href="/zh/publications/">论文</a>', home.text)  # the nav stays in the language
        # A paragraph without a translation is shown as written, marked as English.
        self.assertIn('<div lang="en" dir="auto"><p>I obtained my Ph.D.', home.text)
        arabic = self.get("/ar/")
        self.assertIn('<html lang="ar" dir="rtl">', arabic.text)
        self.assertIn("المنشورات", arabic.text)
        english = self.get("/")
        self.assertIn('<html lang="en">', english.text)
        self.assertNotIn("拜占庭", english.text)

    def test_every_page_names_its_alternates_and_links_the_same_page_in_each_language(self):
        page = self.get("/zh/publications/causalmesh").text
        self.assertIn(ABSTRACT_ZH, page)
        for code, path in (("en", "/publications/causalmesh"), ("zh", "/zh/publications/causalmesh"),
                           ("ar", "/ar/publications/causalmesh"), ("x-default", "/publications/causalmesh")):
            with self.subTest(code=code):
                self.assertRegex(page, r'<link rel="alternate" hreflang="%s" href="[^"]*%s">' % (code, path))
        self.assertIn('<a href="/publications/causalmesh" hreflang="en" lang="en">English</a>', page)
        self.assertIn('<a href="/ar/publications/causalmesh" hreflang="ar" lang="ar">العربية</a>', page)
        self.assertIn('aria-current="page">中文</a>', page)

    def test_no_redirect_by_accept_language(self):
        reply = self.get("/", headers={"Accept-Language": "zh-CN,zh;q=0.9"})
        self.assertEqual(reply.status, 200)
        self.assertIn('<html lang="en">', reply.text)

    def test_a_language_the_site_lacks_is_not_found(self):
        self.assertEqual(self.get("/de/").status, 404)
        self.assertEqual(self.get("/de/publications/").status, 404)
        self.assertEqual(self.get("/zh/no/such/page").status, 404)
        self.assertIn("页面未找到", self.get("/zh/no/such/page").text)

    def test_each_language_has_its_feed_and_the_sitemap_names_all(self):
        feed = self.get("/zh/feed.xml")
        self.assertEqual(feed.status, 200)
        root = ET.fromstring(feed.body)
        self.assertEqual(root.get("{http://www.w3.org/XML/1998/namespace}lang"), "zh")
        titles = [e.find(ATOM + "title").text for e in root.iter(ATOM + "entry")]
        self.assertIn(TITLE_ZH, titles)
        self.assertNotIn(TITLE_ZH, self.get("/feed.xml").text)
        self.assertIn('type="application/atom+xml" title="Haoran Zhang — 博客" href="', self.get("/zh/").text)
        sitemap = ET.fromstring(self.get("/sitemap.xml").body)
        locs = [u.find(SITEMAP + "loc").text for u in sitemap.iter(SITEMAP + "url")]
        for path in ("/", "/zh/", "/ar/", "/zh/publications/causalmesh", "/ar/blog/linear-attention-visualized"):
            with self.subTest(path=path):
                self.assertTrue(any(loc.endswith(path) and loc.count("/") == path.count("/") + 2 for loc in locs), path)
        first = next(sitemap.iter(SITEMAP + "url"))
        langs = sorted(link.get("hreflang") for link in first.iter(XHTML + "link"))
        self.assertEqual(langs, ["ar", "en", "x-default", "zh"])

    def test_each_language_has_its_own_etag_and_answers_304(self):
        zh = self.get("/zh/")
        en = self.get("/")
        self.assertNotEqual(zh.header("ETag"), en.header("ETag"))
        again = self.get("/zh/", headers={"If-None-Match": zh.header("ETag")})
        self.assertEqual(again.status, 304)

    def test_every_language_is_published_for_the_fast_path(self):
        for path in ("zh/index.html", "ar/index.html", "zh/publications/causalmesh/index.html", "zh/feed.xml"):
            full = os.path.join(self.stack.publish_dir, path)
            self.wait_for(lambda: os.path.exists(full), "published " + path)
        self.wait_for(lambda: TITLE_ZH in open(os.path.join(self.stack.publish_dir, "zh/index.html"),
                                                  encoding="utf-8").read(), "the published Chinese home page")

    def test_the_pages_pass_tidy(self):
        require_tool("tidy", "tidy")
        for path in ("/zh/", "/ar/", "/zh/publications/causalmesh", "/zh/blog/linear-attention-visualized"):
            with self.subTest(path=path):
                p = subprocess.run(["tidy", "-errors", "-q", "--custom-tags", "blocklevel"],
                                   input=self.get(path).body, capture_output=True, timeout=30)
                self.assertLess(p.returncode, 2, p.stderr.decode("utf-8", "replace"))


class OneLanguage(unittest.TestCase):
    def test_the_shipped_site_has_no_alternates_switcher_or_prefix(self):
        directory, db = private_db("vitae-one-language-")
        try:
            with stack.Stack(BUILD_DIR, db, TEMPLATES, threads=1) as s:
                home = fetch(s.port, "/").text
                self.assertIn('<html lang="en">', home)
                self.assertNotIn("hreflang", home)
                self.assertNotIn('class="langs"', home)
                self.assertEqual(fetch(s.port, "/zh/").status, 404)
                self.assertNotIn("xhtml:link", fetch(s.port, "/sitemap.xml").text)
        finally:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()

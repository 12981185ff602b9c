"""End to end: moving in from an al-folio site that kept the theme's news file
names (_news/announcement_1.md .. _15.md) and wrote its own text in each, one
of them under the demo's title too (tests/fixtures/sites/al-folio-aakash-kt,
a real site: README there). The real `vitae import-site` makes the database;
a real worker with the fast path and nginx in front serve it. Every one of
the owner's news is on /news/; the theme's demo projects beside them are left
out and named in the summary line, with the options that bring them in.
"""
import os
import subprocess
import tempfile
import unittest

from e2e_env import REPO  # noqa: E402  (first: sets sys.path)
from served import ServedSite  # noqa: E402
from client import fetch  # noqa: E402
from media import VITAE, vitae  # noqa: E402

SITE = os.path.join(REPO, "tests", "fixtures", "sites", "al-folio-aakash-kt")


class ImportedAlFolioNews(ServedSite):
    PREFIX = "vitae-import-site-"

    @classmethod
    def prepare(cls):
        os.remove(cls.db)  # import-site makes a new database, or fills one `vitae init` just made
        cls.report = vitae("import-site", SITE, cls.db).splitlines()

    def test_every_news_item_of_the_owner_is_served_on_the_news_page(self):
        news = fetch(self.stack.port, "/news/")
        self.assertEqual(news.status, 200)
        self.assertEqual(news.text.count('class="news-item"'), 15)
        # announcement_2.md: the demo's "title: A long announcement with details", the owner's text.
        self.assertIn("I have joined as a Ph.D student at CVIT, IIIT Hyderabad", news.text)
        self.assertIn('<time datetime="2020-08-01">', news.text)
        # The newest (announcement_15.md) and the oldest (announcement_1.md), newest first.
        self.assertLess(news.text.index("Huawei Ireland Research Center (IRC)"),
                        news.text.index("as a pre-doctoral candidate from September 2020"))
        self.assertNotIn("A long announcement with details", news.text)

    def test_the_summary_line_names_what_was_left_out_and_how_to_bring_it_in(self):
        summary = self.report[-1]
        self.assertIn(" 15 news, ", summary)
        self.assertIn("2 demo left out (_projects/1_project.md, _projects/2_project.md; "
                      "--include-demo takes them all, --include-demo-file FILE one)", summary)
        self.assertIn("demo _projects/1_project.md: the theme's example project \"project 1\"; left out", self.report)
        self.assertFalse([line for line in self.report if line.startswith("demo _news/")])
        self.assertEqual(fetch(self.stack.port, "/projects/").status, 404)  # no project of the demo's served

    def test_the_options_bring_in_one_demo_file_or_refuse_a_name_that_has_none(self):
        with tempfile.TemporaryDirectory(prefix="vitae-include-demo-") as directory:
            one = vitae("import-site", SITE, os.path.join(directory, "one.db"),
                        "--include-demo-file", "_projects/1_project.md").splitlines()
            self.assertIn(" 1 projects, ", one[-1])
            self.assertIn("1 demo left out (_projects/2_project.md;", one[-1])
            refused = subprocess.run([VITAE, "import-site", SITE, os.path.join(directory, "none.db"),
                                      "--include-demo-file", "_news/announcement_2.md"], capture_output=True, text=True)
            self.assertEqual(refused.returncode, 2)
            self.assertIn("--include-demo-file \"_news/announcement_2.md\": no demo content there", refused.stderr)
            self.assertFalse(os.path.exists(os.path.join(directory, "none.db")))


if __name__ == "__main__":
    unittest.main()

"""End to end: the post issue #12 asks for, through nginx and the real worker.

tests/fixtures/posts/linear-attention.md (softmax and linear attention in
TeX, an aligned derivation, a PyTorch snippet, a table, two figures from
stored files, a task list, footnotes) is added with the vitae tool, its two
figures drawn here and stored with `vitae add file`. The page must come
back as a reader would want it: every formula as MathML (none left as TeX
source), the code highlighted, both figures as <figure> with their smaller
copies and captions, the table, the footnotes; no script anywhere; and
no HTML errors (tidy, as test_site checks every route).
"""
import math
import os
import random
import re
import shutil
import subprocess
import tempfile
import unittest

from e2e_env import BUILD_DIR, REPO, TEMPLATES, private_db, require_tool  # noqa: E402  (first: sets sys.path)
import stack  # noqa: E402
from client import fetch  # noqa: E402
from media import png, vitae  # noqa: E402

POST = os.path.join(REPO, "tests", "fixtures", "posts", "linear-attention.md")




def attention_weights_png():
    """Softmax over random scores with a diagonal bias, 32 x 32, 20 px a cell, white to blue:
    640 px, wider than the text column, as a real figure is."""
    rng = random.Random(7)
    n = 32
    weights = []
    for i in range(n):
        scores = [rng.gauss(0, 1) + (3 if abs(i - j) <= 1 else 0) for j in range(n)]
        top = max(scores)
        e = [math.exp(s - top) for s in scores]
        weights.append([x / sum(e) for x in e])
    peak = max(max(r) for r in weights)

    def pixel(x, y):
        w = weights[y // 20][x // 20] / peak
        return (int(255 - 215 * w), int(255 - 170 * w), int(255 - 40 * w))
    return png(n * 20, n * 20, pixel)


def cost_chart_png():
    """N^2 against N on a 960 x 600 chart: axes, a quadratic and a straight line."""
    w, h, left, bottom = 960, 600, 60, 540

    def curve(x):
        t = (x - left) / (w - left - 10)
        return bottom - t * t * 500, bottom - t * 120

    def pixel(x, y):
        if x == left or y == bottom:
            return (60, 60, 60)
        if x > left and y < bottom:
            quad, lin = curve(x)
            if abs(y - quad) < 3:
                return (200, 60, 40)
            if abs(y - lin) < 3:
                return (30, 110, 200)
        return (255, 255, 255)
    return png(w, h, pixel)




class ProofPost(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.db = private_db("vitae-proof-")
        cls.src = tempfile.mkdtemp(prefix="vitae-proof-src-")
        for name, data, alt in (("attention-weights.png", attention_weights_png(), "Softmax attention weights"),
                                ("attention-cost.png", cost_chart_png(), "Time against sequence length")):
            path = os.path.join(cls.src, name)
            with open(path, "wb") as f:
                f.write(data)
            vitae("add", "file", cls.db, path, "--alt", alt)
        vitae("add", "post", cls.db, "--slug", "linear-attention-explained", "--title", "Linear Attention, Explained",
              "--date", "2020-06-30", "--body-file", POST, "--tag", "machine-learning")
        cls.stack = stack.Stack(BUILD_DIR, cls.db, TEMPLATES, threads=2).__enter__()
        cls.reply = fetch(cls.stack.port, "/blog/linear-attention-explained")
        cls.page = cls.reply.text

    @classmethod
    def tearDownClass(cls):
        code = cls.stack.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)
        shutil.rmtree(cls.src, ignore_errors=True)
        assert code == 0, "worker exit code %r" % code

    def test_the_page_is_served_without_any_script(self):
        self.assertEqual(self.reply.status, 200)
        self.assertNotIn("<script", self.page.lower().replace('<script type="application/ld+json">', ""))

    def test_every_formula_is_mathml_and_none_is_left_as_source(self):
        self.assertNotIn('class="tex"', self.page)  # the fallback for a formula that did not convert
        self.assertGreaterEqual(self.page.count("<math"), 15)
        self.assertIn('<math display="block"', self.page)
        self.assertIn("<mtable", self.page)  # the aligned derivation

    def test_the_pytorch_snippet_is_highlighted(self):
        code = re.search(r'<pre><code class="language-python">(.*?)</code></pre>', self.page, re.S)
        self.assertIsNotNone(code)
        self.assertIn('<span class="hl-k">def</span>', code.group(1))
        self.assertIn("einsum", code.group(1))

    def test_both_figures_have_their_copies_size_and_caption(self):
        figures = re.findall(r"<figure>.*?</figure>", self.page, re.S)
        self.assertEqual(len(figures), 2)
        for figure, caption in zip(figures, ("Figure 1: softmax attention weights", "Figure 2: time per forward pass")):
            self.assertIn('<source type="image/avif"', figure)
            self.assertRegex(figure, r'<img src="/files/[0-9a-f]{12}/attention-[a-z]+\.png" width="\d+" height="\d+" alt="[^"]+"')
            self.assertIn("<figcaption>" + caption, figure)
        self.assertNotIn('loading="lazy"', figures[0])  # the first may be in view
        self.assertIn('loading="lazy"', figures[1])

    def test_table_task_list_strikethrough_footnotes_and_contents(self):
        self.assertIn("<table>", self.page)
        self.assertIn('type="checkbox"', self.page)
        self.assertIn("<del>every</del>", self.page)
        self.assertEqual(self.page.count('class="footnote-ref"'), 3)
        self.assertIn('<nav class="toc" aria-label="Contents">', self.page)

    def test_the_page_has_no_html_errors(self):
        require_tool("tidy", "tidy")
        # As test_site's check: tidy exits 1 on warnings only, 2 on errors.
        p = subprocess.run(["tidy", "-errors", "-q", "--custom-tags", "blocklevel"],
                           input=self.reply.body, capture_output=True, timeout=30)
        self.assertLess(p.returncode, 2, p.stderr.decode("utf-8", "replace"))


if __name__ == "__main__":
    unittest.main()

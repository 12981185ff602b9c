#define BOOST_TEST_MODULE markdown
#include <boost/test/unit_test.hpp>

#include "render/math/markdown_math.hpp"
#include "render/text/markdown.hpp"

using namespace vitae;

namespace {

bool has(const std::string& html, std::string_view part) { return html.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(commonmark_renders_as_before) {
    BOOST_TEST(markdown_to_html("Count-min sketches trade **memory** for error.") ==
               "<p>Count-min sketches trade <strong>memory</strong> for error.</p>\n");
    BOOST_TEST(markdown_to_html("- one\n- two\n") == "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n");
}

BOOST_AUTO_TEST_CASE(gfm_tables_strikethrough_autolinks_and_task_lists) {
    auto table = markdown_to_html("| model | ppl |\n|---|--:|\n| linear | 21.3 |\n");
    BOOST_TEST(has(table, "<table>"), table);
    BOOST_TEST(has(table, "<th>model</th>"), table);
    BOOST_TEST(has(table, "<td class=\"align-right\">21.3</td>"), table);
    BOOST_TEST(has(markdown_to_html("~~old~~ new"), "<del>old</del>"));
    auto link = markdown_to_html("See https://arxiv.org/abs/2006.16236 for details.");
    BOOST_TEST(has(link, "<a href=\"https://arxiv.org/abs/2006.16236\">https://arxiv.org/abs/2006.16236</a>"), link);
    auto tasks = markdown_to_html("- [x] proofs\n- [ ] experiments\n");
    BOOST_TEST(has(tasks, "checked=\"\" disabled=\"\""), tasks);
}

BOOST_AUTO_TEST_CASE(footnotes_link_both_ways) {
    auto html = markdown_to_html("Linear attention[^1] is fast.\n\n[^1]: Katharopoulos et al., 2020.\n");
    BOOST_TEST(has(html, "<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\""), html);
    BOOST_TEST(has(html, "<section class=\"footnotes\""), html);
    BOOST_TEST(has(html, "Katharopoulos et al., 2020."), html);
}

// Raw HTML goes through the one sanitizer: what could run is gone, the text
// and harmless markup (an al-folio news item's <a> and <strong>) stay.
BOOST_AUTO_TEST_CASE(raw_html_is_sanitized_not_dropped) {
    auto html = markdown_to_html("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>");
    BOOST_TEST(!has(html, "<script"), html);
    BOOST_TEST(!has(html, "alert(1)</script>"), html);
    BOOST_TEST(!has(html, "javascript:"), html);
    BOOST_TEST(!has(html, "onerror"), html);
    BOOST_TEST(has(html, "<img src=\"x\">"), html);
    auto news = markdown_to_html("We won the <strong>best paper</strong> at <a href=\"https://sosp.org\" onclick=\"x()\">SOSP</a>!\n\n"
                                 "<div align=\"center\"><em>Thanks</em> to all.</div>\n");
    BOOST_TEST(has(news, "<p>We won the <strong>best paper</strong> at <a href=\"https://sosp.org\">SOSP</a>!</p>"), news);
    BOOST_TEST(has(news, "<div><em>Thanks</em> to all.</div>"), news);
}

// Math in posts (markdown_math): taken out before Markdown, put back as MathML.
BOOST_AUTO_TEST_CASE(inline_and_display_math_become_mathml) {
    auto html = markdown_with_math_to_html("Softmax attention is $O(n^2)$ in time.\n\n"
                                           "$$\n\\mathrm{softmax}(x)_i = \\frac{e^{x_i}}{\\sum_j e^{x_j}}\n$$\n");
    BOOST_TEST(has(html, "<p>Softmax attention is <math alttext=\"O(n^2)\">"), html);
    BOOST_TEST(has(html, "<math display=\"block\" tabindex=\"0\" alttext=\"\\mathrm{softmax}(x)_i"), html);
    BOOST_TEST(has(html, "<mfrac>"), html);
    BOOST_TEST(!has(html, "$"), html);
    BOOST_TEST(!has(html, "VITAEMATH"), html);
    auto other = markdown_with_math_to_html("\\(a_1\\) and \\[b_2\\]");
    BOOST_TEST(has(other, "<math alttext=\"a_1\"><semantics><mrow><msub>"), other);
    BOOST_TEST(has(other, "<math display=\"block\" tabindex=\"0\" alttext=\"b_2\"><semantics><mrow><msub>"), other);
    BOOST_TEST(has(other, "<annotation encoding=\"application/x-tex\">b_2</annotation></semantics></math>"), other);
}

BOOST_AUTO_TEST_CASE(underscores_and_stars_inside_math_stay_tex) {
    // Markdown alone would make <em>i</em> of "_i ... x_" and lose the subscripts.
    auto html = markdown_with_math_to_html("Here $x_i$ and $y_j$ and $a*b*c$.");
    BOOST_TEST(!has(html, "<em>"), html);
    BOOST_TEST(has(html, "<msub><mi>x</mi><mi>i</mi></msub>"), html);
}

BOOST_AUTO_TEST_CASE(dollars_that_are_money_code_or_escaped_stay_text) {
    BOOST_TEST(markdown_with_math_to_html("It costs $5 and $10.") == "<p>It costs $5 and $10.</p>\n");
    BOOST_TEST(markdown_with_math_to_html("A \\$ sign and $ alone.") == "<p>A $ sign and $ alone.</p>\n");
    BOOST_TEST(markdown_with_math_to_html("Run `echo $HOME $PATH`.") == "<p>Run <code>echo $HOME $PATH</code>.</p>\n");
    auto fenced = markdown_with_math_to_html("```python\nx = \"$a$\"\n```\n\nthen $b$");
    BOOST_TEST(has(fenced, "&quot;$a$&quot;"), fenced);  // highlighted, the dollars still text
    BOOST_TEST(has(fenced, "then <math alttext=\"b\">"), fenced);
}

BOOST_AUTO_TEST_CASE(unsupported_math_shows_its_source_and_is_named) {
    std::string md = "Known $\\alpha$, unknown $\\weirdmacro{x}$.";
    auto html = markdown_with_math_to_html(md);
    BOOST_TEST(has(html, "<code class=\"tex\">$\\weirdmacro{x}$</code>"), html);
    BOOST_TEST(has(html, "<math alttext=\"\\alpha\">"), html);
    auto problems = markdown_math_problems(md);
    BOOST_REQUIRE(problems.size() == 1u);
    BOOST_TEST(problems[0].starts_with("$\\weirdmacro{x}$: "), problems[0]);
}

BOOST_AUTO_TEST_CASE(math_cannot_smuggle_markup) {
    auto html = markdown_with_math_to_html("$\\text{<script>alert(1)</script>}$ and $x<y$");
    BOOST_TEST(!has(html, "<script"), html);
}

BOOST_AUTO_TEST_CASE(headings_get_ids_to_link_to) {
    auto html = with_heading_ids(markdown_to_html("## Results\n\ntext\n\n### Results\n\n## Über *Änderungen*, v2!\n\n## ?\n"));
    BOOST_TEST(has(html, "<h2 id=\"results\">Results</h2>"), html);
    BOOST_TEST(has(html, "<h3 id=\"results-1\">Results</h3>"), html);
    BOOST_TEST(has(html, "<h2 id=\"Über-Änderungen-v2\">Über <em>Änderungen</em>, v2!</h2>"), html);  // non-ASCII kept as written
    BOOST_TEST(has(html, "<h2 id=\"section\">?</h2>"), html);
    BOOST_TEST(has(html, "<p>text</p>"), html);  // nothing else touched
    BOOST_TEST(with_heading_ids("<p>no <hr> headings</p>") == "<p>no <hr> headings</p>");
}

// ![alt](/files/<name> "caption") of a stored picture: alone in its
// paragraph a <figure> with the caption; in text, inline; the first one
// only is told it is first (not lazy); an unknown name stays cmark's <img>.
BOOST_AUTO_TEST_CASE(a_stored_picture_alone_in_its_paragraph_becomes_a_figure) {
    std::vector<std::string> asked;
    PictureHtml pictures = [&asked](std::string_view name, std::string_view alt,
                                    PictureLoading loading) -> std::optional<std::string> {
        asked.push_back(std::string(name) + "|" + std::string(alt) + "|" + (loading == PictureLoading::eager ? "first" : "later"));
        if (name != "fig.png") return std::nullopt;
        return "<picture>" + std::string(alt) + "</picture>";
    };
    std::string html = markdown_to_html("![Softmax & *heat*](/files/fig.png \"Figure 1: <attention>\")\n\n"
                                        "Inline ![small](/files/fig.png) here, ![gone](/files/none.png).\n",
                                        pictures);
    BOOST_TEST(html.find("<figure><picture>Softmax & heat</picture><figcaption>Figure 1: &lt;attention&gt;</figcaption></figure>") !=
               std::string::npos, html);
    BOOST_TEST(html.find("<p>Inline <picture>small</picture> here, <img src=\"/files/none.png\" alt=\"gone\" />.</p>") !=
               std::string::npos, html);
    BOOST_TEST((asked == std::vector<std::string>{"fig.png|Softmax & heat|first", "fig.png|small|later", "none.png|gone|later"}));
}

BOOST_AUTO_TEST_CASE(table_alignment_is_a_class_not_the_obsolete_attribute) {
    std::string html = markdown_to_html("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n");
    BOOST_TEST(html.find("align=") == std::string::npos, html);
    BOOST_TEST(html.find("<td class=\"align-left\">1</td>") != std::string::npos, html);
    BOOST_TEST(html.find("<th class=\"align-center\">b</th>") != std::string::npos, html);
    BOOST_TEST(html.find("<td class=\"align-right\">3</td>") != std::string::npos, html);
}

BOOST_AUTO_TEST_CASE(task_list_checkboxes_are_named_for_screen_readers) {
    std::string html = markdown_to_html("- [x] written\n- [ ] proofread\n");
    BOOST_TEST(html.find("<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"done\" />") != std::string::npos, html);
    BOOST_TEST(html.find("<input type=\"checkbox\" disabled=\"\" aria-label=\"to do\" />") != std::string::npos, html);
}

// \begin{align}…\end{align} straight in the Markdown (as MathJax takes it) is
// display math; an environment the converter does not know stays text, and
// one inside code stays code.
BOOST_AUTO_TEST_CASE(display_environments_written_in_markdown_are_math) {
    std::string html = markdown_with_math_to_html("Then\n\n\\begin{align}\na_t &= b_t \\\\\nc &= d\n\\end{align}\n\nand `\\begin{align}x\\end{align}`.\n");
    BOOST_TEST(has(html, "<math display=\"block\""), html);
    BOOST_TEST(has(html, "<mtable"), html);
    BOOST_TEST(!has(html, "\\end{align}</p>"), html);
    BOOST_TEST(has(html, "<code>\\begin{align}x\\end{align}</code>"), html);
    BOOST_TEST(!has(markdown_with_math_to_html("\\begin{itemize}\\end{itemize}"), "<math"));
}

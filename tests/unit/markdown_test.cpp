#define BOOST_TEST_MODULE markdown
#include <boost/test/unit_test.hpp>

#include "markdown.hpp"

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
    BOOST_TEST(has(table, "<td align=\"right\">21.3</td>"), table);
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

BOOST_AUTO_TEST_CASE(raw_html_and_script_links_are_dropped) {
    auto html = markdown_to_html("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>");
    BOOST_TEST(!has(html, "<script"), html);
    BOOST_TEST(!has(html, "javascript:"), html);
    BOOST_TEST(!has(html, "<img"), html);
    BOOST_TEST(!has(html, "onerror=alert"), html);
}

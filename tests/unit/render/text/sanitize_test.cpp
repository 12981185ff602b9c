// The one sanitizer for HTML the site did not write: what it keeps, what it
// drops, and that nothing it returns can run script or break the page.
#define BOOST_TEST_MODULE sanitize
#include <boost/test/unit_test.hpp>

#include "render/text/sanitize.hpp"

using namespace vitae;

BOOST_AUTO_TEST_CASE(keeps_structure_and_text) {
    BOOST_TEST(sanitize_html("<p>A <em>b</em> &amp; <a href=\"https://x.org/a?b=1&amp;c=2\">c</a></p>") ==
               "<p>A <em>b</em> &amp; <a href=\"https://x.org/a?b=1&amp;c=2\">c</a></p>");
    BOOST_TEST(sanitize_html("<ul><li>one<li>two</ul>") == "<ul><li>one</li><li>two</li></ul>");  // made well-formed
    BOOST_TEST(sanitize_html("x<br>y<img src=\"/f.png\" alt=\"F\" width=\"3\">") ==
               "x<br>y<img src=\"/f.png\" alt=\"F\" width=\"3\">");
}

BOOST_AUTO_TEST_CASE(drops_script_handlers_and_bad_urls) {
    BOOST_TEST(sanitize_html("<p onclick=\"x()\" style=\"color:red\">hi<script>alert(1)</script></p>") == "<p>hi</p>");
    BOOST_TEST(sanitize_html("<a href=\"javascript:alert(1)\">x</a>") == "<a>x</a>");
    BOOST_TEST(sanitize_html("<a href=\" JaVaScRiPt:alert(1)\">x</a>") == "<a>x</a>");
    BOOST_TEST(sanitize_html("<img src=\"data:image/svg+xml,<svg onload=alert(1)>\">") == "<img>");
    BOOST_TEST(sanitize_html("<iframe src=\"https://evil\"></iframe><style>*{}</style>ok") == "ok");
    BOOST_TEST(sanitize_html("<svg><script>alert(1)</script></svg>ok") == "ok");
    BOOST_TEST(sanitize_html("<blink>still text</blink>") == "still text");  // unknown: unwrapped
    BOOST_TEST(sanitize_html("<a href=\"mailto:a@b.org\">m</a>") == "<a href=\"mailto:a@b.org\">m</a>");
    BOOST_TEST(sanitize_html("<img src=\"mailto:a@b.org\">") == "<img>");
}

BOOST_AUTO_TEST_CASE(keeps_what_makes_math_and_figures_speak) {
    const std::string math = "<math display=\"block\" alttext=\"x^2\"><semantics><msup><mi>x</mi><mn>2</mn></msup>"
                             "<annotation encoding=\"application/x-tex\">x^2</annotation></semantics></math>";
    BOOST_TEST(sanitize_html(math) == math);
    BOOST_TEST(sanitize_html("<span aria-label=\"Figure 1\" aria-describedby=\"c1\">x</span>") ==
               "<span aria-label=\"Figure 1\" aria-describedby=\"c1\">x</span>");
    BOOST_TEST(sanitize_html("<span aria-hidden=\"true\" role=\"button\">x</span>") == "<span>x</span>");
    BOOST_TEST(sanitized_text(math) == "x2");  // the annotation is the source, not text
}

BOOST_AUTO_TEST_CASE(cannot_close_the_page_early) {
    BOOST_TEST(sanitize_html("</div></main></body><p>after") == "<p>after</p>");
    BOOST_TEST(sanitize_html("<!-- a comment -->text") == "text");
    BOOST_TEST(sanitize_html("\"quotes\" & <unclosed") .find('<') == std::string::npos);
    BOOST_TEST(sanitize_html("").empty());
}

BOOST_AUTO_TEST_CASE(reports_what_it_removes) {
    auto [html, report] = sanitize_and_report("<p onclick=\"x()\">hi<script>alert(1)</script> <a href=\"javascript:x()\">y</a></p>");
    BOOST_TEST(html == "<p>hi <a>y</a></p>");
    BOOST_REQUIRE(report.removed.size() == 3u);
    BOOST_TEST(report.removed[0] == "onclick on <p>");
    BOOST_TEST(report.removed[1] == "<script> and its content");
    BOOST_TEST(report.removed[2] == "link javascript:x()");
    BOOST_TEST(report.relative.empty());
}

BOOST_AUTO_TEST_CASE(reports_relative_links_and_images_it_keeps) {
    auto [html, report] = sanitize_and_report("<a href=\"/cv.pdf\">CV</a><img src=\"assets/me.jpg\" alt=\"me\"><a href=\"#top\">t</a>");
    BOOST_TEST(html == "<a href=\"/cv.pdf\">CV</a><img src=\"assets/me.jpg\" alt=\"me\"><a href=\"#top\">t</a>");
    BOOST_TEST(report.removed.empty());
    BOOST_TEST((report.relative == std::vector<std::string>{"/cv.pdf", "assets/me.jpg"}));
    BOOST_TEST((report.images == std::vector<std::string>{"assets/me.jpg"}));
}

BOOST_AUTO_TEST_CASE(keeps_text_inside_unknown_elements_nested) {
    auto [html, report] = sanitize_and_report("<div><custom-tag><em>kept <style>x</style>text</em></custom-tag></div>");
    BOOST_TEST(html == "<div><em>kept text</em></div>");
    BOOST_TEST(report.removed.size() == 1u);
}

BOOST_AUTO_TEST_CASE(text_of_a_citation_string) {
    BOOST_TEST(sanitized_text("<strong>A. Author</strong>, B. Other. &quot;A title.&quot; <i>Venue</i>") ==
               "A. Author, B. Other. \"A title.\" Venue");
    BOOST_TEST(sanitized_text("a<script>alert(1)</script>b<br>c") == "ab\nc");
    BOOST_TEST(sanitized_text("").empty());
}

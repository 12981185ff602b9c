#define BOOST_TEST_MODULE toc
#include <boost/test/unit_test.hpp>

#include "render/math/markdown_math.hpp"
#include "render/text/markdown.hpp"
#include "render/text/toc.hpp"

using namespace vitae;

BOOST_AUTO_TEST_CASE(lists_h2_and_h3_with_their_ids_in_order) {
    std::string html = with_heading_ids(markdown_with_math_to_html(
        "# Title\n\n## Setup & *data*\n\ntext\n\n### Details\n\n#### Too deep\n\n## Results\n\n## Results\n"));
    auto entries = toc_entries(html);
    BOOST_REQUIRE(entries.size() == 4u);
    BOOST_TEST(entries[0].level == 2);
    BOOST_TEST(entries[0].text_html == "Setup &amp; data");  // tags dropped, still escaped
    BOOST_TEST(html.find("<h2 id=\"" + entries[0].id + "\">") != std::string::npos);
    BOOST_TEST(entries[1].level == 3);
    BOOST_TEST(entries[1].text_html == "Details");
    BOOST_TEST(entries[2].id != entries[3].id);  // the same heading twice: two anchors
}

BOOST_AUTO_TEST_CASE(headings_without_ids_and_broken_html_give_no_entries) {
    BOOST_TEST(toc_entries("<h2>No id</h2><p>x</p>").empty());
    BOOST_TEST(toc_entries("<h2 id=\"a\">never closed").empty());
    BOOST_TEST(toc_entries("").empty());
}

// The page table (core/site/page_table): one row per RouteKind, and each row
// whole: a page with a template is HTML made from the layout, one without is
// a generated body, and every kind a path names is found by its row.
#define BOOST_TEST_MODULE page_table
#include <boost/test/unit_test.hpp>

#include "site/page_table.hpp"

using namespace vitae;

BOOST_AUTO_TEST_CASE(every_kind_has_one_page_row_in_order) {
    BOOST_TEST(page_table().size() == static_cast<std::size_t>(route_kind_count));
    for (int i = 0; i < route_kind_count; ++i) {
        const PageRow& row = page_table()[static_cast<std::size_t>(i)];
        BOOST_TEST(static_cast<int>(row.kind) == i);
        BOOST_TEST(&page_row(row.kind) == &row);
    }
}

BOOST_AUTO_TEST_CASE(each_row_is_a_template_page_or_a_generated_body) {
    for (const auto& row : page_table()) {
        std::string_view name = route_kind_name(row.kind);
        // An HTML page has a template and is made from the layout; a generated one has neither.
        // (Search has a template but no inputs: it is made per request, never cached.)
        if (row.kind != RouteKind::search)
            BOOST_TEST(row.template_name.empty() != row.inputs.has(Input::page_template), name);
        if (!row.template_name.empty()) BOOST_TEST(row.content_type == html_type, name);
        if (row.body) BOOST_TEST(row.template_name.empty(), name);
        if (row.data || row.head) BOOST_TEST(!row.template_name.empty(), name);
        // A kind a path names is found by its row, except the handler's own answers.
        bool handlers_own = row.kind == RouteKind::status || row.kind == RouteKind::metrics;
        if (!route_path(row.kind).pattern.empty() && !handlers_own) BOOST_TEST(row.find != nullptr, name);
        if (row.find && row.template_name.empty()) BOOST_TEST(row.body != nullptr, name);
    }
}

// The one date rule (core/rules/date): what the editor, the CLI, the
// importers and the pages all take as a date, a month and a day's start.
#define BOOST_TEST_MODULE date
#include <boost/test/unit_test.hpp>

#include "rules/date.hpp"

using namespace vitae;

BOOST_AUTO_TEST_CASE(takes_real_days_only) {
    BOOST_TEST(is_date("2024-02-29"));
    BOOST_TEST(is_date("2021-12-31"));
    BOOST_TEST(!is_date("2023-02-29"));
    BOOST_TEST(!is_date("2021-02-30"));
    BOOST_TEST(!is_date("2021-02-31"));
    BOOST_TEST(!is_date("2021-04-31"));
    BOOST_TEST(!is_date("2026-13-01"));
    BOOST_TEST(!is_date("2026-00-10"));
    BOOST_TEST(!is_date("2026-01-00"));
}

BOOST_AUTO_TEST_CASE(takes_exactly_yyyy_mm_dd) {
    BOOST_TEST(!is_date("2026-1-01"));
    BOOST_TEST(!is_date("2026-01-01x"));
    BOOST_TEST(!is_date("+026-01-01"));
    BOOST_TEST(!is_date(" 026-01-01"));
    BOOST_TEST(!is_date("2026/01/01"));
    BOOST_TEST(!is_date(""));
    auto day = parse_date("2024-02-29");
    BOOST_TEST_REQUIRE(day.has_value());
    BOOST_TEST(day->year == 2024);
    BOOST_TEST(day->month == 2u);
    BOOST_TEST(day->day == 29u);
}

BOOST_AUTO_TEST_CASE(takes_months) {
    BOOST_TEST(is_month("2024-01"));
    BOOST_TEST(is_month("2024-12"));
    BOOST_TEST(!is_month("2024-13"));
    BOOST_TEST(!is_month("2024-00"));
    BOOST_TEST(!is_month("2024-1"));
    BOOST_TEST(!is_month("2024-+1"));
}

BOOST_AUTO_TEST_CASE(gives_a_days_start_in_utc) {
    BOOST_TEST(utc_day_start("1970-01-01").value() == 0);
    BOOST_TEST(utc_day_start("2026-07-27").value() == 1785110400);
    BOOST_TEST(!utc_day_start("2026-02-30").has_value());
}

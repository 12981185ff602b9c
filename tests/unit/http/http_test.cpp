#define BOOST_TEST_MODULE http
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "http/http.hpp"

using namespace vitae;

BOOST_AUTO_TEST_CASE(etag_matching_follows_rfc9110) {
    BOOST_TEST(etag_matches("\"abc\"", "\"abc\""));
    BOOST_TEST(etag_matches("\"x\", \"abc\"", "\"abc\""));
    BOOST_TEST(etag_matches("W/\"abc\"", "\"abc\""));  // If-None-Match uses weak comparison
    BOOST_TEST(etag_matches("*", "\"abc\""));
    BOOST_TEST(!etag_matches("\"abd\"", "\"abc\""));
    BOOST_TEST(!etag_matches("", "\"abc\""));
    BOOST_TEST(!etag_matches("garbage,,, ,", "\"abc\""));
    BOOST_TEST(!etag_matches("abc", "\"abc\""));
}

BOOST_AUTO_TEST_CASE(etag_depends_only_on_bytes) {
    BOOST_TEST(etag_for("hello") == etag_for("hello"));
    BOOST_TEST(etag_for("hello") != etag_for("hellp"));
    BOOST_TEST(etag_for("").size() == 18u);
    // Every byte counts, whichever of the hash's four lanes (and the tail) it falls in.
    std::string body(1003, 'a');
    for (std::size_t i = 0; i < body.size(); i += 7) body[i] = static_cast<char>('a' + i % 26);
    const std::string etag = etag_for(body);
    for (std::size_t at : {0u, 8u, 16u, 24u, 31u, 500u, 992u, 1000u, 1002u}) {
        std::string changed = body;
        changed[at] ^= 1;
        BOOST_TEST(etag_for(changed) != etag, "byte " << at);
    }
    std::string swapped = body;  // two lanes' words swapped: the same bytes, elsewhere
    std::swap_ranges(swapped.begin(), swapped.begin() + 8, swapped.begin() + 8);
    BOOST_TEST(etag_for(swapped) != etag);
    BOOST_TEST(etag_for(body + "x") != etag_for(body + "y"));
}

BOOST_AUTO_TEST_CASE(head_carries_length_type_and_cache_state) {
    auto page = std::make_shared<Page>();
    page->body = "<p>é</p>";
    page->etag = "\"e\"";
    Response r;
    r.page = page;
    r.cache_hit = true;
    auto head = response_head(r);
    BOOST_TEST(head.starts_with("Status: 200 OK\r\n"));
    BOOST_TEST(head.find("Content-Type: text/html; charset=utf-8\r\n") != std::string::npos);
    BOOST_TEST(head.find("Content-Length: 9\r\n") != std::string::npos);
    BOOST_TEST(head.find("ETag: \"e\"\r\n") != std::string::npos);
    BOOST_TEST(head.find("X-Vitae-Cache: hit\r\n") != std::string::npos);
    BOOST_TEST(head.ends_with("\r\n\r\n"));
}

BOOST_AUTO_TEST_CASE(not_modified_has_no_length_or_type) {
    auto page = std::make_shared<Page>();
    page->body = "x";
    page->etag = "\"e\"";
    Response r;
    r.status = 304;
    r.page = page;
    auto head = response_head(r);
    BOOST_TEST(head.starts_with("Status: 304 Not Modified\r\n"));
    BOOST_TEST(head.find("Content-Length") == std::string::npos);
    BOOST_TEST(head.find("ETag: \"e\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(plain_responses_are_text) {
    auto r = plain_response(405, "method not allowed");
    r.allow = "GET, HEAD";
    auto head = response_head(r);
    BOOST_TEST(head.find("Status: 405 Method Not Allowed") != std::string::npos);
    BOOST_TEST(head.find("Allow: GET, HEAD") != std::string::npos);
    BOOST_TEST(head.find("text/plain; charset=utf-8") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(preferred_type_follows_q_and_specificity) {
    constexpr std::string_view offered[] = {"text/html", "application/x-bibtex", "application/vnd.citationstyles.csl+json"};
    auto pick = [&](std::string_view accept) { return preferred_type(accept, offered); };
    BOOST_TEST(pick("").value() == 0u);                         // no Accept: the first offer
    BOOST_TEST(pick("application/x-bibtex").value() == 1u);
    BOOST_TEST(pick("text/html,application/xhtml+xml,*/*;q=0.8").value() == 0u);  // a browser
    BOOST_TEST(pick("application/vnd.citationstyles.csl+json, text/html;q=0.5").value() == 2u);
    BOOST_TEST(pick("text/html;q=0.1, application/*;q=0.9").value() == 1u);  // type/* matches, first offer of it
    BOOST_TEST(pick("*/*").value() == 0u);
    BOOST_TEST(!pick("image/png").has_value());
    BOOST_TEST(!pick("application/x-bibtex;q=0").has_value());
    BOOST_TEST(pick("APPLICATION/X-BIBTEX; Q=1.0").value() == 1u);  // case does not matter
}

BOOST_AUTO_TEST_CASE(parses_one_byte_range_and_ignores_the_rest) {
    auto r = parse_range("bytes=0-4", 10);
    BOOST_REQUIRE(r);
    BOOST_TEST(r->first == 0u);
    BOOST_TEST(r->last == 4u);
    BOOST_TEST(parse_range("bytes=5-", 10)->last == 9u);
    BOOST_TEST(parse_range("bytes=-3", 10)->first == 7u);
    BOOST_TEST(parse_range("bytes=-30", 10)->first == 0u);   // more than there is: all of it
    BOOST_TEST(parse_range("bytes=8-100", 10)->last == 9u);  // cut at the end
    BOOST_TEST(!parse_range("bytes=10-", 10)->satisfiable);  // starts past the end: 416
    BOOST_TEST(!parse_range("bytes=-0", 10)->satisfiable);
    for (auto ignored : {"", "bytes=x-y", "bytes=4-2", "bytes=0-1,5-6", "pages=1", "bytes=", "bytes=-", "bytes=1-2-3"})
        BOOST_TEST(!parse_range(ignored, 10).has_value(), ignored);
}

#define BOOST_TEST_MODULE edit_guard
#include <boost/test/unit_test.hpp>

#include "base/limits.hpp"
#include "http/edit_guard.hpp"

using namespace vitae;

BOOST_AUTO_TEST_CASE(reads_a_cookie_among_others) {
    BOOST_TEST(*cookie_value("a=1; __Host-vitae-session=abc ; b=2", session_cookie) == "abc");
    BOOST_TEST(*cookie_value("__Host-vitae-session=first; __Host-vitae-session=second", session_cookie) == "first");
    BOOST_TEST(!cookie_value("x__Host-vitae-session=abc", session_cookie));
    BOOST_TEST(!cookie_value("", session_cookie));
    BOOST_TEST(!cookie_value("junk;;=;", session_cookie));
    BOOST_TEST(!cookie_value("__Host-vitae-session=a; " + std::string(limits::max_cookie_header_bytes, 'x'), session_cookie));
}

BOOST_AUTO_TEST_CASE(session_cookie_has_every_flag) {
    auto c = set_cookie(session_cookie, "tok", 3600);
    BOOST_TEST(c == "__Host-vitae-session=tok; Path=/; Max-Age=3600; Secure; HttpOnly; SameSite=Strict");
    BOOST_TEST(c.find("Domain") == std::string::npos);
    BOOST_TEST(clear_cookie(login_cookie).find("Max-Age=0") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(origin_must_be_the_requests_own) {
    auto own = request_origin("https", "Example.org");
    BOOST_TEST(own == "https://example.org");
    BOOST_TEST(static_cast<int>(check_origin("https://example.org", "", own)) == static_cast<int>(OriginCheck::same));
    BOOST_TEST(static_cast<int>(check_origin("https://EXAMPLE.org", "", own)) == static_cast<int>(OriginCheck::same));
    BOOST_TEST(static_cast<int>(check_origin("https://evil.example", "https://example.org/x", own)) == static_cast<int>(OriginCheck::foreign));
    BOOST_TEST(static_cast<int>(check_origin("http://example.org", "", own)) == static_cast<int>(OriginCheck::foreign));
    BOOST_TEST(static_cast<int>(check_origin("https://example.org:8443", "", own)) == static_cast<int>(OriginCheck::foreign));
    BOOST_TEST(static_cast<int>(check_origin("null", "https://example.org/", own)) == static_cast<int>(OriginCheck::foreign));
    // No Origin: the Referer decides; neither is refused.
    BOOST_TEST(static_cast<int>(check_origin("", "https://example.org/_vitae/edit/", own)) == static_cast<int>(OriginCheck::same));
    BOOST_TEST(static_cast<int>(check_origin("", "https://example.org.evil.example/", own)) == static_cast<int>(OriginCheck::foreign));
    BOOST_TEST(static_cast<int>(check_origin("", "", own)) == static_cast<int>(OriginCheck::missing));
}

BOOST_AUTO_TEST_CASE(next_stays_inside_the_editor) {
    BOOST_TEST(safe_next("/_vitae/edit/default/bio") == "/_vitae/edit/default/bio");
    BOOST_TEST(safe_next("/_vitae/edit/") == "/_vitae/edit/");
    for (std::string_view bad : {"https://evil.example/", "//evil.example/", "/_vitae/edit//evil.example", "/_vitae/edit/\\evil",
                                 "/_vitae/edit/../status", "/_vitae/edit/login", "/_vitae/edit/a\r\nSet-Cookie: x=1", "/blog/", ""})
        BOOST_TEST(safe_next(bad) == "/_vitae/edit/");
}

BOOST_AUTO_TEST_CASE(reads_the_query) {
    BOOST_TEST(query_value("a=1&next=%2F_vitae%2Fedit%2Fx", "next") == "/_vitae/edit/x");
    BOOST_TEST(query_value("next=%zz", "next") == "");
    BOOST_TEST(query_value("", "next") == "");
}

BOOST_AUTO_TEST_CASE(editor_headers_forbid_inline_script_and_caching) {
    std::string h;
    for (const auto& field : editor_headers()) h += field.name + ": " + field.value + "\r\n";
    BOOST_TEST(h.find("script-src 'self';") != std::string::npos);
    BOOST_TEST(h.find("frame-ancestors 'none'") != std::string::npos);
    BOOST_TEST(h.find("Cache-Control: no-store\r\n") != std::string::npos);
    BOOST_TEST(h.find("X-Content-Type-Options: nosniff\r\n") != std::string::npos);
}

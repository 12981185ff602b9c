#define BOOST_TEST_MODULE request
#include <boost/test/unit_test.hpp>

#include "base/limits.hpp"
#include "http/request.hpp"

using namespace vitae;

namespace {

std::variant<Request, Rejection> parse(std::string_view method, std::string_view uri) {
    return parse_request({.method = method, .request_uri = uri});
}

int status_of(const std::variant<Request, Rejection>& r) {
    return std::holds_alternative<Rejection>(r) ? std::get<Rejection>(r).status : 0;
}

}  // namespace

BOOST_AUTO_TEST_CASE(decodes_path_and_drops_query) {
    auto r = parse("GET", "/blog/%6Cinear?x=%zz");
    BOOST_REQUIRE(std::holds_alternative<Request>(r));
    BOOST_TEST(std::get<Request>(r).path == "/blog/linear");
    BOOST_TEST(static_cast<int>(std::get<Request>(r).method) == static_cast<int>(Method::get));
}

BOOST_AUTO_TEST_CASE(classifies_methods) {
    BOOST_TEST(static_cast<int>(std::get<Request>(parse("HEAD", "/")).method) == static_cast<int>(Method::head));
    BOOST_TEST(static_cast<int>(std::get<Request>(parse("POST", "/")).method) == static_cast<int>(Method::post));
    BOOST_TEST(static_cast<int>(std::get<Request>(parse("get", "/")).method) == static_cast<int>(Method::other));
    BOOST_TEST(static_cast<int>(std::get<Request>(parse("PUT", "/")).method) == static_cast<int>(Method::other));
}

BOOST_AUTO_TEST_CASE(rejects_uri_over_limit) {
    std::string uri = "/" + std::string(limits::max_uri_bytes, 'a');
    BOOST_TEST(status_of(parse("GET", uri)) == 414);
}

BOOST_AUTO_TEST_CASE(rejects_nul_bad_escapes_and_invalid_utf8) {
    BOOST_TEST(status_of(parse("GET", "/a%00b")) == 400);
    BOOST_TEST(status_of(parse("GET", "/a%zz")) == 400);
    BOOST_TEST(status_of(parse("GET", "/a%4")) == 400);
    BOOST_TEST(status_of(parse("GET", "/%c0%ae%c0%ae/")) == 400);  // overlong '.'
    BOOST_TEST(status_of(parse("GET", "/%ed%a0%80")) == 400);      // surrogate
    BOOST_TEST(status_of(parse("GET", "/%ff")) == 400);
    BOOST_TEST(status_of(parse("GET", "")) == 400);
    BOOST_TEST(status_of(parse("GET", "relative")) == 400);
    BOOST_TEST(status_of(parse("", "/")) == 400);
}

// A decoded path can reach a header (a redirect's Location): a CR or LF in it
// would end that line and start a header of the sender's choosing.
BOOST_AUTO_TEST_CASE(rejects_control_bytes_in_the_decoded_path) {
    for (std::string_view uri : {"/_vitae/edit/zz%0D%0ASet-Cookie:%20inj=1", "/a%0Ab", "/a%0db", "/a%09b", "/a%1Fb", "/a%7Fb"}) {
        auto parsed = parse("GET", uri);
        BOOST_TEST(status_of(parsed) == 400, uri);
        if (auto* rejection = std::get_if<Rejection>(&parsed)) BOOST_TEST(rejection->reason == "control character in path");
    }
    BOOST_TEST(status_of(parse("GET", "/a%20b%C3%A9")) == 0);  // a space and UTF-8 are not control bytes
    BOOST_TEST(status_of(parse("GET", "/a?q=%0A")) == 0);      // the query is its reader's (query_field)
    BOOST_TEST(has_control_byte("a\rb"));
    BOOST_TEST(!has_control_byte("a b\x80"));
}

BOOST_AUTO_TEST_CASE(accepts_valid_utf8_and_dot_segments_as_plain_text) {
    auto r = parse("GET", "/%e7%93%9c/%2e%2e/x");
    BOOST_REQUIRE(std::holds_alternative<Request>(r));
    BOOST_TEST(std::get<Request>(r).path == "/瓜/../x");  // routed, never touches a filesystem
}

BOOST_AUTO_TEST_CASE(ignores_oversized_conditional_headers) {
    std::string big(limits::max_header_value_bytes + 1, 'x');
    auto r = parse_request({.method = "GET", .request_uri = "/", .if_none_match = big, .accept_encoding = "gzip", .accept = big});
    BOOST_TEST(std::get<Request>(r).if_none_match.empty());
    BOOST_TEST(std::get<Request>(r).accept_encoding == "gzip");
    BOOST_TEST(std::get<Request>(r).accept.empty());  // an oversized Accept: the page, not a guess
}

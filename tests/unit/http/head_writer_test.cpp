#define BOOST_TEST_MODULE head_writer
#include <boost/test/unit_test.hpp>

#include <string>

#include "http/head_writer.hpp"
#include "http/http.hpp"

using namespace vitae;

namespace {

bool is_the_refusal(const WrittenHead& written) {
    return written.refused && written.head.starts_with("Status: 500 Internal Server Error\r\n") &&
           written.head.find("Content-Length: " + std::to_string(written.body.size()) + "\r\n") != std::string::npos &&
           written.head.ends_with("\r\n\r\n") && written.body == "internal server error\n";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_head_is_status_fields_and_an_empty_line) {
    HeadWriter head(303);
    head.add("Location", "/_vitae/edit/login").add_number("Content-Length", 0);
    auto written = head.finish("");
    BOOST_TEST(!written.refused);
    BOOST_TEST(written.head == "Status: 303 See Other\r\nLocation: /_vitae/edit/login\r\nContent-Length: 0\r\n\r\n");
}

BOOST_AUTO_TEST_CASE(every_status_either_programs_send_has_its_reason_phrase) {
    struct Case {
        int status;
        std::string_view reason;
    };
    for (auto [status, reason] : {Case{200, "OK"}, Case{206, "Partial Content"}, Case{301, "Moved Permanently"},
                                  Case{303, "See Other"}, Case{304, "Not Modified"}, Case{400, "Bad Request"},
                                  Case{403, "Forbidden"}, Case{404, "Not Found"}, Case{405, "Method Not Allowed"},
                                  Case{413, "Content Too Large"}, Case{414, "URI Too Long"},
                                  Case{416, "Range Not Satisfiable"}, Case{429, "Too Many Requests"},
                                  Case{500, "Internal Server Error"}, Case{503, "Service Unavailable"}}) {
        BOOST_TEST(reason_phrase(status) == reason);
        auto written = HeadWriter(status).finish("");
        BOOST_TEST(written.head == "Status: " + std::to_string(status) + " " + std::string(reason) + "\r\n\r\n");
    }
}

BOOST_AUTO_TEST_CASE(a_status_outside_the_table_is_refused_not_called_unknown) {
    for (int status : {0, 99, 299, 600, 999, -1}) {
        BOOST_TEST(reason_phrase(status).empty());
        BOOST_TEST(is_the_refusal(HeadWriter(status).finish("body")), status);
    }
}

// The attack of the editor's redirect: a decoded path in Location.
BOOST_AUTO_TEST_CASE(a_value_with_cr_or_lf_is_never_written) {
    const std::string_view values[] = {"/zz\r\nSet-Cookie: inj=1", "/zz\nSet-Cookie: inj=1", "/zz\rX: 1",
                                       "/zz\r\n\r\n<html>attacker", std::string_view("a\0b", 3), "a\x01z", "a\x1bz", "a\x7fz"};
    for (std::string_view value : values) {
        HeadWriter head(303);
        head.add("Location", value).add("Content-Type", "text/html");
        BOOST_TEST(head.refused());
        auto written = head.finish("the page");
        BOOST_TEST(is_the_refusal(written));
        BOOST_TEST(written.head.find("inj=1") == std::string::npos);
        BOOST_TEST(written.head.find("attacker") == std::string::npos);
        BOOST_TEST(written.head.find("Location") == std::string::npos);
        BOOST_TEST(written.body.find("the page") == std::string_view::npos);
    }
}

BOOST_AUTO_TEST_CASE(a_value_may_hold_tab_space_and_utf8) {
    auto written = HeadWriter(200).add("Link", "<a b>;\trel=\"cite-as\" \xc3\xa9").finish("x");
    BOOST_TEST(!written.refused);
    BOOST_TEST(written.head.find("Link: <a b>;\trel=\"cite-as\" \xc3\xa9\r\n") != std::string::npos);
    BOOST_TEST(written.body == "x");
}

BOOST_AUTO_TEST_CASE(a_name_must_be_a_token) {
    for (std::string_view name : {"", "Set-Cookie: a", "X\r\nY", "X Y", "X:", "\xc3\xa9"})
        BOOST_TEST(HeadWriter(200).add(name, "v").refused(), name);
    for (std::string_view name : {"X-Vitae-Cache", "xkey", "Cache-Tag", "a!#$%&'*+-.^_`|~9"})
        BOOST_TEST(!HeadWriter(200).add(name, "v").refused(), name);
}

BOOST_AUTO_TEST_CASE(once_refused_the_rest_is_dropped_too) {
    HeadWriter head(200);
    head.add("X-A", "bad\n").add("X-B", "good");
    auto written = head.finish("body");
    BOOST_TEST(is_the_refusal(written));
    BOOST_TEST(written.head.find("X-B") == std::string::npos);
}

// The worker's heads come from the same writer: a page field or a redirect
// carrying a line break becomes the 500, and no answer is laid out ahead for it.
BOOST_AUTO_TEST_CASE(the_workers_response_heads_go_through_the_writer) {
    auto redirect = plain_response(301, "moved");
    redirect.location = "/x\r\nSet-Cookie: inj=1";
    BOOST_TEST(is_the_refusal(write_response(redirect)));

    auto page = std::make_shared<Page>();
    page->body = "<p>x</p>";
    page->etag = "\"e\"";
    page->link = "<https://doi.org/10.1/x>; rel=\"cite-as\"\r\nSet-Cookie: inj=1";
    prepare_wire(page, [](std::string_view head, std::string_view body) { return std::string(head) + std::string(body); });
    BOOST_TEST(page->wire[0].empty());
    Response hit;
    hit.page = page;
    BOOST_TEST(is_the_refusal(write_response(hit)));

    page->link = "<https://doi.org/10.1/x>; rel=\"cite-as\"";
    prepare_wire(page, [](std::string_view head, std::string_view body) { return std::string(head) + std::string(body); });
    BOOST_TEST(page->wire[0].starts_with("Status: 200 OK\r\n"));
    BOOST_TEST(page->wire[0].ends_with("\r\n\r\n<p>x</p>"));
}

BOOST_AUTO_TEST_CASE(surrogate_fields_are_written_as_fields) {
    auto page = std::make_shared<Page>();
    page->body = "x";
    page->surrogate = surrogate_fields(SurrogateHeader::cache_tag, "s s:home");
    Response r;
    r.page = page;
    auto head = response_head(r);
    BOOST_TEST(head.find("Cache-Tag: s,s:home\r\nCDN-Cache-Control: max-age=3600\r\n") != std::string::npos);
    page->surrogate = surrogate_fields(SurrogateHeader::xkey, "s\r\nX: 1");
    BOOST_TEST(is_the_refusal(write_response(r)));
}

#define BOOST_TEST_MODULE fastcgi_records
#include <boost/test/unit_test.hpp>

#include <vector>

#include "fcgi/core/fastcgi_records.hpp"

using namespace vitae;

namespace {

// A record as the FastCGI 1.0 spec (section 3.3) lays it out.
struct Record {
    unsigned version, type, request_id, padding, reserved;
    std::string content;
};

std::vector<Record> parse(std::string_view bytes) {
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(bytes.at(i)); };
    std::vector<Record> records;
    std::size_t at = 0;
    while (at < bytes.size()) {
        BOOST_TEST_REQUIRE(bytes.size() - at >= 8u);
        Record r{byte(at), byte(at + 1), byte(at + 2) * 256u + byte(at + 3), byte(at + 6), byte(at + 7), {}};
        std::size_t length = byte(at + 4) * 256u + byte(at + 5);
        BOOST_TEST_REQUIRE(bytes.size() - at - 8 >= length + r.padding);
        r.content = bytes.substr(at + 8, length);
        BOOST_TEST(bytes.substr(at + 8 + length, r.padding) == std::string(r.padding, '\0'));
        at += 8 + length + r.padding;
        records.push_back(std::move(r));
    }
    return records;
}

constexpr unsigned stdout_type = 6, end_request_type = 3;

}  // namespace

BOOST_AUTO_TEST_CASE(a_small_answer_is_one_stdout_record_the_end_of_stream_and_end_request) {
    std::string out;
    fastcgi::append_answer(out, 0x1234, "Status: 200 OK\r\n\r\n", "hi");
    // 20 bytes of content, padded by 4 to 24; then two bare headers and the 8-byte body.
    // clang-format off
    const unsigned char expected[] = {
        1, 6, 0x12, 0x34, 0, 20, 4, 0,  // FCGI_STDOUT, 20 bytes + 4 padding
        'S', 't', 'a', 't', 'u', 's', ':', ' ', '2', '0', '0', ' ', 'O', 'K', '\r', '\n', '\r', '\n', 'h', 'i',
        0, 0, 0, 0,                     // padding
        1, 6, 0x12, 0x34, 0, 0, 0, 0,   // empty FCGI_STDOUT: end of stream
        1, 3, 0x12, 0x34, 0, 8, 0, 0,   // FCGI_END_REQUEST, 8 bytes
        0, 0, 0, 0, 0, 0, 0, 0};        // appStatus 0, FCGI_REQUEST_COMPLETE, reserved
    // clang-format on
    BOOST_TEST(out == std::string(reinterpret_cast<const char*>(expected), sizeof expected));
}

BOOST_AUTO_TEST_CASE(appends_to_what_the_buffer_holds) {
    std::string out = "before";
    fastcgi::append_answer(out, 1, "h", "");
    BOOST_TEST(out.starts_with("before"));
    BOOST_TEST(parse(std::string_view(out).substr(6)).size() == 3u);
}

BOOST_AUTO_TEST_CASE(splits_the_stream_into_records_of_at_most_65535_bytes) {
    std::string head = "Status: 200 OK\r\nContent-Type: text/plain\r\n\r\n";
    std::string body(2 * fastcgi::max_content_bytes + 10 - head.size(), 'x');
    for (std::size_t i = 0; i < body.size(); i += 7) body[i] = static_cast<char>('a' + i % 26);
    std::string out;
    fastcgi::append_answer(out, 9, head, body);
    BOOST_TEST(out.size() % 8 == 0u);
    auto records = parse(out);
    BOOST_TEST_REQUIRE(records.size() == 5u);
    std::string stream;
    for (std::size_t i = 0; i < 3; ++i) {
        BOOST_TEST(records[i].type == stdout_type);
        stream += records[i].content;
    }
    BOOST_TEST(records[0].content.size() == 65535u);
    BOOST_TEST(records[0].padding == 1u);  // 8 + 65535 + 1 = 65544, a multiple of 8
    BOOST_TEST(records[1].content.size() == 65535u);
    BOOST_TEST(records[2].content.size() == 10u);
    BOOST_TEST(records[2].padding == 6u);
    BOOST_TEST(stream == head + body);  // head and body as one stream, in order, nothing lost at the seams
    BOOST_TEST(records[3].type == stdout_type);
    BOOST_TEST(records[3].content.empty());
    BOOST_TEST(records[4].type == end_request_type);
    for (const auto& r : records) {
        BOOST_TEST(r.version == 1u);
        BOOST_TEST(r.request_id == 9u);
        BOOST_TEST(r.reserved == 0u);
    }
}

BOOST_AUTO_TEST_CASE(exactly_65535_bytes_make_one_full_record) {
    std::string out;
    fastcgi::append_answer(out, 1, std::string(100, 'h'), std::string(fastcgi::max_content_bytes - 100, 'b'));
    auto records = parse(out);
    BOOST_TEST_REQUIRE(records.size() == 3u);
    BOOST_TEST(records[0].content.size() == 65535u);
    BOOST_TEST(records[1].content.empty());
}

BOOST_AUTO_TEST_CASE(end_request_says_complete_with_status_zero) {
    std::string out;
    fastcgi::append_answer(out, 0xffff, "Status: 404 Not Found\r\n\r\n", "");
    auto records = parse(out);
    BOOST_TEST_REQUIRE(records.size() == 3u);
    const Record& end = records.back();
    BOOST_TEST(end.type == end_request_type);
    BOOST_TEST(end.request_id == 0xffffu);
    BOOST_TEST(end.padding == 0u);
    BOOST_TEST(end.content == std::string(8, '\0'));  // appStatus 0 (4 bytes), FCGI_REQUEST_COMPLETE (0), reserved
}

BOOST_AUTO_TEST_CASE(answers_laid_out_ahead_carry_nginxs_request_id) {
    auto out = fastcgi::answer_for_nginx("Status: 200 OK\r\n\r\n", "body");
    std::string framed;
    fastcgi::append_answer(framed, 1, "Status: 200 OK\r\n\r\n", "body");
    BOOST_TEST(out == framed);
    for (const auto& r : parse(out)) BOOST_TEST(r.request_id == 1u);
}

#define BOOST_TEST_MODULE form
#include <boost/test/unit_test.hpp>

#include "base/limits.hpp"
#include "http/form.hpp"

using namespace vitae;

namespace {

FormData ok(const FormParse& parse) {
    if (const auto* error = std::get_if<FormError>(&parse)) BOOST_FAIL("refused: " + error->reason);
    return std::get<FormData>(parse);
}

int status_of(const FormParse& parse) {
    const auto* error = std::get_if<FormError>(&parse);
    return error ? error->status : 200;
}

constexpr std::string_view type = "multipart/form-data; boundary=----b0undary";

std::string part(std::string_view headers, std::string_view bytes) {
    return "------b0undary\r\n" + std::string(headers) + "\r\n\r\n" + std::string(bytes) + "\r\n";
}
std::string closed(std::string parts) { return parts + "------b0undary--\r\n"; }

}  // namespace

BOOST_AUTO_TEST_CASE(urlencoded_decodes_plus_and_percent_in_order) {
    const auto form = ok(parse_urlencoded("title=A+b%26c&tag=x&&tag=y&empty=&flag"));
    BOOST_TEST(*form.get("title") == "A b&c");
    BOOST_TEST(form.all("tag").size() == 2u);
    BOOST_TEST(form.all("tag")[1] == "y");
    BOOST_TEST(*form.get("empty") == "");
    BOOST_TEST(*form.get("flag") == "");
    BOOST_TEST(!form.get("missing"));
    BOOST_TEST(ok(parse_urlencoded("")).fields.empty());
}

BOOST_AUTO_TEST_CASE(urlencoded_refuses_hostile_input) {
    BOOST_TEST(status_of(parse_urlencoded("a=%zz")) == 400);
    BOOST_TEST(status_of(parse_urlencoded("a=%4")) == 400);
    BOOST_TEST(status_of(parse_urlencoded("a=%C3%28")) == 400);  // not UTF-8
    BOOST_TEST(status_of(parse_urlencoded("a=%00")) == 400);     // NUL
    BOOST_TEST(status_of(parse_urlencoded("=v")) == 400);        // no name
    BOOST_TEST(status_of(parse_urlencoded(std::string(limits::max_form_name_bytes + 1, 'n') + "=v")) == 413);
    BOOST_TEST(status_of(parse_urlencoded("a=" + std::string(limits::max_form_value_bytes + 1, 'v'))) == 413);
    std::string many;
    for (std::size_t i = 0; i <= limits::max_form_fields; ++i) many += "f=1&";
    BOOST_TEST(status_of(parse_urlencoded(many)) == 413);
    BOOST_TEST(status_of(parse_urlencoded(std::string(limits::max_urlencoded_body_bytes + 1, 'a'))) == 413);
}

BOOST_AUTO_TEST_CASE(multipart_reads_fields_and_files) {
    auto body = closed(part("Content-Disposition: form-data; name=\"title\"", "Deep\r\nnets") +
                       part("Content-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\nContent-Type: application/pdf",
                            std::string("%PDF\0\r\n--x", 11)) +
                       part("Content-Disposition: form-data; name=\"empty\"; filename=\"\"\r\nContent-Type: application/octet-stream", ""));
    const auto form = ok(parse_multipart(type, body));
    BOOST_TEST(*form.get("title") == "Deep\r\nnets");
    BOOST_REQUIRE(form.file("file"));
    BOOST_TEST(form.file("file")->filename == "a.pdf");
    BOOST_TEST(form.file("file")->content_type == "application/pdf");
    BOOST_TEST(form.file("file")->bytes == std::string("%PDF\0\r\n--x", 11));
    BOOST_TEST(!form.file("empty"));  // a file input left empty sends nothing
}

BOOST_AUTO_TEST_CASE(multipart_takes_a_quoted_boundary_and_upper_case_type) {
    auto body = closed(part("content-disposition: form-data; name=a", "1"));
    BOOST_TEST(*ok(parse_multipart("Multipart/Form-Data; boundary=\"----b0undary\"", body)).get("a") == "1");
}

BOOST_AUTO_TEST_CASE(multipart_refuses_bad_boundaries) {
    auto body = closed(part("Content-Disposition: form-data; name=\"a\"", "1"));
    BOOST_TEST(status_of(parse_multipart("multipart/form-data", body)) == 400);
    BOOST_TEST(status_of(parse_multipart("multipart/form-data; boundary=", body)) == 400);
    BOOST_TEST(status_of(parse_multipart("multipart/form-data; boundary=a; boundary=b", body)) == 400);
    BOOST_TEST(status_of(parse_multipart("multipart/form-data; boundary=" + std::string(71, 'b'), body)) == 400);
    BOOST_TEST(status_of(parse_multipart("multipart/mixed; boundary=----b0undary", body)) == 400);
    BOOST_TEST(status_of(parse_multipart("text/plain", body)) == 400);
}

BOOST_AUTO_TEST_CASE(multipart_refuses_malformed_bodies) {
    auto good = part("Content-Disposition: form-data; name=\"a\"", "1");
    BOOST_TEST(status_of(parse_multipart(type, good)) == 400);                      // no final boundary
    BOOST_TEST(status_of(parse_multipart(type, "preamble\r\n" + closed(good))) == 400);
    BOOST_TEST(status_of(parse_multipart(type, closed(good) + "trailing")) == 400);
    BOOST_TEST(status_of(parse_multipart(type, "------b0undary\r\nContent-Disposition: form-data; name=\"a\"")) == 400);
    BOOST_TEST(status_of(parse_multipart(type, closed(part("Content-Type: text/plain", "x")))) == 400);
    BOOST_TEST(status_of(parse_multipart(type, closed(part("Content-Disposition: attachment; name=\"a\"", "x")))) == 400);
    BOOST_TEST(status_of(parse_multipart(type, closed(part("Content-Disposition: form-data; name=\"a\"; name=\"b\"", "x")))) == 400);
    BOOST_TEST(status_of(parse_multipart(type, closed(part("Content-Disposition: form-data; name=\"a\"", "\xff")))) == 400);
    BOOST_TEST(status_of(parse_multipart(type, closed(part("Content-Disposition: form-data; name=\"a\"\r\nContent-Type: multipart/mixed; boundary=x", "")))) == 400);
    BOOST_TEST(status_of(parse_multipart(type, closed(part("Content-Disposition: form-data; name=\"a\"\r\nX-" + std::string(limits::max_part_header_bytes, 'h') + ": 1", "")))) == 400);
}

BOOST_AUTO_TEST_CASE(multipart_bounds_files_and_fields) {
    std::string files;
    for (std::size_t i = 0; i <= limits::max_form_files; ++i)
        files += part("Content-Disposition: form-data; name=\"f\"; filename=\"x\"", "1");
    BOOST_TEST(status_of(parse_multipart(type, closed(files))) == 413);
    std::string fields;
    for (std::size_t i = 0; i <= limits::max_form_fields; ++i) fields += part("Content-Disposition: form-data; name=\"f\"", "1");
    BOOST_TEST(status_of(parse_multipart(type, closed(fields))) == 413);
    std::string huge(limits::max_multipart_body_bytes + 1, 'x');
    BOOST_TEST(status_of(parse_multipart(type, huge)) == 413);
}

BOOST_AUTO_TEST_CASE(media_type_drops_parameters_and_case) {
    BOOST_TEST(media_type(" Application/X-WWW-Form-Urlencoded ; charset=UTF-8") == "application/x-www-form-urlencoded");
    BOOST_TEST(media_type("") == "");
}

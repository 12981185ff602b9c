// Fuzzes the editor's form parsers (core/http/form): the input is a
// Content-Type line, then the body. Whatever it is, the answer is a form or
// a 400/413, and a form holds only what the editor may store: names and text
// values of valid UTF-8 without NUL, each within its bound, and a bounded
// number of bounded files.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "base/limits.hpp"
#include "base/utf8.hpp"
#include "fuzz_support.hpp"
#include "http/form.hpp"

using namespace vitae;

namespace {

bool clean(std::string_view s) { return s.find('\0') == std::string_view::npos && is_valid_utf8(s); }

void check(const FormParse& parse) {
    if (const auto* error = std::get_if<FormError>(&parse)) {
        VITAE_FUZZ_CHECK(error->status == 400 || error->status == 413);
        VITAE_FUZZ_CHECK(!error->reason.empty());
        return;
    }
    const auto& form = std::get<FormData>(parse);
    VITAE_FUZZ_CHECK(form.fields.size() + form.files.size() <= limits::max_form_fields);
    VITAE_FUZZ_CHECK(form.files.size() <= limits::max_form_files);
    for (const auto& [name, value] : form.fields) {
        VITAE_FUZZ_CHECK(!name.empty() && name.size() <= limits::max_form_name_bytes && clean(name));
        VITAE_FUZZ_CHECK(value.size() <= limits::max_form_value_bytes && clean(value));
        VITAE_FUZZ_CHECK(form.get(name).has_value());
    }
    for (const auto& file : form.files) {
        VITAE_FUZZ_CHECK(!file.field.empty() && clean(file.field) && clean(file.filename));
        VITAE_FUZZ_CHECK(file.bytes.size() <= limits::max_file_bytes);
        VITAE_FUZZ_CHECK(form.file(file.field) != nullptr);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    auto newline = input.find('\n');
    std::string_view type = input.substr(0, newline);
    std::string_view body = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
    check(parse_urlencoded(body));
    check(parse_multipart(type, body));
    return 0;
}

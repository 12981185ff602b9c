// multipart/form-data (RFC 7578 on RFC 2046's syntax), as browsers send it:
// "--B" CRLF, each part's headers, a blank line, its bytes, CRLF "--B", and
// "--B--" at the end. Strict where browsers are regular (CRLF only, the body
// opens with the boundary, no nested multipart) and bounded everywhere.
#include <array>

#include "base/limits.hpp"
#include "http/form.hpp"
#include "http/form_rules.hpp"

namespace vitae {

namespace {

constexpr std::size_t max_boundary_bytes = 70;  // RFC 2046 5.1.1
constexpr std::size_t max_part_headers = 8;

FormError malformed(std::string reason) { return FormError{400, "multipart: " + std::move(reason)}; }

bool is_boundary_char(char c) {
    static constexpr std::string_view extra = "'()+_,-./:=? ";
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           extra.find(c) != std::string_view::npos;
}

// The value of `key` among the ;-separated parameters of a header value
// ("form-data; name=\"x\"; filename=\"y\""), unquoted; nullopt when absent.
// `repeated` is set when the key appears twice (refused: which one counts?).
std::optional<std::string> parameter(std::string_view value, std::string_view key, bool& repeated) {
    std::optional<std::string> found;
    std::size_t at = value.find(';');
    while (at != std::string_view::npos) {
        auto next = at + 1;
        auto eq = value.find('=', next);
        if (eq == std::string_view::npos) break;
        auto name = trim(value.substr(next, eq - next));
        std::string v;
        std::size_t end;
        if (eq + 1 < value.size() && value[eq + 1] == '"') {
            auto close = value.find('"', eq + 2);  // browsers send '"' in a name as %22, never "\""
            if (close == std::string_view::npos) return std::nullopt;
            v = std::string(value.substr(eq + 2, close - eq - 2));
            end = value.find(';', close);
        } else {
            end = value.find(';', eq);
            v = std::string(trim(value.substr(eq + 1, end == std::string_view::npos ? end : end - eq - 1)));
        }
        if (equals_ignoring_case(name, key)) {
            if (found) repeated = true;
            found = std::move(v);
        }
        at = end;
    }
    return found;
}

struct Part {
    std::string name;
    std::optional<std::string> filename;
    std::string content_type;
};

// One part's header block (without the blank line that ends it).
std::variant<Part, FormError> parse_part_headers(std::string_view block) {
    if (block.size() > limits::max_part_header_bytes) return too_large("multipart: a part's headers", limits::max_part_header_bytes);
    Part part;
    bool disposition = false;
    std::size_t count = 0;
    for (std::size_t start = 0; start < block.size();) {
        auto end = block.find("\r\n", start);
        if (end == std::string_view::npos) end = block.size();
        auto line = block.substr(start, end - start);
        start = end + 2;
        if (++count > max_part_headers) return malformed("a part with more than " + std::to_string(max_part_headers) + " headers");
        auto colon = line.find(':');
        if (colon == std::string_view::npos) return malformed("a part header without ':'");
        auto key = trim(line.substr(0, colon));
        auto value = trim(line.substr(colon + 1));
        if (equals_ignoring_case(key, "content-disposition")) {
            bool repeated = false;
            if (disposition || media_type(value) != "form-data") return malformed("a part that is not one form-data field");
            auto name = parameter(value, "name", repeated);
            part.filename = parameter(value, "filename", repeated);
            if (!name || repeated) return malformed("a part without one name");
            part.name = std::move(*name);
            disposition = true;
        } else if (equals_ignoring_case(key, "content-type")) {
            part.content_type = std::string(value);
            if (media_type(value).starts_with("multipart/")) return malformed("nested multipart");
        }
    }
    if (!disposition) return malformed("a part without Content-Disposition");
    return part;
}

std::variant<std::string, FormError> boundary_of(std::string_view content_type) {
    if (media_type(content_type) != "multipart/form-data") return FormError{400, "not multipart/form-data"};
    bool repeated = false;
    auto boundary = parameter(content_type, "boundary", repeated);
    if (!boundary || repeated) return malformed("not one boundary parameter");
    if (boundary->empty() || boundary->size() > max_boundary_bytes || boundary->back() == ' ')
        return malformed("a boundary of 1 to " + std::to_string(max_boundary_bytes) + " characters, not ending in a space");
    for (char c : *boundary)
        if (!is_boundary_char(c)) return malformed("a character a boundary may not hold");
    return "--" + *boundary;
}

std::optional<FormError> add_part(FormData& form, Part part, std::string_view bytes) {
    if (auto error = check_name(part.name, form.fields.size() + form.files.size())) return error;
    if (!part.filename) {
        if (auto error = check_value(part.name, bytes)) return error;
        form.fields.emplace_back(std::move(part.name), std::string(bytes));
        return std::nullopt;
    }
    if (part.filename->empty() && bytes.empty()) return std::nullopt;  // a file input left empty
    if (form.files.size() >= limits::max_form_files)
        return FormError{413, "multipart: more than " + std::to_string(limits::max_form_files) + " files"};
    if (bytes.size() > limits::max_file_bytes) return too_large("multipart: file \"" + part.name + "\"", limits::max_file_bytes);
    if (part.filename->size() > limits::max_filename_bytes || !is_clean_text(*part.filename))
        return malformed("a file name over " + std::to_string(limits::max_filename_bytes) + " bytes, or not UTF-8");
    form.files.push_back({.field = std::move(part.name), .filename = std::move(*part.filename),
                          .content_type = std::move(part.content_type), .bytes = std::string(bytes)});
    return std::nullopt;
}

}  // namespace

FormParse parse_multipart(std::string_view content_type, std::string_view body) {
    if (body.size() > limits::max_multipart_body_bytes) return too_large("form body", limits::max_multipart_body_bytes);
    auto found = boundary_of(content_type);
    if (auto* error = std::get_if<FormError>(&found)) return *error;
    const std::string& dash = std::get<std::string>(found);
    const std::string delimiter = "\r\n" + dash;
    if (!body.starts_with(dash)) return malformed("the body does not open with the boundary");
    FormData form;
    std::size_t at = dash.size();
    for (;;) {
        auto after = body.substr(at);
        if (after == "--" || after == "--\r\n") return form;  // the close delimiter, nothing after it
        if (!after.starts_with("\r\n")) return malformed("no CRLF after a boundary, or no final boundary");
        at += 2;
        auto blank = body.find("\r\n\r\n", at);
        if (blank == std::string_view::npos || blank - at > limits::max_part_header_bytes)
            return malformed("a part whose headers do not end");
        auto part = parse_part_headers(body.substr(at, blank - at));
        if (auto* error = std::get_if<FormError>(&part)) return *error;
        auto content = blank + 4;
        auto end = body.find(delimiter, content);
        if (end == std::string_view::npos) return malformed("a part without a boundary after it");
        if (auto error = add_part(form, std::move(std::get<Part>(part)), body.substr(content, end - content))) return *error;
        at = end + delimiter.size();
    }
}

}  // namespace vitae

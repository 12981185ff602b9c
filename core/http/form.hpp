// A submitted HTML form as the editor (vitae-admin) receives it: the fields
// of an application/x-www-form-urlencoded or multipart/form-data body, in
// the order sent, and the uploaded files. Parsing (with its bounds) lives in
// form.cpp; the editor's forms read what they need by name. A parse never
// throws: a body it refuses is a FormError (400 malformed, 413 over a bound).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace vitae {

struct FormFile {
    std::string field;         // the form field's name
    std::string filename;      // as the browser sent it: never a path we use
    std::string content_type;  // as the browser claims it: checked against the bytes
    std::string bytes;
};

struct FormData {
    std::vector<std::pair<std::string, std::string>> fields;
    std::vector<FormFile> files;

    // The first value of `name`, or nullopt when the form has none.
    std::optional<std::string_view> get(std::string_view name) const;
    // Every value of `name`, in order (a repeated field, checkboxes).
    std::vector<std::string_view> all(std::string_view name) const;
    const FormFile* file(std::string_view name) const;
};

struct FormError {
    int status = 400;    // 400: malformed; 413: over a bound of limits.hpp
    std::string reason;  // one line for the log and the error page
};

using FormParse = std::variant<FormData, FormError>;

// application/x-www-form-urlencoded: name=value pairs split on '&', '+' for a
// space, strict %XX; every name and value valid UTF-8 without NUL.
FormParse parse_urlencoded(std::string_view body);

// multipart/form-data (RFC 7578) with the boundary of `content_type`: one
// boundary parameter, each part a form-data Content-Disposition with a name;
// a part with a filename is a file (an empty one, a file input left empty,
// is dropped), the others text fields held to the same rules as above.
// Nested multipart, a preamble or a missing final boundary is refused.
FormParse parse_multipart(std::string_view content_type, std::string_view body);

// The media type of a Content-Type value, lower-cased, without parameters.
std::string media_type(std::string_view content_type);

}  // namespace vitae

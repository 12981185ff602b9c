// A submitted HTML form as the editor (vitae-admin) receives it: the fields
// of an application/x-www-form-urlencoded or multipart/form-data body, in
// the order sent, and the uploaded files. Parsing (with its bounds) lives in
// form.cpp; the editor's forms read what they need by name.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
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

}  // namespace vitae

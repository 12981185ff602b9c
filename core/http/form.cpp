// FormData's look-ups and the urlencoded parser; the multipart parser is
// form_multipart.cpp. Both hold every name and value to the same rules
// (form_rules.hpp), so the editor sees the same text whichever the form sent.
#include "http/form.hpp"

#include "base/limits.hpp"
#include "http/form_rules.hpp"
#include "http/request.hpp"

namespace vitae {

std::optional<std::string_view> FormData::get(std::string_view name) const {
    for (const auto& [key, value] : fields) {
        if (key == name) return std::string_view(value);
    }
    return std::nullopt;
}

std::vector<std::string_view> FormData::all(std::string_view name) const {
    std::vector<std::string_view> values;
    for (const auto& [key, value] : fields) {
        if (key == name) values.emplace_back(value);
    }
    return values;
}

const FormFile* FormData::file(std::string_view name) const {
    for (const auto& f : files) {
        if (f.field == name) return &f;
    }
    return nullptr;
}

FormError too_large(const std::string& what, std::size_t bound) {
    return {.status = 413, .reason = what + " over " + limits::size_text(bound)};
}

bool is_clean_text(std::string_view text) {
    return text.find('\0') == std::string_view::npos && is_valid_utf8(text);
}

std::optional<FormError> check_name(std::string_view name, std::size_t count) {
    if (count >= limits::max_form_fields)
        return FormError{413, "form: more than " + std::to_string(limits::max_form_fields) + " fields"};
    if (name.empty()) return FormError{400, "form: a field without a name"};
    if (name.size() > limits::max_form_name_bytes) return too_large("form: a field name", limits::max_form_name_bytes);
    if (!is_clean_text(name)) return FormError{400, "form: a field name is not valid UTF-8 or holds NUL"};
    return std::nullopt;
}

std::optional<FormError> check_value(std::string_view name, std::string_view value) {
    if (value.size() > limits::max_form_value_bytes)
        return too_large("form: field \"" + std::string(name) + "\"", limits::max_form_value_bytes);
    if (!is_clean_text(value)) return FormError{400, "form: field \"" + std::string(name) + "\" is not valid UTF-8 or holds NUL"};
    return std::nullopt;
}

namespace {

// %XX and '+' of one urlencoded name or value.
std::optional<std::string> form_decode(std::string_view in) {
    std::string spaced(in);
    for (char& c : spaced)
        if (c == '+') c = ' ';
    return percent_decode(spaced);
}

}  // namespace

FormParse parse_urlencoded(std::string_view body) {
    if (body.size() > limits::max_urlencoded_body_bytes) return too_large("form body", limits::max_urlencoded_body_bytes);
    FormData form;
    std::size_t start = 0;
    while (start <= body.size()) {
        auto end = body.find('&', start);
        if (end == std::string_view::npos) end = body.size();
        auto pair = body.substr(start, end - start);
        start = end + 1;
        if (pair.empty()) continue;  // "a=1&&b=2", a trailing '&'
        auto eq = pair.find('=');
        auto name = form_decode(pair.substr(0, eq));
        auto value = eq == std::string_view::npos ? std::optional<std::string>(std::string()) : form_decode(pair.substr(eq + 1));
        if (!name || !value) return FormError{400, "form: bad percent-encoding"};
        if (auto error = check_name(*name, form.fields.size() + form.files.size())) return *error;
        if (auto error = check_value(*name, *value)) return *error;
        form.fields.emplace_back(std::move(*name), std::move(*value));
    }
    return form;
}

std::string media_type(std::string_view content_type) {
    auto semi = content_type.find(';');
    return ascii_lower(trim(content_type.substr(0, semi)));
}

}  // namespace vitae

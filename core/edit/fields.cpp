#include "edit/fields.hpp"

#include <algorithm>
#include <charconv>

#include "base/limits.hpp"
#include "base/utf8.hpp"
#include "render/math/body_html.hpp"
#include "render/text/markdown.hpp"
#include "rules/date.hpp"
#include "rules/link.hpp"

namespace vitae {

namespace {

bool is_integer(std::string_view s) {
    std::int64_t n = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    return ec == std::errc() && end == s.data() + s.size();
}

std::optional<std::string> problem(const FieldSpec& f, std::string_view v) {
    if (!is_valid_utf8(v) || v.find('\0') != std::string_view::npos) return "is not UTF-8 text";
    if (f.type == FieldType::file) return std::nullopt;  // its bytes are the writer's to check (put_file)
    if (v.size() > limits::max_edit_field_bytes)
        return "is longer than " + limits::size_text(limits::max_edit_field_bytes);
    if (v.empty()) return f.required ? std::optional<std::string>("is required") : std::nullopt;
    switch (f.type) {
        case FieldType::date: if (!is_date(v)) return "is " + std::string(date_expected); break;
        case FieldType::month: if (!is_month(v)) return "is " + std::string(month_expected); break;
        case FieldType::number: if (!is_integer(v)) return "must be a whole number"; break;
        case FieldType::url:
            if (!is_link(v)) return "is " + std::string(link_expected);
            break;
        case FieldType::checkbox: if (v != "0" && v != "1") return "must be 0 or 1"; break;
        case FieldType::select:
            if (std::find(f.options.begin(), f.options.end(), v) == f.options.end()) return "is not one of the choices";
            break;
        default: break;
    }
    return std::nullopt;
}

}  // namespace

RowValues submitted_values(const Editable& editable, const FormData& form) {
    RowValues values;
    for (const auto& f : editable.fields) {
        if (f.type == FieldType::file) {
            // Only the name is a value (shown, checked); the bytes go to the writer, never to the log.
            const FormFile* file = form.file(f.name);
            values.emplace_back(std::string(f.name), file ? file->filename : std::string());
            if (file) values.emplace_back(std::string(f.name) + "_bytes", file->bytes);
            continue;
        }
        auto sent = form.get(f.name);
        std::string value = f.type == FieldType::checkbox ? (sent ? "1" : "0") : std::string(sent.value_or(""));
        // Browsers send CRLF in a textarea; the CLI stores LF.
        if (f.type != FieldType::checkbox) std::erase(value, '\r');
        values.emplace_back(std::string(f.name), std::move(value));
    }
    return values;
}

namespace {

// A body's field as the pages will write it.
std::optional<BodyFormat> body_format_of(const FieldSpec& field, const RowValues& values) {
    if (field.type != FieldType::markdown && field.type != FieldType::markdown_math) return std::nullopt;
    if (!field.format_from.empty() && post_body_format(value_of(values, field.format_from)) == BodyFormat::html)
        return BodyFormat::html;
    return field.type == FieldType::markdown ? BodyFormat::markdown : BodyFormat::markdown_math;
}

// The refusing rule of render/text/accessibility.hpp: a picture in a body
// says what it shows (the words in the body itself: the editor asks for
// them where they are read), or is written as decorative (alt="").
std::optional<std::string> undescribed_image(const FieldSpec& field, const RowValues& values) {
    auto format = body_format_of(field, values);
    if (!format) return std::nullopt;
    for (const auto& f : accessible_body(value_of(values, field.name), *format, "").findings)
        if (f.rule == AccessibilityRule::image_description)
            return std::string(field.label) + " has a picture that does not say what it shows: " + f.detail +
                   ". Write what it shows between the brackets, ![what it shows](...), or write a picture that shows "
                   "nothing a reader needs as <img src=\"...\" alt=\"\">.";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> check_values(const Editable& editable, const RowValues& values) {
    for (const auto& f : editable.fields)
        if (auto why = problem(f, value_of(values, f.name))) return std::string(f.label) + " " + *why + ".";
    for (const auto& f : editable.fields)
        if (auto why = undescribed_image(f, values)) return why;
    return std::nullopt;
}

std::string preview_html(const FieldSpec& field, const RowValues& values) {
    auto value = value_of(values, field.name);
    // As the page shows it (post_views.cpp): a post's body by its format, with heading ids.
    if (!field.format_from.empty() && post_body_format(value_of(values, field.format_from)) == BodyFormat::html)
        return body_html(value, BodyFormat::html);
    if (field.type == FieldType::markdown) return body_html(value, BodyFormat::markdown);
    if (field.type == FieldType::markdown_math)
        return with_heading_ids(accessible_body(value, BodyFormat::markdown_math, "").html);
    return {};
}

}  // namespace vitae

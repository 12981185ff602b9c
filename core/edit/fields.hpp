// A submitted form as a row's values, each checked by its field's type
// before anything is written (a bad value is a 400 naming the field and the
// reason, and the database is not touched); and the preview of a Markdown
// field, made by the very functions the public pages use.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "edit/kinds.hpp"
#include "http/form.hpp"

namespace vitae {

// Every field of `kind` from the form, in the kind's order: an absent text
// is "", a checkbox "1" when sent and "0" when not.
RowValues submitted_values(const Editable& editable, const FormData& form);
// The first problem, as a sentence naming the field, or none.
std::optional<std::string> check_values(const Editable& editable, const RowValues& values);
// The HTML the site shows for this Markdown field's value in `values`; "" for other fields.
std::string preview_html(const FieldSpec& field, const RowValues& values);

}  // namespace vitae

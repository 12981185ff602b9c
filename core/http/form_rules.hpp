// The rules every parsed form field meets, shared by the two parsers of
// form.cpp and form_multipart.cpp (internal to core/http).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "base/text.hpp"
#include "http/form.hpp"

namespace vitae {

FormError too_large(const std::string& what, std::size_t bound);
// Text the editor will store: valid UTF-8 and no NUL (SQLite's C strings and
// our templates would cut it there).
bool is_clean_text(std::string_view text);
// A name, as the `count`-th field or file of its form.
std::optional<FormError> check_name(std::string_view name, std::size_t count);
std::optional<FormError> check_value(std::string_view name, std::string_view value);

}  // namespace vitae

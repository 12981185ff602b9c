// A site's languages, and its content as read in one of them: each
// translated field replaces the stored one; a row without a translation
// stays as stored (the default language), so no section is ever empty.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "store/model/content.hpp"

namespace vitae {

inline constexpr std::string_view fallback_language = "en";  // a site without language rows

// The default language first, then the others in the switcher's order;
// never empty (a site without language rows is English only).
std::vector<Language> site_languages(const Content& content);

// Whether the script of `code` runs right to left (Arabic, Hebrew, Persian, Urdu...).
bool is_rtl(std::string_view code);

// `base` in `language`. The rows it changes are new; every other row is
// shared with `base`. Content::language and ::translated say what was done.
Content translated(const Content& base, std::string_view language);

// What a translation can name: each item's fields. A translation naming
// anything else (or a row that does not exist) is ignored, and reported by
// `vitae check` (translation_problems).
struct TranslatableItem {
    std::string_view item;
    std::vector<std::string_view> fields;
    bool positional;  // keyed by the row's position; else by slug or id
    std::string_view key;  // what the key names, for `vitae translate --help`: "its slug"
};
const std::vector<TranslatableItem>& translatable_items();

// One line per translation that names no row or field, or a language the
// site does not have: "zh post 'x' title: no post 'x'".
std::vector<std::string> translation_problems(const Content& content);

}  // namespace vitae

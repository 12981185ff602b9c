// Reading the site's languages and translations: small tables,
// read whole with the sections, and again when the profile changes (a bio
// paragraph's translation is found by the paragraph's position).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::rows {

const std::vector<std::string>& language_queries();
void load_languages(const Db& db, Content& c);

// The languages, the default first, then in the switcher's order.
std::vector<Language> read_languages(const Db& db);
// Every translation, by language, item, key and field.
std::vector<Translation> read_translations(const Db& db);
// The text of one translation (`which`'s language, item, key and field), none when there is none.
std::optional<std::string> read_translation_text(const Db& db, const Translation& which);
// How many translations into `language` there are.
std::int64_t count_translations(const Db& db, std::string_view language);

}  // namespace vitae::rows

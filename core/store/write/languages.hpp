// The writers of `language` and `translation`: `vitae lang add`, `lang rm`
// and `translate` write through them. Inside the caller's transaction.
#pragma once

#include <string_view>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// After the last language; a new default takes the place of the old one.
void insert_language(const Db& db, const Language& language);
// The web editor's: the name of language `code`, and whether it is the
// default (a new default takes the place of the old one).
void update_language(const Db& db, const Language& language);
// Its translations go with it (ON DELETE CASCADE).
void remove_language(const Db& db, std::string_view code);
// Adds the translation or replaces its text.
void upsert_translation(const Db& db, const Translation& translation);
// False when there was no such translation (its text is not looked at).
bool remove_translation(const Db& db, const Translation& translation);

}  // namespace vitae

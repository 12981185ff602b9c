// The writers of the profile (the one row of `profile`) and its lists:
// paragraphs of the bio, emails, links, other spellings of the name.
// import-site and `vitae add file --photo` write through them. Inside the
// caller's transaction.
#pragma once

#include <cstdint>
#include <string_view>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// The row's name, affiliation and job title (made if missing); the photo
// and the lists are left as they are.
void upsert_profile(const Db& db, const Content& profile);
// The profile photo: a stored picture's name.
void set_profile_photo(const Db& db, std::string_view file_name);
// No photo rather than a broken one, when the file `file_name` goes.
void clear_profile_photo(const Db& db, std::string_view file_name);

// Appended after the list's last row; each returns its position.
std::int64_t insert_profile_paragraph(const Db& db, std::string_view markdown);
std::int64_t insert_profile_email(const Db& db, const Email& email);
std::int64_t insert_profile_link(const Db& db, const Link& link);
std::int64_t insert_profile_name_variant(const Db& db, std::string_view name);

// The web editor's: the row at `position` made or replaced (an undo puts a
// removed row back where it was); false from remove when there was none.
void put_profile_paragraph(const Db& db, std::int64_t position, std::string_view markdown);
bool remove_profile_paragraph(const Db& db, std::int64_t position);
void put_profile_link(const Db& db, std::int64_t position, const Link& link);
bool remove_profile_link(const Db& db, std::int64_t position);
void put_profile_email(const Db& db, std::int64_t position, const Email& email);
bool remove_profile_email(const Db& db, std::int64_t position);
void put_profile_name_variant(const Db& db, std::int64_t position, std::string_view name);
bool remove_profile_name_variant(const Db& db, std::int64_t position);

}  // namespace vitae

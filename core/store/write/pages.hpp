// The writer of `page`: the owner's own pages ("Teaching", "Join the lab").
// `vitae add page`, `rm page`, the web editor and import-site write through
// it, inside the caller's transaction. The caller checks the slug against
// the routes first (http/router's page_slug_problem): the routes live above
// the store; what only the database knows (a language of that code) is
// checked here, for every caller alike.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// The page after the last one. Throws Error when a page of that slug
// exists, or a language's code is the slug (its /<slug>/ is that
// language's home).
void insert_page(const Db& db, const OwnPage& page);
// The web editor's and an import's: the page `page.slug` replaced (its
// place kept), or made after the last.
void put_page(const Db& db, const OwnPage& page);
// False when there is no such page.
bool remove_page(const Db& db, std::string_view slug);
// One place up (direction < 0) or down in the owner's order (the menu's):
// the positions (before, after); none when there is no such page or it is
// at that end.
std::optional<std::pair<std::int64_t, std::int64_t>> move_page(const Db& db, std::string_view slug, int direction);

}  // namespace vitae

// Reading the site's languages and translations: small tables,
// read whole with the sections, and again when the profile changes (a bio
// paragraph's translation is found by the paragraph's position).
#pragma once

#include <string>
#include <vector>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::rows {

const std::vector<std::string>& language_queries();
void load_languages(const Db& db, Content& c);

}  // namespace vitae::rows

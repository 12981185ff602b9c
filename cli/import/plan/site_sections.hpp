// Writing the rows the readers found that have no command of their own
// (projects, awards, previews, relations, stored files).
#pragma once

#include <filesystem>
#include <string>

#include "cli/import/plan/site_plan.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

// Writing what the readers above found (site_sections.cpp), inside the
// import's transaction, after the publications and posts.
void write_sections(const Db& db, SitePlan& plan);
// A link to a file of the site ("file:" + its path, as the readers found
// it): the file stored, the link /files/<name>; "" (reported) when it
// cannot be. Any other URL as it is.
std::string stored_link(const Db& db, SitePlan& plan, const std::string& url, const std::string& what);
// Stores a file of the tree (only a picture when `picture_only`); its stored
// name, or "" (reported) when it cannot be.
std::string store_site_file(const Db& db, SitePlan& plan, const std::filesystem::path& file,
                            const std::string& alt, const std::string& what, bool picture_only);

}  // namespace vitae::cli

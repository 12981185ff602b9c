// Writing the rows the readers found that have no command of their own
// (projects, awards, previews, relations, stored files).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cli/import/plan/site_plan.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

// Writing what the readers above found (site_sections.cpp), inside the
// import's transaction, after the publications and posts.
void write_sections(const Db& db, SitePlan& plan);
// A link as it is stored: a file of the site ("file:" + its path, as the
// readers found it) stored, the link /files/<name>; any other URL as the
// link rule (rules/link) takes it. "" when the file cannot be stored or the
// rule refuses the URL (reported against `file`: javascript:, a bare file
// name), and for "".
std::string stored_link(const Db& db, SitePlan& plan, const std::string& url, const std::string& what,
                        const std::filesystem::path& file);
// `links` as stored_link stores each ("link \"Label\" " + `of` says which):
// a refused one left out, a label without a target kept.
std::vector<Link> stored_links(const Db& db, SitePlan& plan, const std::vector<Link>& links, const std::string& of,
                               const std::filesystem::path& file);
// Stores a file of the tree (only a picture when FileWanted::picture: a
// project's or a paper's preview); its stored name, or "" (reported) when it cannot be.
enum class FileWanted { any, picture };
std::string store_site_file(const Db& db, SitePlan& plan, const std::filesystem::path& file,
                            const std::string& alt, const std::string& what, FileWanted wanted);

}  // namespace vitae::cli

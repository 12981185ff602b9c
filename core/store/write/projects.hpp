// The writers of `project` and what hangs off it: `project_link`,
// `project_publication`, `project_post`. `vitae add project`, `rm project`,
// `rm file` and import-site write through them. Inside the caller's
// transaction; the caller checks the files, papers and posts named first.
#pragma once

#include <cstdint>
#include <string_view>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// The project after the last one, its links in order, and its relations to
// the publications and posts named by slug.
void insert_project(const Db& db, const Project& project);
// The web editor's: the project `project.slug` replaced (its place kept;
// its links and relations as `project` names them), or made after the last.
void put_project(const Db& db, const Project& project);
// Appended after the project's last link.
void insert_project_link(const Db& db, std::string_view project_slug, const Link& link);
// A relation already there is kept as it is.
void relate_project_publication(const Db& db, std::string_view project_slug, std::int64_t publication_id);
// Nothing when there is no post of that slug, or the relation is there.
void relate_project_post(const Db& db, std::string_view project_slug, std::string_view post_slug);
// False when there is no such project; its links and relations go with it.
bool remove_project(const Db& db, std::string_view slug);
// No picture rather than a broken one, when the file `file_name` goes.
void clear_project_image(const Db& db, std::string_view file_name);

}  // namespace vitae

// `vitae add project`, `vitae rm project`, `vitae set preview`:
// a project with its links and related papers and posts, and a paper's
// preview picture. Each argument is checked before anything is written, so
// an error names it (an unknown paper, a file that is not a stored picture)
// instead of a schema CHECK or a foreign key.
#pragma once

#include <ostream>

#include "cli/commands/args.hpp"
#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

int run_add_project(const Args& args, std::ostream& out);
int run_rm_project(const Args& args, std::ostream& out);
int run_set_preview(const Args& args, std::ostream& out);

// Inside the caller's transaction, after the last project: the row, its
// links, its papers (by slug) and posts. Throws Error naming what is not
// there (a paper, a post, a stored picture) or a slug already taken.
void insert_project(const Db& db, const Project& project);

}  // namespace vitae::cli

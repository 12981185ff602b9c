// `vitae add project`, `vitae rm project`, `vitae set preview`: a project
// with its links and related papers and posts, and a paper's preview picture. Each argument is checked before anything is written, so
// an error names it (an unknown paper, a file that is not a stored picture)
// instead of a schema CHECK or a foreign key; the rows are written by
// store/write/projects.hpp and publications.hpp.
#pragma once

#include <ostream>

#include "cli/args/args.hpp"

namespace vitae::cli {

int run_add_project(const Args& args, std::ostream& out);
int run_rm_project(const Args& args, std::ostream& out);
int run_set_preview(const Args& args, std::ostream& out);

}  // namespace vitae::cli

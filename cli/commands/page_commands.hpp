// `vitae add page`, `vitae ls pages`, `vitae rm page`: the owner's own pages
// ("Teaching", "Join the lab") at /<slug>/. The slug is checked by the one
// rule for it (http/router's page_slug_problem) before anything is written;
// the row is written by store/write/pages.hpp.
#pragma once

#include <ostream>

#include "cli/args/args.hpp"

namespace vitae::cli {

int run_add_page(const Args& args, std::ostream& out);
int run_ls_pages(const Args& args, std::ostream& out);
int run_rm_page(const Args& args, std::ostream& out);

}  // namespace vitae::cli

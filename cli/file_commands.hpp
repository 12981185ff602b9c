// `vitae add file`, `vitae ls files`, `vitae rm file`: stored files (a
// photo, a paper's PDF, slides), each edit one transaction.
#pragma once

#include <ostream>

#include "args.hpp"

namespace vitae::cli {

int run_add_file(const Args& args, std::ostream& out);
int run_ls_files(const Args& args, std::ostream& out);
int run_rm_file(const Args& args, std::ostream& out);

}  // namespace vitae::cli

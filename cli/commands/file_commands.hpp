// `vitae add file`, `vitae ls files`, `vitae rm file`: stored files (a
// photo, a paper's PDF, slides), each edit one transaction.
#pragma once

#include <ostream>

#include "cli/args/args.hpp"
#include "picture/upload.hpp"
#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

int run_add_file(const Args& args, std::ostream& out);

// Reading a file to add (read_file_to_add), reading it in (read_upload) and
// storing it with its smaller copies (store_upload): core/picture/upload.hpp.
int run_ls_files(const Args& args, std::ostream& out);
int run_rm_file(const Args& args, std::ostream& out);

}  // namespace vitae::cli

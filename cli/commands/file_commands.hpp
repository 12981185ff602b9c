// `vitae add file`, `vitae ls files`, `vitae rm file`: stored files (a
// photo, a paper's PDF, slides), each edit one transaction.
#pragma once

#include <ostream>

#include "cli/commands/args.hpp"
#include "picture/upload.hpp"
#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

int run_add_file(const Args& args, std::ostream& out);

// Reading a file in and storing it with its smaller copies: read_upload and
// store_upload (core/picture/upload.hpp).
// The bytes of a file to add, refusing one over the size limit before reading it.
std::string read_file_to_add(const std::string& path);
int run_ls_files(const Args& args, std::ostream& out);
int run_rm_file(const Args& args, std::ostream& out);

}  // namespace vitae::cli

// `vitae add file`, `vitae ls files`, `vitae rm file`: stored files (a
// photo, a paper's PDF, slides), each edit one transaction.
#pragma once

#include <ostream>

#include "cli/commands/args.hpp"
#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

int run_add_file(const Args& args, std::ostream& out);

// Stores the file (replacing one of that name) and, for a picture, its
// smaller WebP/AVIF copies; `photo`: it becomes the profile photo. Inside
// the caller's transaction. Throws Error saying what is wrong.
struct StoredWithCopies {
    StoredFile file;
    std::size_t copies = 0;
};
StoredWithCopies store_file(const Db& db, const std::string& name, const std::string& bytes, const std::string& alt,
                            bool photo);
// The bytes of a file to add, refusing one over the size limit before reading it.
std::string read_file_to_add(const std::string& path);
int run_ls_files(const Args& args, std::ostream& out);
int run_rm_file(const Args& args, std::ostream& out);

}  // namespace vitae::cli

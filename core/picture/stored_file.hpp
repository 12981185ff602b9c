// A file stored with its smaller copies: the one way `vitae add file`,
// import-site and the web editor's upload store a file, so a picture added
// anywhere gets the same WebP/AVIF variants (picture_variants.hpp).
#pragma once

#include <cstddef>
#include <string>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

struct StoredWithCopies {
    StoredFile file;
    std::size_t copies = 0;
};

// Stores the file (replacing one of that name; the old copies go) and, for
// a picture, its smaller WebP/AVIF copies; `photo`: it becomes the profile
// photo. Inside the caller's transaction. Throws Error saying what is wrong.
StoredWithCopies store_file(const Db& db, const std::string& name, const std::string& bytes, const std::string& alt,
                            bool photo);

// The bytes of the file at `path` to store, refusing one over
// limits::max_file_bytes before reading it. Throws Error naming the path.
std::string read_file_to_add(const std::string& path);

}  // namespace vitae

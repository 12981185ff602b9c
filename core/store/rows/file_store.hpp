// Files in the database: list them, read one's bytes for serving. Adding
// and removing them is store/write/files.hpp's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// SHA-256 of the bytes, lower-case hex.
std::string sha256_hex(std::string_view bytes);

// Every file's description (not its bytes): each owner's file, then the
// copies made of it. The loader reads them this way too.
std::vector<StoredFile> list_files(const Db& db);
const char* list_files_sql();  // for the loader's schema check
// The bytes of `name` if they still have `digest` (none: gone or changed since).
std::optional<std::string> file_bytes(const Db& db, std::string_view name, std::string_view digest);
// The width in pixels of the stored file `name`, 0 for a file that is not a
// picture; none when no file has that name.
std::optional<std::int64_t> stored_file_width(const Db& db, std::string_view name);
inline bool file_exists(const Db& db, std::string_view name) { return stored_file_width(db, name).has_value(); }
inline bool is_stored_picture(const Db& db, std::string_view name) { return stored_file_width(db, name).value_or(0) > 0; }

}  // namespace vitae

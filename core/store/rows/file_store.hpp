// Files in the database: add one (checked, typed from its bytes, digested),
// list them, remove one, read one's bytes for serving. Prepared statements
// only; the caller holds the transaction when writing.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// SHA-256 of the bytes, lower-case hex.
std::string sha256_hex(std::string_view bytes);

// Checks the name, the size (limits::max_file_bytes) and the type sniffed
// from the bytes (which the name's extension must agree with), then adds it
// or replaces the file of that name. Throws Error saying what is wrong.
// `variant_of`: the picture this is a smaller copy of ("" for an owner's file).
StoredFile put_file(const Db& db, std::string_view name, std::string_view bytes, std::string_view alt,
                    std::string_view variant_of = {});
// False when there is no file of that name. Its variants go with it.
bool remove_file(const Db& db, std::string_view name);
// The smaller copies made of picture `name`.
void remove_variants(const Db& db, std::string_view name);
// Every file's description (not its bytes): each owner's file, then the
// copies made of it. The loader reads them this way too.
std::vector<StoredFile> list_files(const Db& db);
const char* list_files_sql();  // for the loader's schema check
// The bytes of `name` if they still have `digest` (none: gone or changed since).
std::optional<std::string> file_bytes(const Db& db, std::string_view name, std::string_view digest);

}  // namespace vitae

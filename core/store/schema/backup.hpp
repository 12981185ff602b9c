// `vitae backup` and `vitae restore`: whole-database copies made with
// SQLite's online backup API (Db::backup_to), so they are safe while the
// worker reads and the owner commits, and always hold one committed state.
// Every copy is built under a temporary name beside its target, checked
// (integrity_check, then exactly what the worker checks), fsynced and renamed
// into place: the target is the old file or the whole new one, never a mix.
#pragma once

#include <cstdint>
#include <string>

#include "store/sqlite/temp_file.hpp"

namespace vitae {

// Copies DB to DEST. Refuses an existing DEST unless IfExists::replace, and
// DEST naming DB itself. The copy is in rollback-journal mode: one
// self-contained file, readable from a read-only directory.
void backup_database(const std::string& db_path, const std::string& dest, IfExists if_exists);

struct RestoreResult {
    std::string kept_path;  // DB.bak-<unix time>: DB as it was; empty when there was no DB
};

// Puts SRC's content in place of DB. SRC must pass check_database; DB is
// first copied to DB.bak-<now_unix> (never overwriting one), and the new file
// keeps DB's journal mode. In rollback-journal mode the copy and the rename
// happen under DB's write lock, so no edit commits between them. Refuses a DB
// whose -wal file exists (WAL mode, open or not checkpointed): renaming over
// it would pair open connections' log with the new file.
RestoreResult restore_database(const std::string& db_path, const std::string& src, std::int64_t now_unix);

}  // namespace vitae

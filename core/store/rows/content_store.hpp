// Reads a Vitae database into Content: checks it is SQLite, intact and of the
// schema version this build knows, then loads every table inside one read
// transaction so a page never mixes two versions. Prepared statements only.
#pragma once

#include <functional>

#include <optional>
#include <string>

#include "store/model/content.hpp"
#include "store/rows/content_changes.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

inline constexpr int schema_version = 13;

// Each throws Error naming the file and the problem (and the fix).
// The schema version must be this build's: the CLI checks it before editing.
void check_schema_version(const Db& db);
// Opens the database and checks its schema version: what every CLI command
// that reads or edits rows does first.
Db open_checked(const std::string& path, OpenMode mode = OpenMode::read_write);
// What the worker accepts: intact, this schema version, every table and
// column the loader reads. `trust_commits` skips PRAGMA quick_check (a read
// of the whole file): for a file already loaded, changed in place by SQLite's
// own transactions, where it cost more than reading the rows at 3,000
// papers. A new file (a swap, a restore) is always checked.
enum class Integrity { check, trust_commits };
void check_database(const Db& db, Integrity integrity = Integrity::check);
// `in_snapshot`, if given, runs inside the read transaction once its
// snapshot is taken (after the first read): what it sees of the file is the
// state being loaded, in rollback-journal mode where the lock holds writers off.
// `mark`, if given, gets where this state stands in the change log, for
// load_changes (content_changes.hpp) to start from.
Content load_content(const Db& db, const std::function<void()>& in_snapshot = {}, ChangeMark* mark = nullptr);
// The same, inside the caller's transaction (a command checking what it is about to commit).
Content load_content_in_transaction(const Db& db);
// The first table of the owner's content, the profile's own row aside, that
// holds a row; none for a database as `vitae init` makes it.
std::optional<std::string> first_table_with_content(const Db& db);

}  // namespace vitae

// The small files Vitae keeps beside the sites (the registry, the accounts)
// stay in rollback-journal mode, so a read-only reader never has to create
// a -shm file it may not own, and carry their own application_id and
// user_version. Shared by their writers.
#pragma once

#include <cstdint>
#include <string_view>

#include "store/sqlite/db.hpp"

namespace vitae {

// PRAGMA name = value; `name` and `value` are our constants (PRAGMA binds no parameters).
void set_pragma(const Db& db, const char* name, std::int64_t value);

// Leaves WAL mode if a hand edit set it; throws Error naming `what` (e.g.
// "registry") and `holder`, the program to stop, when another connection
// holds WAL open.
void keep_rollback_journal(const Db& db, std::string_view what, std::string_view holder);

}  // namespace vitae

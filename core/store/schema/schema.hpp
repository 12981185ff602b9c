// `vitae init` and `vitae migrate`. The migrations table lists every step
// from user_version N to N + 1; a version-0 database without tables is empty,
// so step 0 -> 1 is the whole version-1 schema. migrate copies the file aside
// with VACUUM INTO, then runs all steps in one transaction: it ends at the
// latest version or, on any error, exactly where it started.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace vitae {

struct Migration {
    std::int64_t from_version;  // the step leaves the database at from_version + 1
    std::string_view description;
    std::string_view sql;  // our own constant SQL, run as a script
};

std::span<const Migration> migrations();
std::int64_t latest_version();

// Refuses an existing path; builds aside and renames, so a half-made file
// never appears under `path`. An empty `owner_name` leaves the profile row
// out (`vitae check` then says so).
void init_database(const std::string& path, std::string_view owner_name);

struct MigrateResult {
    std::int64_t from = 0;
    std::int64_t to = 0;
    std::string backup_path;  // empty when there was nothing to do
};

MigrateResult migrate_database(const std::string& path, std::int64_t now_unix);

}  // namespace vitae

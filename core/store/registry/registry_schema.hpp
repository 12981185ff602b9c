// The registry's schema: its own file and its own version (PRAGMA
// user_version), apart from a site's. One step per version as in
// store/schema, so `vitae migrate SITES` can bring an older registry up; a
// version-0 file without tables is empty, and step 0 -> 1 is the whole
// version-1 schema. The registry is edited by `vitae site` only; the CHECKs
// are the last line against a hand edit, the rules themselves live in
// validate.cpp (which the reader applies to every row as well).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string_view>

#include "store/registry/registry.hpp"

namespace vitae {

struct RegistryMigration {
    std::int64_t from_version;  // the step leaves the registry at from_version + 1
    std::string_view sql;
};

// A site's hosts are rows of their own, in order (position 0 is the
// canonical host). "grp", not "group": GROUP is an SQL keyword.
inline constexpr std::array<RegistryMigration, 1> registry_migrations{{
    {0, R"sql(
CREATE TABLE site (
    name TEXT PRIMARY KEY NOT NULL CHECK (length(name) BETWEEN 1 AND 63 AND name NOT GLOB '*[^a-z0-9-]*'),
    owner_name TEXT NOT NULL DEFAULT '',
    prefix TEXT NOT NULL DEFAULT '/' CHECK (prefix GLOB '/*' AND prefix GLOB '*/'),
    grp TEXT NOT NULL DEFAULT '',
    home INTEGER NOT NULL DEFAULT 0 CHECK (home IN (0, 1))
);
CREATE UNIQUE INDEX site_one_home ON site (home) WHERE home = 1;
CREATE TABLE site_host (
    site TEXT NOT NULL REFERENCES site (name) ON DELETE CASCADE ON UPDATE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    host TEXT NOT NULL CHECK (length(host) BETWEEN 1 AND 253 AND host NOT GLOB '*[^a-z0-9.-]*'),
    PRIMARY KEY (site, position),
    UNIQUE (site, host)
);
CREATE INDEX site_host_by_host ON site_host (host);
)sql"},
}};

// PRAGMA application_id of a registry ("VtRg"): a site's database, or any
// other SQLite file, given where a registry belongs is told apart from an old
// registry, whatever its user_version.
inline constexpr std::int64_t registry_application_id = 0x56745267;

inline constexpr std::int64_t registry_version = static_cast<std::int64_t>(registry_migrations.size());

class Db;

// The registry `db` holds (SITES/registry.db or a copy of it), inside the
// caller's transaction: Error naming the file unless it is a registry of this
// version. The rows are as stored; check_registry_rows applies every rule to
// them (a writer skips that, so a bad hand edit can still be removed).
Registry read_registry_rows(const Db& db, const std::filesystem::path& sites_dir);
void check_registry_rows(const Registry& registry, const std::string& file);

}  // namespace vitae

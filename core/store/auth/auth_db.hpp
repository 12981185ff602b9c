// The accounts database (AUTH, /var/lib/vitae/auth.db): who may log in to
// vitae-admin, what each may edit, the open sessions and the recent failed
// logins. A file of its own, never inside a site's database, so no export,
// backup or copy of a site carries a password hash. Its own application_id
// and user_version; one step per version as the registry does. Mode 0600
// from the moment it exists (built aside, renamed into place). Rollback
// journal, like the registry: no -shm to own or protect, and the load is a
// login a minute; the admin process and `vitae user` write it at once with
// the writer's busy timeout.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "store/sqlite/db.hpp"

namespace vitae {

struct AuthMigration {
    std::int64_t from_version;  // the step leaves the file at from_version + 1
    std::string_view sql;
};

// The CHECKs are the last line against a hand edit; the rules live in
// core/auth (names.cpp) and the registry (a site's name). A session keeps
// only the SHA-256 of its token, never the token; a throttle row counts the
// recent failed logins of one account name or one address.
inline constexpr std::array<AuthMigration, 1> auth_migrations{{
    {0, R"sql(
CREATE TABLE user (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 32 AND name GLOB '[a-z0-9]*' AND name NOT GLOB '*[^a-z0-9._-]*'),
    password_hash TEXT NOT NULL CHECK (password_hash GLOB '$argon2id$*'),
    admin INTEGER NOT NULL DEFAULT 0 CHECK (admin IN (0, 1))
);
CREATE TABLE user_site (
    user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
    site TEXT NOT NULL CHECK (length(site) BETWEEN 1 AND 63 AND site NOT GLOB '*[^a-z0-9-]*'),
    PRIMARY KEY (user_id, site)
) WITHOUT ROWID;
CREATE TABLE session (
    token_hash BLOB PRIMARY KEY NOT NULL CHECK (length(token_hash) = 32),
    user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    started INTEGER NOT NULL,
    last_seen INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX session_by_user ON session (user_id);
CREATE TABLE login_throttle (
    scope TEXT NOT NULL CHECK (scope IN ('account', 'address')),
    subject TEXT NOT NULL,
    failures INTEGER NOT NULL CHECK (failures >= 0),
    last_failure INTEGER NOT NULL,
    PRIMARY KEY (scope, subject)
) WITHOUT ROWID;
CREATE INDEX login_throttle_by_time ON login_throttle (last_failure);
)sql"},
}};

// PRAGMA application_id of an accounts database ("VtAu").
inline constexpr std::int64_t auth_application_id = 0x56744175;
inline constexpr std::int64_t auth_version = static_cast<std::int64_t>(auth_migrations.size());

// Opens AUTH. OpenMode::create makes it (mode 0600, the whole schema) when
// there is no file yet, and otherwise opens it read-write; read_only and
// read_write refuse a missing file. Throws Error naming the file when it is
// not an accounts database of this version.
Db open_auth_db(const std::string& path, OpenMode mode);

}  // namespace vitae

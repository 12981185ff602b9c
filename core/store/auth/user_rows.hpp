// The user and user_site tables of the accounts database: their reads and
// their one writer (`vitae user`, through core/auth's Accounts). Rows as
// stored; the rules for a name, a password or a site are core/auth's and
// the registry's, checked before anything here is called.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vitae {

class Db;

// Whether a new account may manage users and sites (the editor's _admin pages).
enum class UserRole { member, admin };

struct UserRow {
    std::int64_t id = 0;
    std::string name;
    std::string password_hash;       // crypto_pwhash_str's "$argon2id$v=19$m=...,t=...,p=1$salt$hash"
    bool admin = false;
    std::vector<std::string> sites;  // granted, sorted
};

std::optional<UserRow> read_user(const Db& db, std::string_view name);
std::optional<UserRow> read_user(const Db& db, std::int64_t id);
std::vector<UserRow> read_users(const Db& db);  // sorted by name
// The hash most recently stored (nullopt: no users): what a login for an
// unknown name is checked against the cost of.
std::optional<std::string> newest_password_hash(const Db& db);

std::int64_t insert_user(const Db& db, std::string_view name, std::string_view password_hash, UserRole role);
void update_password_hash(const Db& db, std::int64_t user_id, std::string_view password_hash);
void insert_grant(const Db& db, std::int64_t user_id, std::string_view site);  // already granted: nothing changes
bool delete_grant(const Db& db, std::int64_t user_id, std::string_view site);  // whether there was one
void delete_user(const Db& db, std::int64_t user_id);                          // and its grants

}  // namespace vitae

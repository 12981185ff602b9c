// The session table of the accounts database: its reads and its one writer
// (vitae-admin's logins and logouts, and `vitae user passwd|rm`, through
// core/auth's Accounts). A session is found by the SHA-256 of its token; the
// token itself is never stored.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace vitae {

class Db;

struct SessionRow {
    std::string token_hash;  // 32 bytes: SHA-256 of the token
    std::int64_t user_id = 0;
    std::string csrf_token;
    std::int64_t started = 0;    // seconds since the epoch
    std::int64_t last_seen = 0;  // ditto; moved on by touch_session
};

std::optional<SessionRow> read_session(const Db& db, std::string_view token_hash);

void insert_session(const Db& db, const SessionRow& row);
void touch_session(const Db& db, std::string_view token_hash, std::int64_t now_s);
void delete_session(const Db& db, std::string_view token_hash);
void delete_user_sessions(const Db& db, std::int64_t user_id);
// Every session started at or before `started_by` or last seen at or before `seen_by`.
void delete_sessions_before(const Db& db, std::int64_t started_by, std::int64_t seen_by);
// All but the `keep` most recently started sessions of the user.
void delete_oldest_sessions(const Db& db, std::int64_t user_id, std::int64_t keep);

}  // namespace vitae

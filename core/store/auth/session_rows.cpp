// The one writer of session. Callers hold the transaction.
#include "store/auth/session_rows.hpp"

#include "store/sql/sql_text.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

std::optional<SessionRow> read_session(const Db& db, std::string_view token_hash) {
    auto stmt = db.prepare("SELECT token_hash, user_id, csrf_token, started, last_seen FROM session WHERE token_hash = ?");
    stmt.bind_blob(1, token_hash);
    if (!stmt.step()) return std::nullopt;
    return SessionRow{.token_hash = stmt.blob_at(0), .user_id = stmt.int_at(1), .csrf_token = stmt.text_at(2),
                      .started = stmt.int_at(3), .last_seen = stmt.int_at(4)};
}

void insert_session(const Db& db, const SessionRow& row) {
    auto stmt = db.prepare(
        "INSERT INTO session (token_hash, user_id, csrf_token, started, last_seen) VALUES (?, ?, ?, ?, ?)");
    stmt.bind_blob(1, row.token_hash);
    stmt.bind(2, row.user_id);
    stmt.bind(3, row.csrf_token);
    stmt.bind(4, row.started);
    stmt.bind(5, row.last_seen);
    stmt.step();
}

void touch_session(const Db& db, std::string_view token_hash, std::int64_t now_s) {
    auto stmt = db.prepare("UPDATE session SET last_seen = ? WHERE token_hash = ?");
    stmt.bind(1, now_s);
    stmt.bind_blob(2, token_hash);
    stmt.step();
}

void delete_session(const Db& db, std::string_view token_hash) {
    auto stmt = db.prepare("DELETE FROM session WHERE token_hash = ?");
    stmt.bind_blob(1, token_hash);
    stmt.step();
}

void delete_user_sessions(const Db& db, std::int64_t user_id) {
    auto stmt = db.prepare("DELETE FROM session WHERE user_id = ?");
    stmt.bind(1, user_id);
    stmt.step();
}

void delete_sessions_before(const Db& db, std::int64_t started_by, std::int64_t seen_by) {
    auto stmt = db.prepare("DELETE FROM session WHERE started <= ? OR last_seen <= ?");
    stmt.bind(1, started_by);
    stmt.bind(2, seen_by);
    stmt.step();
}

void delete_oldest_sessions(const Db& db, std::int64_t user_id, std::int64_t keep) {
    auto stmt = db.prepare(
        "DELETE FROM session WHERE user_id = ?1 AND token_hash NOT IN "
        "(SELECT token_hash FROM session WHERE user_id = ?1 ORDER BY started DESC, last_seen DESC LIMIT ?2)");
    stmt.bind(1, user_id);
    stmt.bind(2, keep);
    stmt.step();
}

}  // namespace vitae

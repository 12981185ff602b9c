// The one writer of login_throttle. Callers hold the transaction.
#include "store/auth/throttle_rows.hpp"

#include "store/sql/sql_text.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

namespace {

std::string_view scope_name(ThrottleScope scope) { return scope == ThrottleScope::account ? "account" : "address"; }

}  // namespace

ThrottleRow read_throttle(const Db& db, ThrottleScope scope, std::string_view subject) {
    auto stmt = db.prepare("SELECT failures, last_failure FROM login_throttle WHERE scope = ? AND subject = ?");
    stmt.bind(1, scope_name(scope));
    stmt.bind(2, subject);
    if (!stmt.step()) return {};
    return {.failures = stmt.int_at(0), .last_failure = stmt.int_at(1)};
}

void write_throttle(const Db& db, ThrottleScope scope, std::string_view subject, const ThrottleRow& row) {
    if (row.failures <= 0) {
        auto stmt = db.prepare("DELETE FROM login_throttle WHERE scope = ? AND subject = ?");
        stmt.bind(1, scope_name(scope));
        stmt.bind(2, subject);
        stmt.step();
        return;
    }
    auto stmt = db.prepare(
        "INSERT INTO login_throttle (scope, subject, failures, last_failure) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (scope, subject) DO UPDATE SET failures = excluded.failures, last_failure = excluded.last_failure");
    stmt.bind(1, scope_name(scope));
    stmt.bind(2, subject);
    stmt.bind(3, row.failures);
    stmt.bind(4, row.last_failure);
    stmt.step();
}

void delete_throttles_before(const Db& db, std::int64_t by) {
    auto stmt = db.prepare("DELETE FROM login_throttle WHERE last_failure <= ?");
    stmt.bind(1, by);
    stmt.step();
}

}  // namespace vitae

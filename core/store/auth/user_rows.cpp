// The one writer of user and user_site. Callers hold the transaction.
#include "store/auth/user_rows.hpp"

#include "store/sql/sql_text.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

namespace {

std::vector<std::string> read_sites(const Db& db, std::int64_t user_id) {
    auto stmt = db.prepare("SELECT site FROM user_site WHERE user_id = ? ORDER BY site");
    stmt.bind(1, user_id);
    std::vector<std::string> sites;
    while (stmt.step()) sites.push_back(stmt.text_at(0));
    return sites;
}

UserRow row_at(const Db& db, const Stmt& stmt) {
    UserRow row{.id = stmt.int_at(0), .name = stmt.text_at(1), .password_hash = stmt.text_at(2),
                .admin = stmt.int_at(3) != 0, .sites = {}};
    row.sites = read_sites(db, row.id);
    return row;
}

constexpr std::string_view columns = "SELECT id, name, password_hash, admin FROM user ";

}  // namespace

std::optional<UserRow> read_user(const Db& db, std::string_view name) {
    auto stmt = db.prepare(std::string(columns) + "WHERE name = ?");
    stmt.bind(1, name);
    if (!stmt.step()) return std::nullopt;
    return row_at(db, stmt);
}

std::optional<UserRow> read_user(const Db& db, std::int64_t id) {
    auto stmt = db.prepare(std::string(columns) + "WHERE id = ?");
    stmt.bind(1, id);
    if (!stmt.step()) return std::nullopt;
    return row_at(db, stmt);
}

std::vector<UserRow> read_users(const Db& db) {
    auto stmt = db.prepare(std::string(columns) + "ORDER BY name");
    std::vector<UserRow> users;
    while (stmt.step()) users.push_back(row_at(db, stmt));
    return users;
}

std::optional<std::string> newest_password_hash(const Db& db) {
    auto stmt = db.prepare("SELECT password_hash FROM user ORDER BY id DESC LIMIT 1");
    if (!stmt.step()) return std::nullopt;
    return stmt.text_at(0);
}

std::int64_t insert_user(const Db& db, std::string_view name, std::string_view password_hash, UserRole role) {
    auto stmt = db.prepare("INSERT INTO user (name, password_hash, admin) VALUES (?, ?, ?) RETURNING id");
    stmt.bind(1, name);
    stmt.bind(2, password_hash);
    stmt.bind(3, std::int64_t{role == UserRole::admin ? 1 : 0});
    stmt.step();
    auto id = stmt.int_at(0);
    stmt.step();  // runs the statement to its end
    return id;
}

void update_password_hash(const Db& db, std::int64_t user_id, std::string_view password_hash) {
    auto stmt = db.prepare("UPDATE user SET password_hash = ? WHERE id = ?");
    stmt.bind(1, password_hash);
    stmt.bind(2, user_id);
    stmt.step();
}

void insert_grant(const Db& db, std::int64_t user_id, std::string_view site) {
    auto stmt = db.prepare("INSERT OR IGNORE INTO user_site (user_id, site) VALUES (?, ?)");
    stmt.bind(1, user_id);
    stmt.bind(2, site);
    stmt.step();
}

bool delete_grant(const Db& db, std::int64_t user_id, std::string_view site) {
    auto stmt = db.prepare("DELETE FROM user_site WHERE user_id = ? AND site = ? RETURNING site");
    stmt.bind(1, user_id);
    stmt.bind(2, site);
    bool found = stmt.step();
    if (found) stmt.step();
    return found;
}

void delete_user(const Db& db, std::int64_t user_id) {
    // The sessions go with their own writer (session_rows); the grants are this table's.
    auto grants = db.prepare("DELETE FROM user_site WHERE user_id = ?");
    grants.bind(1, user_id);
    grants.step();
    auto user = db.prepare("DELETE FROM user WHERE id = ?");
    user.bind(1, user_id);
    user.step();
}

}  // namespace vitae

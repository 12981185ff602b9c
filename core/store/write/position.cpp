#include "store/write/position.hpp"

#include <string>

#include "base/error.hpp"

namespace vitae {

namespace {

// Table and column names are the writers' own, never input; still checked,
// as they are the only words of SQL not bound.
std::string_view identifier(std::string_view name) {
    bool ok = !name.empty();
    for (char c : name) ok = ok && ((c >= 'a' && c <= 'z') || c == '_');
    if (!ok) throw Error("next position: " + std::string(name) + " is not a table or column name");
    return name;
}

Stmt position_query(const Db& db, std::string_view table, std::string_view parent_column) {
    std::string sql = "SELECT coalesce(max(position), 0) + 1 FROM " + std::string(identifier(table));
    if (!parent_column.empty()) sql += " WHERE " + std::string(identifier(parent_column)) + " = ?";
    return db.prepare(sql);
}

}  // namespace

std::int64_t next_position(const Db& db, std::string_view table) {
    auto stmt = position_query(db, table, {});
    stmt.step();
    return stmt.int_at(0);
}

std::int64_t next_position(const Db& db, std::string_view table, std::string_view parent_column, std::string_view parent) {
    auto stmt = position_query(db, table, parent_column);
    stmt.bind(1, parent);
    stmt.step();
    return stmt.int_at(0);
}

std::int64_t next_position(const Db& db, std::string_view table, std::string_view parent_column, std::int64_t parent) {
    auto stmt = position_query(db, table, parent_column);
    stmt.bind(1, parent);
    stmt.step();
    return stmt.int_at(0);
}

}  // namespace vitae

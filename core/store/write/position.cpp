#include "store/write/position.hpp"

#include <string>

#include "base/error.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

namespace {

Stmt position_query(const Db& db, std::string_view table, std::string_view parent_column) {
    std::string sql = "SELECT coalesce(max(position), 0) + 1 FROM " + sql_name(table);
    if (!parent_column.empty()) sql += " WHERE " + sql_name(parent_column) + " = ?";
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

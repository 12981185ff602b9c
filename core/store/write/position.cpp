#include "store/write/position.hpp"

#include <string>
#include <type_traits>

#include "base/error.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

namespace {

Stmt position_query(const Db& db, std::string_view table, std::string_view parent_column) {
    std::string sql = "SELECT coalesce(max(position), 0) + 1 FROM " + sql_name(table);
    if (!parent_column.empty()) sql += " WHERE " + sql_name(parent_column) + " = ?";
    return db.prepare(sql);
}

template <typename Key>
MovedRow move_keyed_row(const Db& db, std::string_view table, std::string_view key_column, Key key, int direction) {
    std::string t = sql_name(table), k = sql_name(key_column);
    auto neighbour = db.prepare("SELECT p.position, n." + k + ", n.position FROM " + t + " p JOIN " + t + " n ON n.position " +
                                (direction < 0 ? "<" : ">") + " p.position WHERE p." + k + " = ? ORDER BY n.position" +
                                (direction < 0 ? " DESC" : "") + " LIMIT 1");
    neighbour.bind(1, key);
    if (!neighbour.step()) return std::nullopt;
    std::int64_t from = neighbour.int_at(0), to = neighbour.int_at(2);
    Key other;
    std::string other_text;
    if constexpr (std::is_same_v<Key, std::int64_t>) {
        other = neighbour.int_at(1);
    } else {
        other_text = neighbour.text_at(1);
        other = other_text;
    }
    auto place = db.prepare("UPDATE " + t + " SET position = ? WHERE " + k + " = ?");
    // Positions are unique: the one moved waits at -from while the other takes its place.
    for (auto [position, row] : {std::pair{-from, key}, std::pair{from, other}, std::pair{to, key}}) {
        place.reset();
        place.bind(1, position);
        place.bind(2, row);
        place.step();
    }
    return std::pair{from, to};
}

}  // namespace

MovedRow move_row(const Db& db, std::string_view table, std::string_view key_column, std::string_view key, int direction) {
    return move_keyed_row(db, table, key_column, key, direction);
}

MovedRow move_row(const Db& db, std::string_view table, std::string_view key_column, std::int64_t key, int direction) {
    return move_keyed_row(db, table, key_column, key, direction);
}

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

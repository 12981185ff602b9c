#include "store/rows/edit_rows.hpp"

#include "base/error.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

namespace {

// ORDER BY words: identifiers, DESC and commas only.
std::string order_words(std::string_view order) {
    for (char c : order)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ',' || c == ' '))
            throw Error("edit rows: " + std::string(order) + " is not an order");
    return std::string(order);
}

std::string select_sql(const TableRead& r) {
    std::string sql = "SELECT " + sql_name(r.key_column);
    for (auto column : r.columns) sql += ", " + sql_name(column);
    return sql + " FROM " + sql_name(r.table);
}

KeyedRow row_of(const Stmt& s, const TableRead& r) {
    KeyedRow row{.key = s.text_at(0), .values = {}};
    int i = 0;
    for (auto column : r.columns) row.values.emplace_back(std::string(column), s.text_at(++i));
    return row;
}

EditEntry entry_of(const Stmt& s) {
    EditEntry e{.id = s.int_at(0), .at = s.text_at(1), .who = s.text_at(2), .item = s.text_at(3),
                .key = s.text_at(4), .action = s.text_at(5), .before = {}, .after = {}};
    if (s.optional_int_at(6)) e.before = s.text_at(6);
    if (s.optional_int_at(7)) e.after = s.text_at(7);
    return e;
}

constexpr const char* entry_columns = "SELECT id, at, who, item, key, action, before, after FROM edit_log ";

}  // namespace

std::vector<KeyedRow> read_table_rows(const Db& db, const TableRead& read) {
    std::string where = read.only.empty() ? "" : " WHERE " + std::string(read.only);
    auto s = db.prepare(select_sql(read) + where + " ORDER BY " + order_words(read.order_by));
    std::vector<KeyedRow> rows;
    while (s.step()) rows.push_back(row_of(s, read));
    return rows;
}

std::optional<RowValues> read_table_row(const Db& db, const TableRead& read, std::string_view key) {
    auto s = db.prepare(select_sql(read) + " WHERE " + sql_name(read.key_column) + " = ?");
    s.bind(1, key);  // an INTEGER key column compares equal to its digits (column affinity)
    if (!s.step()) return std::nullopt;
    return row_of(s, read).values;
}

std::string_view value_of(const RowValues& values, std::string_view name) {
    for (const auto& [k, v] : values)
        if (k == name) return v;
    return {};
}

std::vector<EditEntry> read_edit_log(const Db& db, std::int64_t limit) {
    auto s = db.prepare(std::string(entry_columns) + "ORDER BY id DESC LIMIT ?");
    s.bind(1, limit);
    std::vector<EditEntry> out;
    while (s.step()) out.push_back(entry_of(s));
    return out;
}

std::optional<EditEntry> last_edit(const Db& db, std::string_view item, std::string_view key) {
    auto s = db.prepare(std::string(entry_columns) + "WHERE item = ? AND key = ? ORDER BY id DESC LIMIT 1");
    s.bind(1, item);
    s.bind(2, key);
    if (!s.step()) return std::nullopt;
    return entry_of(s);
}

}  // namespace vitae

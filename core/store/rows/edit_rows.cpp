#include "store/rows/edit_rows.hpp"

#include <nlohmann/json.hpp>

#include <charconv>

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

std::vector<std::string> read_table_keys(const Db& db, const TableRead& read) {
    std::string where = read.only.empty() ? "" : " WHERE " + std::string(read.only);
    auto s = db.prepare("SELECT " + sql_name(read.key_column) + " FROM " + sql_name(read.table) + where + " ORDER BY " +
                        order_words(read.order_by));
    std::vector<std::string> keys;
    while (s.step()) keys.push_back(s.text_at(0));
    return keys;
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

std::string values_json(const RowValues& values) {
    nlohmann::ordered_json object = nlohmann::ordered_json::object();  // ordered: the table's column order
    for (const auto& [name, value] : values) object[name] = value;
    return object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<RowValues> values_from_json(std::string_view json) {
    auto parsed = nlohmann::ordered_json::parse(json, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object()) return std::nullopt;
    RowValues values;
    for (const auto& [name, value] : parsed.items()) {
        if (!value.is_string()) return std::nullopt;
        values.emplace_back(name, value.get<std::string>());
    }
    return values;
}

std::optional<std::int64_t> position_key(std::string_view key) {
    std::int64_t n = 0;
    auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), n);
    if (ec != std::errc() || end != key.data() + key.size() || n < 1 || key.front() == '0') return std::nullopt;
    return n;
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

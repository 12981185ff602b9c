// Rows as the web editor sees them: a row's columns as text, keyed by its
// position, id or slug, read from one table. The editor's forms and its
// edit log (before and after) hold rows this way, so one form, one version
// and one log entry serve every kind. Reads only; the writers are per table.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store/sqlite/db.hpp"

namespace vitae {

// A row's values by column name, in the table's order; NULL reads as "".
using RowValues = std::vector<std::pair<std::string, std::string>>;

struct KeyedRow {
    std::string key;  // the key column's value, as text
    RowValues values;
};

// Table and column names are the editor's own table's, never input (still
// checked: lower-case words only, as position.cpp does).
struct TableRead {
    std::string_view table;
    std::string_view key_column;              // "position", "id", "slug"
    std::span<const std::string_view> columns;
    std::string_view order_by;                // "position", "date DESC, id DESC"
    std::string_view only = {};               // a constant condition of the editor's own ("variant_of = ''")
};

std::vector<KeyedRow> read_table_rows(const Db& db, const TableRead& read);
// The same rows' keys alone, in the same order.
std::vector<std::string> read_table_keys(const Db& db, const TableRead& read);
std::optional<RowValues> read_table_row(const Db& db, const TableRead& read, std::string_view key);
// The value of `name` in `values`, "" when absent.
std::string_view value_of(const RowValues& values, std::string_view name);
// A row's values as the edit log keeps them (before, after): a JSON object
// of strings in the row's order, so the log reads like the form.
std::string values_json(const RowValues& values);
// None when `json` is not an object of strings (a damaged log entry).
std::optional<RowValues> values_from_json(std::string_view json);
// A key that is a position or an id ("3"), or none for anything else ("03", "-1", "x").
std::optional<std::int64_t> position_key(std::string_view key);

// The edit log: newest first.
struct EditEntry {
    std::int64_t id = 0;
    std::string at;      // "2026-12-02T04:10:00Z"
    std::string who;     // an account, or "cli:<user>"
    std::string item;    // the table
    std::string key;     // the row
    std::string action;  // insert, update, delete, undo
    std::optional<std::string> before;  // JSON object; none: the row did not exist
    std::optional<std::string> after;   // none: the row is gone
};
std::vector<EditEntry> read_edit_log(const Db& db, std::int64_t limit);
// The last change of one row, or none.
std::optional<EditEntry> last_edit(const Db& db, std::string_view item, std::string_view key);

}  // namespace vitae

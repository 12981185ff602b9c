// The rows the edit log records, item by item (an item is a table with its
// child rows: a publication with its authors and links), and how each row
// reads as values: a column or a child list one value, as text. The same
// values are the editor's form, the log's before and after, and what an undo
// writes back, whoever wrote the row (the editor, a command, an import,
// sync), so an entry made by one is read and undone by the other. One row
// per item; a new item is a row here (and a kind in core/edit/kinds.cpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/model/content.hpp"
#include "store/rows/edit_rows.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

struct LoggedItem {
    std::string_view item;  // as edit_log.item names it, and its table: "publication"
    // Its table: the key column and the order of its rows; `columns` are a
    // row's values, or its summary when `load` reads more (a publication).
    TableRead table;
    bool single = false;  // one row, key "1" (the profile)
    // The change log names each changed row (publication, post), so a
    // logged write reads again only those.
    bool keyed_changes = false;
    std::function<std::optional<RowValues>(const Db&, std::string_view key)> load = {};  // empty: the columns
    std::function<std::vector<std::string>(const Db&)> keys = {};  // empty: the key column, in order
};

const std::vector<LoggedItem>& logged_items();
// Throws Error for an item not in the table (a programming error).
const LoggedItem& logged_item(std::string_view item);

// Every row's key, in the item's order.
std::vector<std::string> logged_keys(const Db& db, const LoggedItem& item);
// Row `key` as the log records it; none when there is no such row (or no
// such key: "03" is not position 3).
std::optional<RowValues> read_logged_row(const Db& db, const LoggedItem& item, std::string_view key);

// A translation's key, "language~item~key~field": '~' is in no code, item,
// key or field, and unreserved in a URL.
inline constexpr char translation_key_separator = '~';
std::string translation_key(const Translation& t);
// Its language, item, key and field (text empty); none for a malformed key.
std::optional<Translation> translation_of_key(std::string_view key);

}  // namespace vitae

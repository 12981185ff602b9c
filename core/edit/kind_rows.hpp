// How the Editables' rows are written, shared by the files that fill the
// table of Editables (kind_*.cpp): lists keyed by position (a new row after the last)
// or by id (a new row gets SQLite's), and the values' conversions.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "edit/kinds.hpp"

namespace vitae::editable_tables {

using V = const RowValues&;

inline std::string text(V values, std::string_view name) { return std::string(value_of(values, name)); }
// A checked number field: 0 or none when empty.
int integer(V values, std::string_view name);
std::optional<int> optional_integer(V values, std::string_view name);
// A textarea's lines, trimmed, the empty ones dropped (authors, links, a project's papers).
std::vector<std::string> nonempty_lines(std::string_view text);

// `kind` with put/remove over `kind.item`, keyed by position.
Editable positional(Editable editable, std::function<void(const Db&, std::int64_t, V)> put_at,
                std::function<bool(const Db&, std::int64_t)> remove_at);
// The same keyed by id; `insert` makes a new row and returns its id.
Editable by_id(Editable editable, std::function<std::int64_t(const Db&, V)> insert,
           std::function<void(const Db&, std::int64_t, V)> put_at,
           std::function<bool(const Db&, std::int64_t)> remove_at);

// Each file's rows of the table, in the dashboard's order.
std::vector<Editable> profile_editables();
std::vector<Editable> section_editables();
std::vector<Editable> publication_editables();
std::vector<Editable> post_editables();
std::vector<Editable> file_editables();
std::vector<Editable> profile_list_editables();  // kind_profile_lists.cpp: emails, name variants
std::vector<Editable> project_editables();
std::vector<Editable> page_editables();  // kind_pages.cpp: pages of the owner's own
std::vector<Editable> language_editables();  // and translations

}  // namespace vitae::editable_tables

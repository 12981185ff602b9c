// How the kinds' rows are written, shared by the files that fill the table
// of kinds (kind_*.cpp): lists keyed by position (a new row after the last)
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

namespace vitae::edit_kinds {

using V = const RowValues&;

inline std::string text(V values, std::string_view name) { return std::string(value_of(values, name)); }
// A checked number field: 0 or none when empty.
int integer(V values, std::string_view name);
std::optional<int> optional_integer(V values, std::string_view name);
// A textarea's lines, trimmed, the empty ones dropped (authors, links, a project's papers).
std::vector<std::string> nonempty_lines(std::string_view text);

// `kind` with put/remove over `kind.item`, keyed by position.
Kind positional(Kind kind, std::function<void(const Db&, std::int64_t, V)> put_at,
                std::function<bool(const Db&, std::int64_t)> remove_at);
// The same keyed by id; `insert` makes a new row and returns its id.
Kind by_id(Kind kind, std::function<std::int64_t(const Db&, V)> insert,
           std::function<void(const Db&, std::int64_t, V)> put_at,
           std::function<bool(const Db&, std::int64_t)> remove_at);

// Each file's rows of the table, in the dashboard's order.
std::vector<Kind> profile_kinds();
std::vector<Kind> section_kinds();
std::vector<Kind> publication_kinds();
std::vector<Kind> post_kinds();
std::vector<Kind> file_kinds();
std::vector<Kind> profile_list_kinds();  // kind_profile_lists.cpp: emails, name variants
std::vector<Kind> project_kinds();
std::vector<Kind> page_kinds();  // kind_pages.cpp: pages of the owner's own
std::vector<Kind> language_kinds();  // and translations

}  // namespace vitae::edit_kinds

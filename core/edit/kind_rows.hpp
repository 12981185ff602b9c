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
void add_profile_kinds(std::vector<Kind>& table);
void add_section_kinds(std::vector<Kind>& table);
void add_publication_kinds(std::vector<Kind>& table);
void add_post_kinds(std::vector<Kind>& table);
void add_file_kinds(std::vector<Kind>& table);
void add_profile_list_kinds(std::vector<Kind>& table);  // kind_profile_lists.cpp: emails, name variants
void add_project_kinds(std::vector<Kind>& table);
void add_page_kinds(std::vector<Kind>& table);  // kind_pages.cpp: pages of the owner's own
void add_language_kinds(std::vector<Kind>& table);  // and translations

}  // namespace vitae::edit_kinds

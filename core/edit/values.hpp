// A row's values as the editor moves them: JSON for the edit log's before
// and after (parsed back for an undo), and the version a form carries, so a
// save made from an old copy of the row is told apart from one made from
// the current. The version is a digest of the row's values, not a counter:
// it needs no column in every table, and a change made by the CLI (which
// touches no counter) still makes an open form stale.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "store/rows/edit_rows.hpp"

namespace vitae {

std::string values_json(const RowValues& values);
// None when `json` is not an object of strings (a damaged log entry).
std::optional<RowValues> values_from_json(std::string_view json);
// 16 hex digits (FNV-1a, 64 bits, over the JSON); "new" for no row.
std::string version_of(const std::optional<RowValues>& values);

}  // namespace vitae

// The version a form carries, so a save made from an old copy of the row
// is told apart from one made from the current. It is a digest of the row's
// values as the edit log keeps them (values_json), not a counter: it needs
// no column in every table, and a change made by the CLI (which touches no
// counter) still makes an open form stale.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "store/rows/edit_rows.hpp"

namespace vitae {

// 16 hex digits (FNV-1a, 64 bits, over the JSON); "new" for no row.
std::string version_of(const std::optional<RowValues>& values);

}  // namespace vitae

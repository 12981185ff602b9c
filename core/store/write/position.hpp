// The one rule for where a new row goes in an ordered list: after the last
// one, so it comes last. Read inside the caller's transaction, so the
// position is still free when the row is written.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "store/sqlite/db.hpp"

namespace vitae {

// The next position of `table` (award, teaching, project, language...).
std::int64_t next_position(const Db& db, std::string_view table);
// The next position among one parent's rows: `table`'s rows whose
// `parent_column` is `parent` (a post's tags, a publication's links).
std::int64_t next_position(const Db& db, std::string_view table, std::string_view parent_column, std::string_view parent);
std::int64_t next_position(const Db& db, std::string_view table, std::string_view parent_column, std::int64_t parent);

// A row moved in its list: its position before and after.
using MovedRow = std::optional<std::pair<std::int64_t, std::int64_t>>;
// Swaps the row of `table` whose `key_column` is `key` with its neighbour
// above (direction < 0) or below; nullopt when it is already at that end.
MovedRow move_row(const Db& db, std::string_view table, std::string_view key_column, std::string_view key, int direction);
MovedRow move_row(const Db& db, std::string_view table, std::string_view key_column, std::int64_t key, int direction);

}  // namespace vitae

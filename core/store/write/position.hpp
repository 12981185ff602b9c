// The one rule for where a new row goes in an ordered list: after the last
// one, so it comes last. Read inside the caller's transaction, so the
// position is still free when the row is written.
#pragma once

#include <cstdint>
#include <string_view>

#include "store/sqlite/db.hpp"

namespace vitae {

// The next position of `table` (award, teaching, project, language...).
std::int64_t next_position(const Db& db, std::string_view table);
// The next position among one parent's rows: `table`'s rows whose
// `parent_column` is `parent` (a post's tags, a publication's links).
std::int64_t next_position(const Db& db, std::string_view table, std::string_view parent_column, std::string_view parent);
std::int64_t next_position(const Db& db, std::string_view table, std::string_view parent_column, std::int64_t parent);

}  // namespace vitae

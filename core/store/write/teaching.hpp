// The writer of `teaching`, role included: `vitae add teaching` and
// import-site both add through it. Inside the caller's transaction.
#pragma once

#include <cstdint>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// Appends the course after the last one; returns its position.
std::int64_t insert_teaching(const Db& db, const Teaching& teaching);

// The web editor's: the row at `position` made or replaced (an undo puts a
// removed row back where it was); false from remove when there was none.
void put_teaching(const Db& db, std::int64_t position, const Teaching& teaching);
bool remove_teaching(const Db& db, std::int64_t position);

}  // namespace vitae

// The writer of `award`: `vitae add award` and import-site both add through it.
// Inside the caller's transaction.
#pragma once

#include <cstdint>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// Appends the award after the last one; returns its position.
std::int64_t insert_award(const Db& db, const Award& award);

// The web editor's: the row at `position` made or replaced (an undo puts a
// removed row back where it was); false from remove when there was none.
void put_award(const Db& db, std::int64_t position, const Award& award);
bool remove_award(const Db& db, std::int64_t position);

}  // namespace vitae

// The writer of `edit_log` (schema v10): one entry per change of a row, made
// by whoever changes it, inside the change's own transaction, so a change
// and its record are committed together or not at all.
#pragma once

#include "store/rows/edit_rows.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// `entry.id` is ignored; an empty `entry.at` is now (UTC).
void record_edit(const Db& db, const EditEntry& entry);

}  // namespace vitae

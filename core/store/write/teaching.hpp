// The writer of `teaching`, role included: `vitae add teaching` and
// import-site both add through it. Inside the caller's transaction.
#pragma once

#include <cstdint>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// Appends the course after the last one; returns its position.
std::int64_t insert_teaching(const Db& db, const Teaching& teaching);

}  // namespace vitae

// What a group's home site reads of one member's database: the profile's
// name, job title and photo, and per paper only what a list of the group's
// works shows (core/store/model/group.hpp). One read-only connection, one
// read transaction, a handful of prepared statements; no bio, posts,
// abstracts or file bytes: a thousand members of 300 papers each are read
// in a fraction of what loading their whole content would cost.
#pragma once

#include <string>

#include "store/model/group.hpp"

namespace vitae {

// Throws Error naming the file (missing, not a database, a schema without
// these columns, a row that breaks a CHECK the reader relies on).
MemberSummary read_member_summary(const std::string& db_path);

}  // namespace vitae

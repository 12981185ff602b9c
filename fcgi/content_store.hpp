// Reads a Vitae database into Content: checks it is SQLite, intact and of the
// schema version this build knows, then loads every table inside one read
// transaction so a page never mixes two versions. Prepared statements only.
#pragma once

#include <string>

#include "content.hpp"
#include "sqlite.hpp"

namespace vitae {

inline constexpr int schema_version = 2;

// Throws LoadError naming the file and the problem.
void check_database(const Db& db);
Content load_content(const Db& db);

// Equal digests, equal content: lets a reload that changed nothing keep the
// current version (and its cached pages).
std::string content_digest(const Content& content);

}  // namespace vitae

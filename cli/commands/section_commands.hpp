// `vitae add news`, `vitae add talk`: a row of `news` or `talk`,
// checked before it is written so the error names the argument instead of
// a schema CHECK. The importer writes through the same two inserts.
#pragma once

#include <ostream>

#include "cli/commands/args.hpp"
#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

int run_add_news(const Args& args, std::ostream& out);
int run_add_talk(const Args& args, std::ostream& out);

// Inside the caller's transaction; the row's new id. `news.id`, `talk.id` are ignored.
std::int64_t insert_news(const Db& db, const News& news);
std::int64_t insert_talk(const Db& db, const Talk& talk);

}  // namespace vitae::cli

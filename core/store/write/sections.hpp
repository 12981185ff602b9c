// The writers of the CV's other sections: news, talk, education, service,
// experience. The CLI's `add news`/`add talk` and import-site add through
// them. Inside the caller's transaction.
#pragma once

#include <cstdint>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// The row's new id; `news.id`, `talk.id` are ignored.
std::int64_t insert_news(const Db& db, const News& news);
std::int64_t insert_talk(const Db& db, const Talk& talk);

// Appended after the last row; each returns its position.
std::int64_t insert_education(const Db& db, const Education& education);
std::int64_t insert_service(const Db& db, const Service& service);
std::int64_t insert_experience(const Db& db, const Experience& experience);

// The web editor's: the row of that id or position made or replaced (an
// undo puts a removed row back where it was); false from remove when there
// was none.
void put_news(const Db& db, std::int64_t id, const News& news);
bool remove_news(const Db& db, std::int64_t id);
void put_talk(const Db& db, std::int64_t id, const Talk& talk);
bool remove_talk(const Db& db, std::int64_t id);
void put_education(const Db& db, std::int64_t position, const Education& education);
bool remove_education(const Db& db, std::int64_t position);
void put_service(const Db& db, std::int64_t position, const Service& service);
bool remove_service(const Db& db, std::int64_t position);
void put_experience(const Db& db, std::int64_t position, const Experience& experience);
bool remove_experience(const Db& db, std::int64_t position);

}  // namespace vitae

// The writers of `publication` and its child rows (authors, links, awards,
// fields): import-bibtex, import-site, `vitae set preview` and `rm file`
// write through them. Inside the caller's transaction.
#pragma once

#include <cstdint>
#include <string_view>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// Appended after the last one; returns its id. The preview is not written
// (it is set on its own, set_publication_preview).
std::int64_t insert_publication(const Db& db, const Publication& publication);
// The same with the id given (an undo putting a removed one back): after the last one.
void insert_publication_with_id(const Db& db, std::int64_t id, const Publication& publication);
// Keeps id, slug, position and preview; every other column and child row is replaced.
void update_publication(const Db& db, std::int64_t id, const Publication& publication);
// Its child rows go with it (the connection has foreign keys on).
void delete_publication(const Db& db, std::int64_t id);

// A stored picture's name shown beside it; "" for none.
void set_publication_preview(const Db& db, std::int64_t id, std::string_view file_name);
// No preview rather than a broken one, when the file `file_name` goes.
void clear_publication_preview(const Db& db, std::string_view file_name);
// Shown under "Selected publications".
void select_publication(const Db& db, std::int64_t id);
// After its last link, unless it has one to that URL already.
void append_publication_link(const Db& db, std::int64_t id, const Link& link);
// Newest first by year (undated last), ties keeping their order.
void order_publications_by_year(const Db& db);

}  // namespace vitae

// The `publication` row as one list of columns, for the loader (every row at
// once) and the writer (store/write/publications.hpp), so the two cannot disagree
// about a column: id, slug, kind, title, venue, year, abstract, selected,
// then publication_text_columns (content.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// "id, slug, kind, ..." for a SELECT.
const std::string& publication_columns();
struct StoredPublication {
    std::int64_t id = 0;
    Publication publication;
};
// A row selected with publication_columns(), without its child rows. Throws
// Error for a kind this build does not know.
StoredPublication read_publication_row(const Stmt& row, const Db& db);

// Writing: the values are everything but id, slug and position, bound as
// ?1..?N by bind_publication_values: "kind, title, ...", "?1, ?2, ...",
// "kind = ?1, title = ?2, ...".
const std::string& publication_value_names();
const std::string& publication_value_marks();
const std::string& publication_value_assignments();
int publication_value_count();
void bind_publication_values(Stmt& s, const Publication& p);

}  // namespace vitae

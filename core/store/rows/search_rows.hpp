// Running a search against a site's database (data/schema.sql's search,
// search_cjk, search_doc), read-only: the worker's request threads each keep
// a connection for it (core/site/site_search).
#pragma once

#include <string_view>

#include "store/model/search.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

struct SearchPlace {
    int page = 1;            // 1-based; limits::search_results_per_page hits each
    std::string_view today;  // YYYY-MM-DD: a post dated later is not out yet, so not found
};

// The hits of `query` on page `at.page`, best first: bm25 with a title
// weighted 10, authors 5, the rest 1. A query with a CJK term searches
// search_cjk by trigram (and LIKE for terms of one or two characters).
// An empty query finds nothing.
SearchResults search_site(const Db& db, const SearchQuery& query, const SearchPlace& at);

// What `vitae check` says of the index: one line per document (at most 20)
// that is missing, stale or left over in either index, compared with
// search_source; empty when the indexes match the content. Only a client
// that dropped or bypassed the schema's triggers can cause one.
inline constexpr std::string_view search_rebuild_sql =
    "DELETE FROM search; DELETE FROM search_cjk; DELETE FROM search_doc; "
    "INSERT INTO search_stale SELECT kind, key FROM search_source;";
std::vector<std::string> search_index_problems(const Db& db);

}  // namespace vitae

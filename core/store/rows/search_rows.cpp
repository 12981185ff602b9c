#include "store/rows/search_rows.hpp"

#include <string>

#include "base/limits.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

namespace {

// A post dated after today is not out yet (its page 404s until then).
constexpr std::string_view not_scheduled =
    " AND NOT (d.kind = 'post' AND coalesce((SELECT published FROM post WHERE slug = d.key), '') > ?2)";

std::int64_t count_hits(const Db& db, std::string_view table, std::string_view where,
                        const std::vector<std::string>& patterns, const std::string& match, std::string_view today) {
    std::string sql = "SELECT count(*) FROM " + std::string(table) + " JOIN search_doc d ON d.id = " +
                      std::string(table) + ".rowid WHERE " + std::string(where) + std::string(not_scheduled);
    auto stmt = db.prepare(sql);
    stmt.bind(1, match);
    stmt.bind(2, today);
    int n = 3;
    for (const auto& pattern : patterns) stmt.bind(n++, pattern);
    return stmt.step() ? stmt.int_at(0) : 0;
}

std::int64_t offset_of(int page) { return static_cast<std::int64_t>(page - 1) * limits::search_results_per_page; }

SearchResults search_words(const Db& db, const SearchQuery& query, const SearchPlace& at) {
    std::string match = fts_expression(query);
    SearchResults results;
    results.total = count_hits(db, "search", "search MATCH ?1", {}, match, at.today);
    if (results.total == 0) return results;
    auto stmt = db.prepare(
        "SELECT d.kind, d.key, highlight(search, 0, ?3, ?4), highlight(search, 1, ?3, ?4), "
        "snippet(search, 2, ?3, ?4, '…', ?5) FROM search JOIN search_doc d ON d.id = search.rowid "
        "WHERE search MATCH ?1" + std::string(not_scheduled) +
        " ORDER BY bm25(search, 10.0, 5.0, 1.0), d.id LIMIT ?6 OFFSET ?7");
    stmt.bind(1, match);
    stmt.bind(2, at.today);
    stmt.bind(3, mark_open);
    stmt.bind(4, mark_close);
    stmt.bind(5, std::int64_t{limits::search_snippet_tokens});
    stmt.bind(6, std::int64_t{limits::search_results_per_page});
    stmt.bind(7, offset_of(at.page));
    while (stmt.step())
        results.hits.push_back({.kind = stmt.text_at(0), .key = stmt.text_at(1), .title = stmt.text_at(2),
                                .authors = stmt.text_at(3), .snippet = stmt.text_at(4)});
    return results;
}

// Han, Kana and Hangul have no spaces between words: the query's terms are
// substrings of search_cjk's text, by trigram index when three characters
// or longer, by LIKE (a scan of the CJK documents alone) when shorter.
// (SQLite 3.40's trigram tokenizer answers a LIKE of under three characters
// on one of its columns with no rows, not a scan: the LIKE is on an expression.)
SearchResults search_cjk(const Db& db, const SearchQuery& query, const SearchPlace& at) {
    std::string match = trigram_expression(query);
    std::string where = match.empty() ? "?1 = ''" : "search_cjk MATCH ?1";
    auto patterns = like_patterns(query);
    for (std::size_t i = 0; i < patterns.size(); ++i)
        where += " AND (search_cjk.title || ' ' || search_cjk.authors || ' ' || search_cjk.body) LIKE ?" +
                 std::to_string(3 + i) + " ESCAPE '\\'";
    SearchResults results;
    results.total = count_hits(db, "search_cjk", where, patterns, match, at.today);
    if (results.total == 0) return results;
    std::string order = match.empty() ? "d.id" : "bm25(search_cjk, 10.0, 5.0, 1.0), d.id";
    std::string limit = std::to_string(3 + patterns.size());
    auto stmt = db.prepare("SELECT d.kind, d.key, search_cjk.title, search_cjk.authors, search_cjk.body "
                           "FROM search_cjk JOIN search_doc d ON d.id = search_cjk.rowid WHERE " + where +
                           std::string(not_scheduled) + " ORDER BY " + order + " LIMIT ?" + limit + " OFFSET ?" +
                           std::to_string(4 + patterns.size()));
    stmt.bind(1, match);
    stmt.bind(2, at.today);
    int n = 3;
    for (const auto& pattern : patterns) stmt.bind(n++, pattern);
    stmt.bind(n++, std::int64_t{limits::search_results_per_page});
    stmt.bind(n, offset_of(at.page));
    constexpr std::size_t whole = 4096, around = 160;  // bytes: a title whole, a body's snippet
    while (stmt.step())
        results.hits.push_back({.kind = stmt.text_at(0), .key = stmt.text_at(1),
                                .title = mark_terms(stmt.text_at(2), query, whole),
                                .authors = mark_terms(stmt.text_at(3), query, whole),
                                .snippet = mark_terms(stmt.text_at(4), query, around)});
    return results;
}

}  // namespace

SearchResults search_site(const Db& db, const SearchQuery& query, const SearchPlace& at) {
    if (query.empty()) return {};
    return query.cjk() ? search_cjk(db, query, at) : search_words(db, query, at);
}

std::vector<std::string> search_index_problems(const Db& db) {
    // Each document as search_source makes it, and as each index holds it:
    // the rows one side has and the other lacks. (FTS5's own integrity-check
    // is an INSERT, which a read-only connection cannot run.)
    auto stmt = db.prepare(
        "WITH want AS (SELECT kind, key, title, authors, body FROM search_source), "
        "want_cjk AS (SELECT * FROM want WHERE title || authors || body GLOB '*[぀-ヿ㐀-䶿一-鿿가-힯ｦ-ﾟ]*'), "
        "have AS (SELECT d.kind, d.key, s.title, s.authors, s.body FROM search s JOIN search_doc d ON d.id = s.rowid), "
        "have_cjk AS (SELECT d.kind, d.key, s.title, s.authors, s.body FROM search_cjk s JOIN search_doc d ON d.id = s.rowid) "
        "SELECT 'is missing or stale in the index', kind, key FROM (SELECT * FROM want EXCEPT SELECT * FROM have) "
        "UNION ALL SELECT 'is in the index but not in the content', kind, key FROM (SELECT * FROM have EXCEPT SELECT * FROM want) "
        "UNION ALL SELECT 'is missing or stale in the CJK index', kind, key "
        "FROM (SELECT * FROM want_cjk EXCEPT SELECT * FROM have_cjk) "
        "UNION ALL SELECT 'is in the CJK index but not in the content', kind, key "
        "FROM (SELECT * FROM have_cjk EXCEPT SELECT * FROM want_cjk) "
        "UNION ALL SELECT 'has no indexed text', kind, key FROM search_doc WHERE id NOT IN (SELECT rowid FROM search) "
        "ORDER BY 2, 3, 1 LIMIT 20");
    std::vector<std::string> problems;
    while (stmt.step()) {
        std::string key = stmt.text_at(2);
        problems.push_back("search index: " + stmt.text_at(1) + (key.empty() ? "" : " '" + key + "'") + " " + stmt.text_at(0));
    }
    return problems;
}

}  // namespace vitae

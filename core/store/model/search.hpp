// What a search asks and finds, as plain values: the words a person typed
// turned into an FTS5 expression that cannot fail to parse, and the hits.
// The query runs in core/store/rows/search_rows; the page is made in
// core/render/views/search_views. The index itself is data/schema.sql's
// search tables (search, search_cjk, kept by triggers).
//
// Every term is quoted for FTS5, so its syntax characters (AND, NEAR, ^, :,
// parentheses, a stray quote) are only text: what a person types is always
// searched as words, and a query of only operators is a query of no words.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vitae {

// One thing to find: a word, a "quoted phrase" or a prefix (serverl*).
struct SearchTerm {
    std::string text;  // as typed, quotes and trailing * taken off
    bool prefix = false;
    bool cjk = false;  // has Han, Kana or Hangul: searched by trigram (search_cjk), as a substring
};

struct SearchQuery {
    std::vector<SearchTerm> terms;  // every one must match
    bool too_many_terms = false;    // over limits::max_search_terms (the rest dropped)
    bool empty() const { return terms.empty(); }
    bool cjk() const;  // some term is CJK: the whole query goes to search_cjk
};

// Splits what was typed into terms: whitespace separates words, double
// quotes make a phrase, a trailing * a prefix; FTS5's operators are words.
SearchQuery parse_search_query(std::string_view typed);

// The FTS5 MATCH expression of `terms` for `search` (unicode61): each term a
// quoted string ("" doubled inside), a prefix's * outside the quotes, all
// ANDed by juxtaposition. Empty for no terms.
std::string fts_expression(const SearchQuery& query);

// For search_cjk (trigram): the terms of three characters or more as quoted
// strings; shorter ones cannot use a trigram index and are matched with
// LIKE (like_patterns). Prefixes are substrings there anyway.
std::string trigram_expression(const SearchQuery& query);
std::vector<std::string> like_patterns(const SearchQuery& query);  // '%term%', with % _ \ escaped by '\'

// Whether `cp` is Han, Kana or Hangul (what search_cjk holds).
bool is_cjk(char32_t cp);

// Hits are marked in snippets between these (U+E000, U+E001: private use,
// stripped from the text before marking), then escaped and made <mark>.
inline constexpr std::string_view mark_open = "\xEE\x80\x80";
inline constexpr std::string_view mark_close = "\xEE\x80\x81";

// One thing found: which item, its title and a snippet with the matches
// between mark_open and mark_close.
struct SearchHit {
    std::string kind;  // 'publication', 'post', 'news', 'talk', 'project', 'page', 'bio'
    std::string key;   // a slug, an id, '' (bio)
    std::string title;    // marked like the snippet
    std::string authors;  // publications: the author list, marked; else ''
    std::string snippet;
};

struct SearchResults {
    std::vector<SearchHit> hits;  // this page's, best first
    std::int64_t total = 0;       // hits on all pages
};

// `text` with the matches of `query`'s terms marked, cut to about `around`
// bytes around the first one (with … where cut); used where FTS5's snippet()
// cannot be (the LIKE path of short CJK terms). Case folding is ASCII only.
std::string mark_terms(std::string_view text, const SearchQuery& query, std::size_t around);

}  // namespace vitae

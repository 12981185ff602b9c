#include "store/model/search.hpp"

#include <algorithm>

#include "base/limits.hpp"
#include "base/text.hpp"
#include "base/utf8.hpp"

namespace vitae {

namespace {

// The code point at `i` (advancing `i`); U+FFFD for a broken sequence (the
// request layer has checked UTF-8 already: this only keeps a loop finite).
char32_t take_code_point(std::string_view s, std::size_t& i) {
    auto lead = static_cast<unsigned char>(s[i]);
    std::size_t n = utf8_sequence_length(lead);
    if (i + n > s.size()) n = 1;
    char32_t cp = n == 1 ? lead : lead & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += n;
    return n == 1 && lead >= 0x80 ? U'\uFFFD' : cp;
}

bool is_space(char32_t cp) { return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == 0x3000; }
bool is_quote(char32_t cp) { return cp == '"' || cp == 0x201C || cp == 0x201D || cp == 0x300C || cp == 0x300D; }

// A term worth searching: some letter or digit (any non-ASCII counts), not
// only punctuation and operators' symbols.
bool has_word_character(std::string_view text) {
    return std::any_of(text.begin(), text.end(), [](char c) {
        auto u = static_cast<unsigned char>(c);
        return u >= 0x80 || (u >= '0' && u <= '9') || ((u | 0x20) >= 'a' && (u | 0x20) <= 'z');
    });
}

bool has_cjk(std::string_view text) {
    for (std::size_t i = 0; i < text.size();)
        if (is_cjk(take_code_point(text, i))) return true;
    return false;
}

std::size_t code_points(std::string_view text) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size(); ++n) take_code_point(text, i);
    return n;
}

void add_term(SearchQuery& query, std::string text, bool phrase) {
    bool prefix = false;
    if (!phrase)
        while (!text.empty() && text.back() == '*') {
            text.pop_back();
            prefix = true;
        }
    if (!has_word_character(text)) return;
    if (query.terms.size() == limits::max_search_terms) {
        query.too_many_terms = true;
        return;
    }
    bool cjk = has_cjk(text);
    query.terms.push_back({.text = std::move(text), .prefix = prefix, .cjk = cjk});
}

void append_quoted(std::string& out, std::string_view text) {
    out += '"';
    for (char c : text) {
        if (c == '"') out += '"';  // FTS5 doubles a quote inside a string
        out += c;
    }
    out += '"';
}

}  // namespace

bool is_cjk(char32_t cp) {
    return (cp >= 0x3040 && cp <= 0x30FF) ||   // Hiragana, Katakana
           (cp >= 0x3400 && cp <= 0x4DBF) ||   // Han extension A
           (cp >= 0x4E00 && cp <= 0x9FFF) ||   // Han
           (cp >= 0xAC00 && cp <= 0xD7AF) ||   // Hangul syllables
           (cp >= 0xFF66 && cp <= 0xFF9F);     // half-width Katakana
}

bool SearchQuery::cjk() const {
    return std::any_of(terms.begin(), terms.end(), [](const SearchTerm& t) { return t.cjk; });
}

SearchQuery parse_search_query(std::string_view typed) {
    SearchQuery query;
    std::string word;
    bool in_phrase = false;
    for (std::size_t i = 0; i < typed.size();) {
        std::size_t at = i;
        char32_t cp = take_code_point(typed, i);
        if (is_quote(cp)) {
            add_term(query, std::move(word), in_phrase);
            word.clear();
            in_phrase = !in_phrase;
        } else if (is_space(cp) && !in_phrase) {
            add_term(query, std::move(word), false);
            word.clear();
        } else {
            word.append(typed.substr(at, i - at));
        }
    }
    add_term(query, std::move(word), in_phrase);  // an unclosed quote ends with the query
    return query;
}

std::string fts_expression(const SearchQuery& query) {
    std::string out;
    for (const auto& term : query.terms) {
        if (!out.empty()) out += ' ';
        append_quoted(out, term.text);
        if (term.prefix) out += '*';
    }
    return out;
}

std::string trigram_expression(const SearchQuery& query) {
    std::string out;
    for (const auto& term : query.terms) {
        if (code_points(term.text) < 3) continue;
        if (!out.empty()) out += ' ';
        append_quoted(out, term.text);
    }
    return out;
}

std::vector<std::string> like_patterns(const SearchQuery& query) {
    std::vector<std::string> out;
    for (const auto& term : query.terms) {
        if (code_points(term.text) >= 3) continue;
        std::string pattern = "%";
        for (char c : term.text) {
            if (c == '%' || c == '_' || c == '\\') pattern += '\\';
            pattern += c;
        }
        out.push_back(pattern + "%");
    }
    return out;
}

namespace {

// Where `needle` occurs in `text` at or after `from`, ASCII case folded.
std::size_t find_folded(std::string_view text, std::string_view needle, std::size_t from) {
    if (needle.empty() || needle.size() > text.size()) return std::string_view::npos;
    for (std::size_t i = from; i + needle.size() <= text.size(); ++i) {
        std::size_t k = 0;
        while (k < needle.size() && ascii_lower(text[i + k]) == ascii_lower(needle[k])) ++k;
        if (k == needle.size()) return i;
    }
    return std::string_view::npos;
}

// Moves `at` back to the start of the UTF-8 sequence it is in.
std::size_t sequence_start(std::string_view s, std::size_t at) {
    while (at > 0 && at < s.size() && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
    return at;
}

}  // namespace

std::string mark_terms(std::string_view text, const SearchQuery& query, std::size_t around) {
    std::size_t first = std::string_view::npos;
    for (const auto& term : query.terms) first = std::min(first, find_folded(text, term.text, 0));
    std::size_t begin = 0, end = text.size();
    if (text.size() > around) {
        std::size_t anchor = first == std::string_view::npos ? 0 : first;
        begin = sequence_start(text, anchor > around / 3 ? anchor - around / 3 : 0);
        end = sequence_start(text, std::min(text.size(), begin + around));
    }
    std::string_view part = text.substr(begin, end - begin);
    std::string out = begin > 0 ? "…" : "";
    for (std::size_t i = 0; i < part.size();) {
        std::size_t best = std::string_view::npos, length = 0;
        for (const auto& term : query.terms)
            if (auto at = find_folded(part, term.text, i); at < best) best = at, length = term.text.size();
        if (best == std::string_view::npos) {
            out.append(part.substr(i));
            break;
        }
        out.append(part.substr(i, best - i)).append(mark_open).append(part.substr(best, length)).append(mark_close);
        i = best + length;
    }
    if (end < text.size()) out += "…";
    return out;
}

}  // namespace vitae

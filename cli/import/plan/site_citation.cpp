#include "cli/import/plan/site_citation.hpp"

#include <algorithm>
#include <regex>

#include "base/text.hpp"
#include "base/utf8.hpp"
#include "cli/import/plan/site_owner.hpp"
#include "render/text/sanitize.hpp"

namespace vitae::cli {

namespace {

std::size_t citation_word_count(std::string_view part) {
    std::size_t words = 0;
    for (std::size_t i = 0; i < part.size(); ++i)
        if (part[i] != ' ' && (i == 0 || part[i - 1] == ' ')) ++words;
    return words;
}

std::vector<std::string> citation_words(std::string_view part) {
    std::vector<std::string> out;
    std::string word;
    for (char c : std::string(part) + " ") {
        if (c != ' ') word += c;
        else if (!word.empty()) out.push_back(std::move(word)), word.clear();
    }
    return out;
}

// "J.", "J. K.", "J.-P.", "JK", "É.": letters standing for given names.
bool is_initials(std::string_view part) {
    std::string p(trim(part));
    while (!p.empty() && (p.back() == '*' || p.back() == '.')) p.pop_back();
    if (p.empty()) return false;
    std::replace(p.begin(), p.end(), '-', ' ');
    std::replace(p.begin(), p.end(), '.', ' ');
    for (const auto& word : citation_words(p)) {
        bool ascii_caps = word.size() <= 2 && std::all_of(word.begin(), word.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
        bool one_letter = utf8_char_at(word, 0).size() == word.size() && !(word[0] >= 'a' && word[0] <= 'z');
        if (!ascii_caps && !one_letter) return false;
    }
    return true;
}

// Words that begin a family name in the languages citations carry.
bool is_particle(std::string_view word) {
    static constexpr std::string_view particles[] = {"van", "von", "der", "den", "de", "del", "della", "di", "da", "dos",
                                                     "das", "du", "la", "le", "ter", "ten", "y", "bin", "ibn", "al", "el", "zu"};
    std::string w = ascii_lower(word);
    return std::find(std::begin(particles), std::end(particles), w) != std::end(particles);
}

// "Geiger", "de la Cruz", "van der Berg": a family name alone.
bool is_surname(std::string_view part) {
    auto words = citation_words(part);
    if (words.empty() || words.size() > 4) return false;
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
        if (!is_particle(words[i])) return false;
    return true;
}

struct ListPart {
    std::string name;
    bool after_comma;  // only a comma before it: it may be the given names of the part before
};

std::vector<ListPart> list_parts(std::string_view text) {
    std::string names = std::regex_replace(std::string(text), std::regex("\\s+(and|&)\\s+"), ";");
    std::vector<ListPart> parts;
    std::string part;
    bool only_commas = true;
    for (std::size_t i = 0; i <= names.size(); ++i) {
        char c = i < names.size() ? names[i] : ';';
        if (c != ',' && c != ';') {
            part += c;
            continue;
        }
        std::string name(trim(part));
        while (!name.empty() && name.back() == '.') name.pop_back();
        part.clear();
        if (name.starts_with("& ")) name = std::string(trim(std::string_view(name).substr(2)));
        if (!trim(name).empty() && name != "et al" && name != "et al.") {
            parts.push_back({std::string(trim(name)), only_commas && !parts.empty()});
            only_commas = true;
        }
        if (c == ';') only_commas = false;
    }
    return parts;
}

std::string without_emphasis(std::string_view text) {
    std::string out;
    for (char c : text)
        if (c != '*' && c != '_') out += c;
    return std::string(trim(out));
}

}  // namespace

std::vector<Author> authors_from_names(std::string_view text, const OwnerNames& owner) {
    std::vector<ListPart> parts = list_parts(text);
    bool all_one_word = std::all_of(parts.begin(), parts.end(), [](const ListPart& p) {
        return citation_word_count(p.name) == 1 && !is_initials(p.name);  // "Schneider, Bitsch", not "Costa, J."
    });
    std::vector<Author> out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        Author a = marked_author(parts[i].name);
        if (i + 1 < parts.size() && parts[i + 1].after_comma && !is_initials(a.name)) {
            Author given = marked_author(parts[i + 1].name);
            bool initials = is_initials(given.name);
            while (given.name.ends_with('.')) given.name.pop_back();
            std::string joined = given.name + (initials ? ". " : " ") + a.name;
            bool pair = (initials && citation_word_count(a.name) <= 4) ||
                        (is_surname(a.name) && citation_word_count(given.name) <= 3 && (!all_one_word || owner.match(joined)));
            if (pair) {
                a.name = joined;
                a.equal_contribution = a.equal_contribution || given.equal_contribution;
                ++i;
            }
        }
        if (a.name.empty()) continue;
        a.is_owner = a.is_owner || owner.match(a.name);
        out.push_back(std::move(a));
    }
    return out;
}

CitationParts parse_citation(std::string_view citation, const OwnerNames& owner) {
    CitationParts out;
    // Italics and bold marks out first ("_Venue._ Publisher" ends its venue at the dot, as read); a
    // name's lone "*" (equal contribution) stays for marked_author.
    std::string text(trim(sanitized_text(citation)));
    std::erase(text, '_');
    auto unstarred = [](std::string t) {  // after the names: "*Venue.* Publisher" as "Venue. Publisher"
        for (std::string_view mark : {"**", ".* ", ",* "})
            for (std::size_t at; (at = t.find(mark)) != std::string::npos;)
                t.replace(at, mark.size(), mark == "**" ? "" : std::string(1, mark[0]) + " ");
        return t;
    };
    // The year: "(2020)", "(2023, June 19)", "2019." — the first one not inside a title's quotes.
    static const std::regex year_re("(^|[\\s.,(])((1[89]|20)\\d\\d)[a-z]?(?=[).,;:\\s]|$)");
    std::smatch y;
    std::size_t year_at = std::string::npos, year_end = std::string::npos;
    if (std::regex_search(text, y, year_re)) {
        year_at = static_cast<std::size_t>(y.position(2));
        year_end = year_at + y.length(2);
        out.year = std::stoi(y[2].str());
    }
    std::size_t quote = std::min(text.find('"'), text.find("\xE2\x80\x9C"));  // " or “
    std::size_t cut = std::min(year_at, quote);
    if (cut == std::string::npos || cut == 0) return out;
    std::string names(trim(std::string_view(text).substr(0, cut)));
    while (!names.empty() && (names.back() == '(' || names.back() == ',' || names.back() == ' ')) names.pop_back();
    out.authors = authors_from_names(names, owner);
    // After the authors: the title (quoted, or the next sentence after the year), then the venue.
    std::string rest;
    if (quote < year_at) {
        std::size_t open_width = text.compare(quote, 1, "\"") == 0 ? 1 : 3;
        std::size_t close = std::min(text.find('"', quote + open_width), text.find("\xE2\x80\x9D", quote + open_width));
        if (close == std::string::npos) return out;
        out.title = text.substr(quote + open_width, close - quote - open_width);
        rest = text.substr(close + (text.compare(close, 1, "\"") == 0 ? 1 : 3));
    } else {
        std::string after = unstarred(text.substr(year_end));
        std::size_t start = after.find_first_not_of(").,;: ");
        if (start == std::string::npos) return out;
        after = after.substr(start);
        if (after.starts_with('"') || after.starts_with("\xE2\x80\x9C")) {
            std::size_t width = after.starts_with('"') ? 1 : 3;
            std::size_t close = std::min(after.find('"', width), after.find("\xE2\x80\x9D", width));
            if (close == std::string::npos) return out;
            out.title = after.substr(width, close - width);
            rest = after.substr(close + (after.compare(close, 1, "\"") == 0 ? 1 : 3));
        } else {
            std::size_t end = after.find(". ");
            out.title = after.substr(0, end);
            rest = end == std::string::npos ? "" : after.substr(end + 2);
        }
    }
    while (!out.title.empty() && (out.title.back() == '.' || out.title.back() == ',')) out.title.pop_back();
    out.title = without_emphasis(out.title);
    // The venue: up to its volume, pages or year ("Venue 12 (3): 45", "Venue, 12", "Venue (2020)").
    std::string venue(trim(unstarred(rest)));
    while (!venue.empty() && (venue.front() == '.' || venue.front() == ',' || venue.front() == ' ')) venue.erase(0, 1);
    if (venue.starts_with("In ")) venue.erase(0, 3);
    // "Report. Berkeley: ...": a work's type before its venue is not the venue.
    for (std::string_view type : {"Report. ", "Technical report. ", "Preprint. ", "Working paper. ", "Thesis. ", "Manuscript. "})
        if (venue.starts_with(type)) venue.erase(0, type.size());
    static const std::regex venue_end("(,\\s*\\d|\\s\\d|\\s\\(|\\.\\s|\\.$|,\\s*(vol|pp|doi|https?)[.:]?)");
    std::smatch v;
    if (std::regex_search(venue, v, venue_end)) venue.resize(static_cast<std::size_t>(v.position(0)));
    out.venue = without_emphasis(venue);
    return out;
}

}  // namespace vitae::cli

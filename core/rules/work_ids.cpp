#include "rules/work_ids.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <span>

#include "base/text.hpp"
#include "rules/text_fold.hpp"

namespace vitae {

namespace {

// Removes `prefix` (ASCII case ignored) from the front of `s`; whether it was there.
bool take_prefix(std::string_view& s, std::string_view prefix) {
    if (s.size() < prefix.size() || !equals_ignoring_case(s.substr(0, prefix.size()), prefix)) return false;
    s.remove_prefix(prefix.size());
    return true;
}

bool take_any(std::string_view& s, std::span<const std::string_view> prefixes) {
    return std::any_of(prefixes.begin(), prefixes.end(), [&s](std::string_view p) { return take_prefix(s, p); });
}
bool take_any(std::string_view& s, std::initializer_list<std::string_view> prefixes) {
    return take_any(s, std::span<const std::string_view>(prefixes.begin(), prefixes.size()));
}

int hex_value(char c) {
    if (is_ascii_digit(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// %XX decoded, white space left out.
std::string decoded(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
            out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
            i += 2;
        } else if (!is_blank(s[i])) {
            out += s[i];
        }
    }
    return out;
}

// The punctuation of the sentence a DOI was quoted in, after it: a full
// stop, comma, semicolon, colon, a quote, or a closing bracket it does not
// open itself.
void drop_trailing_punctuation(std::string& doi) {
    auto count = [&doi](char c) { return std::count(doi.begin(), doi.end(), c); };
    while (!doi.empty()) {
        char last = doi.back();
        bool unopened = (last == ')' && count(')') > count('(')) || (last == ']' && count(']') > count('[')) ||
                        (last == '>' && count('>') > count('<'));
        if (!unopened && std::string_view(".,;:\"'").find(last) == std::string_view::npos) return;
        doi.pop_back();
    }
}

// "10.<digits and dots>/<something>".
bool is_doi(std::string_view doi) {
    if (!doi.starts_with("10.")) return false;
    auto slash = doi.find('/');
    if (slash == std::string_view::npos || slash == 3 || slash + 1 == doi.size()) return false;
    return std::all_of(doi.begin() + 3, doi.begin() + static_cast<std::ptrdiff_t>(slash),
                       [](char c) { return is_ascii_digit(c) || c == '.'; });
}

// Where a DOI is resolved: doi.org, and the proxies ACM's and the IEEE
// Computer Society's libraries wrote (DBLP and old .bib files still do), and
// the Handle System a DOI is a handle of.
constexpr std::string_view resolvers[] = {"doi.org/", "dx.doi.org/", "doi.acm.org/", "doi.ieeecomputersociety.org/",
                                          "hdl.handle.net/"};

std::optional<std::string> doi_in(std::string_view text) {
    std::string_view s = trim(text);
    while (!s.empty() && std::string_view("([<\"'").find(s.front()) != std::string_view::npos)
        s.remove_prefix(1);  // quoted
    if (take_any(s, {"https://", "http://"})) {
        take_prefix(s, "www.");
        if (!take_any(s, resolvers)) return std::nullopt;  // a URL elsewhere names no DOI
    } else {
        take_any(s, resolvers);
    }
    if (!take_any(s, {"doi:", "info:doi/", "urn:doi:"})) take_prefix(s, "doi ");
    std::string doi = decoded(s);
    drop_trailing_punctuation(doi);
    if (!is_doi(doi)) return std::nullopt;
    return doi;
}

// "2401.01234", "hep-th/9901001", "math.gt/0309136" (lower case, no version).
bool is_arxiv_id(std::string_view id) {
    auto digits = [](std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), is_ascii_digit); };
    if (auto dot = id.find('.'); dot == 4 && id.find('/') == std::string_view::npos)
        return digits(id.substr(0, 4)) && digits(id.substr(5)) && (id.size() == 9 || id.size() == 10);
    auto slash = id.find('/');
    if (slash == std::string_view::npos || !digits(id.substr(slash + 1)) || id.size() - slash - 1 != 7) return false;
    std::string_view archive = id.substr(0, slash);
    if (auto dot = archive.find('.'); dot != std::string_view::npos) {  // math.GT: a subject class of two letters
        if (archive.size() - dot - 1 != 2) return false;
        archive = archive.substr(0, dot);
    }
    return !archive.empty() && is_ascii_letter(archive.front()) &&
           std::all_of(archive.begin(), archive.end(), [](char c) { return is_ascii_letter(c) || c == '-'; });
}

// "2401.01234v2" -> "2401.01234".
void drop_version(std::string& id) {
    auto v = id.rfind('v');
    if (v == std::string::npos || v == 0 || v + 1 == id.size() || !is_ascii_digit(id[v - 1])) return;
    if (std::all_of(id.begin() + static_cast<std::ptrdiff_t>(v) + 1, id.end(), is_ascii_digit)) id.resize(v);
}

}  // namespace

std::string bare_doi(std::string_view text) {
    auto doi = doi_in(text);
    return doi ? *doi : std::string(trim(text));
}

std::string doi_key(std::string_view text) {
    auto doi = doi_in(text);
    return doi ? ascii_lower(*doi) : std::string();
}

std::string arxiv_key(std::string_view text) {
    std::string_view s = trim(text);
    std::string from_doi;
    if (auto doi = doi_in(s)) {  // arXiv's own DOI names its id
        from_doi = ascii_lower(*doi);
        s = from_doi;
        if (!take_prefix(s, "10.48550/arxiv.")) return "";
    } else if (take_any(s, {"https://", "http://"})) {
        take_any(s, {"www.", "export."});
        if (!take_prefix(s, "arxiv.org/") || !take_any(s, {"abs/", "pdf/", "html/"})) return "";
        if (s.size() > 4 && equals_ignoring_case(s.substr(s.size() - 4), ".pdf")) s.remove_suffix(4);
    }
    take_prefix(s, "arxiv:");
    std::string id = ascii_lower(trim(s));
    while (!id.empty() && id.back() == '/') id.pop_back();
    drop_version(id);
    return is_arxiv_id(id) ? id : std::string();
}

}  // namespace vitae

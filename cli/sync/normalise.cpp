// The keys works are matched by (merge.hpp).
#include "cli/sync/merge.hpp"

namespace vitae::cli::sync {

namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (lower(s[i]) != prefix[i]) return false;
    return true;
}

// The base letter of U+00C0..U+00FF (the second byte after 0xC3), 0 for none.
char latin1_base(unsigned char second) {
    static constexpr const char* table =  // U+00C0 .. U+00FF
        "aaaaaaeceeeeiiiidnooooo0ouuuuyts"
        "aaaaaaeceeeeiiiidnooooo0ouuuuyty";
    if (second < 0x80 || second > 0xBF) return 0;
    char c = table[second - 0x80];
    return c == '0' ? 0 : c;
}

}  // namespace

std::string normal_doi(std::string_view doi) {
    while (!doi.empty() && doi.front() == ' ') doi.remove_prefix(1);
    while (!doi.empty() && doi.back() == ' ') doi.remove_suffix(1);
    for (std::string_view prefix : {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"})
        if (starts_with_nocase(doi, prefix)) {
            doi.remove_prefix(prefix.size());
            break;
        }
    std::string out;
    for (char c : doi) out += lower(c);  // DOIs are case-insensitive (ASCII)
    return out.rfind("10.", 0) == 0 ? out : std::string();
}

std::string normal_arxiv(std::string_view arxiv) {
    if (starts_with_nocase(arxiv, "arxiv:")) arxiv.remove_prefix(6);
    std::string out;
    for (char c : arxiv) out += lower(c);
    // A version ("v2") is the same work.
    if (auto v = out.rfind('v'); v != std::string::npos && v + 1 < out.size() && v > 0 &&
                                 out.find_first_not_of("0123456789", v + 1) == std::string::npos)
        out.erase(v);
    while (!out.empty() && (out.back() == '/' || out.back() == ' ')) out.pop_back();
    return out;
}

std::string normal_title(std::string_view title) {
    std::string out;
    for (std::size_t i = 0; i < title.size(); ++i) {
        auto c = static_cast<unsigned char>(title[i]);
        if (c < 0x80) {
            char l = lower(static_cast<char>(c));
            if ((l >= 'a' && l <= 'z') || (l >= '0' && l <= '9')) out += l;
            continue;
        }
        if (c == 0xC3 && i + 1 < title.size()) {  // Latin-1 letters: their base letter
            if (char base = latin1_base(static_cast<unsigned char>(title[i + 1]))) out += base;
            ++i;
            continue;
        }
        if ((c == 0xCC || (c == 0xCD && i + 1 < title.size() && static_cast<unsigned char>(title[i + 1]) < 0xB0)) &&
            i + 1 < title.size()) {  // combining marks U+0300..U+036F: dropped
            ++i;
            continue;
        }
        if (c == 0xE2 && i + 2 < title.size() && static_cast<unsigned char>(title[i + 1]) == 0x80) {
            i += 2;  // general punctuation U+2000..U+203F (dashes, quotes): dropped
            continue;
        }
        out += static_cast<char>(c);  // other scripts: kept as they are
    }
    return out;
}

}  // namespace vitae::cli::sync

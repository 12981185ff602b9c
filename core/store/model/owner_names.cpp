#include "store/model/owner_names.hpp"

#include <algorithm>
#include <array>
#include <iterator>

#include "base/text.hpp"

namespace vitae {

namespace {

// The plain letters of U+00C0..U+017F (Latin-1 letters, Latin Extended-A),
// lower case; "" for the two signs among them (× ÷).
struct Fold {
    char32_t first;
    char32_t last;
    const char* plain;
};
constexpr Fold folds[] = {
    {0x00C0, 0x00C5, "a"}, {0x00C6, 0x00C6, "ae"}, {0x00C7, 0x00C7, "c"}, {0x00C8, 0x00CB, "e"},
    {0x00CC, 0x00CF, "i"}, {0x00D0, 0x00D0, "d"}, {0x00D1, 0x00D1, "n"}, {0x00D2, 0x00D6, "o"},
    {0x00D7, 0x00D7, ""}, {0x00D8, 0x00D8, "o"}, {0x00D9, 0x00DC, "u"}, {0x00DD, 0x00DD, "y"},
    {0x00DE, 0x00DE, "th"}, {0x00DF, 0x00DF, "ss"}, {0x00E0, 0x00E5, "a"}, {0x00E6, 0x00E6, "ae"},
    {0x00E7, 0x00E7, "c"}, {0x00E8, 0x00EB, "e"}, {0x00EC, 0x00EF, "i"}, {0x00F0, 0x00F0, "d"},
    {0x00F1, 0x00F1, "n"}, {0x00F2, 0x00F6, "o"}, {0x00F7, 0x00F7, ""}, {0x00F8, 0x00F8, "o"},
    {0x00F9, 0x00FC, "u"}, {0x00FD, 0x00FD, "y"}, {0x00FE, 0x00FE, "th"}, {0x00FF, 0x00FF, "y"},
    {0x0100, 0x0105, "a"}, {0x0106, 0x010D, "c"}, {0x010E, 0x0111, "d"}, {0x0112, 0x011B, "e"},
    {0x011C, 0x0123, "g"}, {0x0124, 0x0127, "h"}, {0x0128, 0x0131, "i"}, {0x0132, 0x0133, "ij"},
    {0x0134, 0x0135, "j"}, {0x0136, 0x0138, "k"}, {0x0139, 0x0142, "l"}, {0x0143, 0x014B, "n"},
    {0x014C, 0x0151, "o"}, {0x0152, 0x0153, "oe"}, {0x0154, 0x0159, "r"}, {0x015A, 0x0161, "s"},
    {0x0162, 0x0167, "t"}, {0x0168, 0x0173, "u"}, {0x0174, 0x0175, "w"}, {0x0176, 0x0178, "y"},
    {0x0179, 0x017E, "z"}, {0x017F, 0x017F, "s"},
    // Latin Extended-B as Romanian, Pinyin and Vietnamese write names.
    {0x01A0, 0x01A1, "o"}, {0x01AF, 0x01B0, "u"}, {0x01CD, 0x01CE, "a"}, {0x01CF, 0x01D0, "i"},
    {0x01D1, 0x01D2, "o"}, {0x01D3, 0x01DC, "u"}, {0x0218, 0x0219, "s"}, {0x021A, 0x021B, "t"},
    // Spaces, hyphens and apostrophes typesetting writes.
    {0x00A0, 0x00A0, " "}, {0x2010, 0x2011, "-"}, {0x2018, 0x2019, "'"}, {0x02BC, 0x02BC, "'"},
};

bool is_combining(char32_t cp) {
    return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x1AB0 && cp <= 0x1AFF) || (cp >= 0x1DC0 && cp <= 0x1DFF) ||
           (cp >= 0x20D0 && cp <= 0x20FF);
}

// Past the last code point: a byte that starts no valid sequence, as
// invalid_byte + the byte (kept as it is, so nothing is lost for comparing).
constexpr char32_t invalid_byte = 0x110000;

// The code point at `at` and its length.
std::pair<char32_t, std::size_t> next_code_point(std::string_view s, std::size_t at) {
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    unsigned char b = byte(at);
    std::size_t length = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || at + length > s.size()) return {invalid_byte + b, 1};
    char32_t cp = length == 1 ? b : length == 2 ? (b & 0x1F) : length == 3 ? (b & 0x0F) : (b & 0x07);
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0) != 0x80) return {invalid_byte + b, 1};
        cp = (cp << 6) | (byte(at + i) & 0x3F);
    }
    return {cp, length};
}

// Dropped wherever they stand: they say what the person is, not who.
bool is_title(std::string_view word) {
    static constexpr std::array<std::string_view, 17> titles{
        "dr", "prof", "professor", "mr", "mrs", "ms", "mx", "phd", "dphil", "md", "msc", "mba",
        "jr", "sr", "ii", "iii", "iv"};
    std::string key;
    for (char c : word)
        if (c != '.') key += c;
    return std::find(titles.begin(), titles.end(), key) != titles.end();
}

// The words of one comma-separated part, titles left out, each split at
// dots ("R.S." is r, s); a hyphen only separates given names.
std::vector<std::string> words_of(std::string_view part) {
    std::vector<std::string> words;
    std::string word;
    auto flush = [&] {
        if (!word.empty() && !is_title(word)) {
            std::string token;
            for (char c : word) {
                if (c == '.') {
                    while (!token.empty() && token.back() == '-') token.pop_back();
                    if (!token.empty()) words.push_back(token);
                    token.clear();
                } else if (!(c == '-' && token.empty())) {
                    token += c;
                }
            }
            while (!token.empty() && token.back() == '-') token.pop_back();
            if (!token.empty()) words.push_back(token);
        }
        word.clear();
    };
    for (char c : part) {
        if (is_blank(c) || c == '~') flush();
        else if (c != '\'' && c != '{' && c != '}' && c != '*') word += c;
    }
    flush();
    return words;
}

std::string surname_of(const std::vector<std::string>& words, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < words.size(); ++i)
        for (char c : words[i])
            if (c != '-') out += c;
    return out;
}

std::vector<std::string> given_of(const std::vector<std::string>& words, std::size_t to) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < to; ++i) {
        std::size_t at = 0;
        while (at <= words[i].size()) {
            auto dash = words[i].find('-', at);
            if (dash == std::string::npos) dash = words[i].size();
            if (dash > at) out.push_back(words[i].substr(at, dash - at));
            at = dash + 1;
        }
    }
    return out;
}

// A given name and an initial of it, or the same name.
bool same_given(const std::string& a, const std::string& b) {
    if (a == b) return true;
    if (a.size() == 1) return b.front() == a.front();
    if (b.size() == 1) return a.front() == b.front();
    return false;
}

// The rest of `shorter` matched in order within `longer` from `at`.
bool rest_in_order(const std::vector<std::string>& shorter, std::size_t from, const std::vector<std::string>& longer,
                   std::size_t at) {
    for (std::size_t i = from; i < shorter.size(); ++i) {
        while (at < longer.size() && !same_given(shorter[i], longer[at])) ++at;
        if (at == longer.size()) return false;
        ++at;
    }
    return true;
}

bool given_agree(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    if (a.empty() || b.empty()) return false;
    const auto& shorter = a.size() <= b.size() ? a : b;
    const auto& longer = a.size() <= b.size() ? b : a;
    if (same_given(shorter[0], longer[0])) return rest_in_order(shorter, 1, longer, 1);
    if (shorter[0].size() < 2) return false;  // "A. Blini" is not "Elvio A. Blini"
    for (std::size_t k = 1; k < longer.size(); ++k)
        if (shorter[0] == longer[k]) return rest_in_order(shorter, 1, longer, k + 1);
    return false;
}

bool readings_agree(const std::vector<NameReading>& a, const std::vector<NameReading>& b) {
    for (const auto& x : a)
        for (const auto& y : b)
            if (!x.surname.empty() && x.surname == y.surname && given_agree(x.given, y.given)) return true;
    return false;
}

}  // namespace

std::string fold_name(std::string_view name) {
    std::string out;
    for (std::size_t at = 0; at < name.size();) {
        auto [cp, length] = next_code_point(name, at);
        at += length;
        if (cp < 0x80) {
            out += static_cast<char>(cp >= 'A' && cp <= 'Z' ? cp - 'A' + 'a' : cp);
            continue;
        }
        if (cp >= invalid_byte) {
            out += static_cast<char>(cp - invalid_byte);
            continue;
        }
        if (is_combining(cp)) continue;
        auto fold = std::find_if(std::begin(folds), std::end(folds), [code = cp](const Fold& f) { return code >= f.first && code <= f.last; });
        if (fold != std::end(folds)) out += fold->plain;
        else append_utf8(out, cp);
    }
    return out;
}

std::vector<NameReading> name_readings(std::string_view name) {
    std::string folded = fold_name(name);
    std::vector<std::vector<std::string>> parts;  // the comma-separated parts that are not only titles
    std::size_t at = 0;
    while (at <= folded.size()) {
        auto comma = folded.find(',', at);
        if (comma == std::string::npos) comma = folded.size();
        auto words = words_of(std::string_view(folded).substr(at, comma - at));
        if (!words.empty()) parts.push_back(std::move(words));
        at = comma + 1;
    }
    std::vector<NameReading> readings;
    if (parts.size() >= 2) {  // "Last, First" or "Last, Jr, First"
        readings.push_back({surname_of(parts.front(), 0), given_of(parts.back(), parts.back().size())});
    } else if (parts.size() == 1) {
        const auto& words = parts.front();
        if (words.size() == 1) readings.push_back({surname_of(words, 0), {}});
        for (std::size_t split = 1; split < words.size(); ++split)
            readings.push_back({surname_of(words, split), given_of(words, split)});
    }
    return readings;
}

bool same_person(std::string_view a, std::string_view b) {
    std::string key = name_key(a);
    if (key.empty()) return false;
    return key == name_key(b) || readings_agree(name_readings(a), name_readings(b));
}

std::string name_key(std::string_view name) {
    name = trim(name);
    std::string turned;
    if (auto comma = name.find(','); comma != std::string_view::npos)
        turned = std::string(trim(name.substr(comma + 1))) + " " + std::string(trim(name.substr(0, comma)));
    else
        turned = name;
    std::string key;
    for (char c : ascii_lower(turned)) {
        bool space = c == '.' || is_blank(c) || c == '~';
        if (space) {
            if (!key.empty() && key.back() != ' ') key += ' ';
        } else {
            key += c;
        }
    }
    while (!key.empty() && key.back() == ' ') key.pop_back();
    return key;
}

bool OwnerNames::match(std::string_view author) const { return OwnerMatcher(*this).match(author); }

OwnerMatcher::OwnerMatcher(const OwnerNames& owner) : profile_(name_readings(owner.name)) {
    auto add = [this](const std::string& name) {
        std::string key = name_key(name);
        if (key.empty()) return;
        keys_.push_back(key);
        auto readings = name_readings(name);
        readings_.insert(readings_.end(), readings.begin(), readings.end());
    };
    add(owner.name);
    for (const auto& variant : owner.variants) add(variant);
}

bool OwnerMatcher::match(std::string_view author) const {
    std::string key = name_key(author);
    if (key.empty()) return false;
    if (std::find(keys_.begin(), keys_.end(), key) != keys_.end()) return true;
    for (const auto& reading : name_readings(author)) {
        if (!readings_agree(readings_, {reading})) continue;
        // An abbreviated variant ("Zhang, H.") does not make another
        // given name of the profile's surname ("Hao Zhang") the owner.
        bool other = std::any_of(profile_.begin(), profile_.end(), [&](const NameReading& p) {
            return p.surname == reading.surname && !p.given.empty() && !given_agree(p.given, reading.given);
        });
        if (!other) return true;
    }
    return false;
}

}  // namespace vitae

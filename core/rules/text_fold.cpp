#include "rules/text_fold.hpp"

#include <algorithm>
#include <iterator>

#include "base/utf8.hpp"

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

}  // namespace

CodePoint code_point_at(std::string_view s, std::size_t at) {
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    unsigned char b = byte(at);
    std::size_t length = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || at + length > s.size()) return {not_utf8 + b, 1};
    char32_t cp = length == 1 ? b : length == 2 ? (b & 0x1F) : length == 3 ? (b & 0x0F) : (b & 0x07);
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0) != 0x80) return {not_utf8 + b, 1};
        cp = (cp << 6) | (byte(at + i) & 0x3F);
    }
    return {cp, length};
}

std::string fold_for_comparing(std::string_view text) {
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        auto [cp, length] = code_point_at(text, at);
        at += length;
        if (cp < 0x80) {
            out += static_cast<char>(cp >= 'A' && cp <= 'Z' ? cp - 'A' + 'a' : cp);
            continue;
        }
        if (cp >= not_utf8) {
            out += static_cast<char>(cp - not_utf8);
            continue;
        }
        if (is_combining(cp)) continue;
        auto fold = std::find_if(std::begin(folds), std::end(folds), [code = cp](const Fold& f) { return code >= f.first && code <= f.last; });
        if (fold != std::end(folds)) out += fold->plain;
        else append_utf8(out, cp);
    }
    return out;
}

}  // namespace vitae

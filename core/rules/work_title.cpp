#include "rules/work_title.hpp"

#include <algorithm>
#include <iterator>

#include "base/text.hpp"
#include "base/utf8.hpp"
#include "rules/text_fold.hpp"

namespace vitae {

namespace {


// TeX commands that are letters or words ("{\o}rsted" is "ørsted"), as
// text_fold spells their letters; any other command's name is not text.
struct TexWord {
    std::string_view command, text;
};
constexpr TexWord tex_words[] = {{"o", "o"},   {"O", "o"},     {"ss", "ss"},       {"ae", "ae"},
                                 {"AE", "ae"}, {"oe", "oe"},   {"OE", "oe"},       {"aa", "a"},
                                 {"AA", "a"},  {"l", "l"},     {"L", "l"},         {"i", "i"},
                                 {"j", "j"},   {"TeX", "TeX"}, {"LaTeX", "LaTeX"}, {"BibTeX", "BibTeX"}};

// The command at `at` (a backslash) written out; returns where the text goes on.
std::size_t tex_command(std::string_view s, std::size_t at, std::string& out) {
    std::size_t end = at + 1;
    while (end < s.size() && is_ascii_letter(s[end])) ++end;
    if (end > at + 1) {
        std::string_view name = s.substr(at + 1, end - at - 1);
        auto word = std::find_if(std::begin(tex_words), std::end(tex_words),
                                 [name](const TexWord& w) { return w.command == name; });
        if (word != std::end(tex_words)) out += word->text;
        return end;
    }
    if (end == s.size()) return end;
    if (std::string_view("'`^\"~=.").find(s[end]) == std::string_view::npos) out += ' ';  // \\, \&, \%: not letters
    return end + 1;  // an accent: the letter after it stays
}

// A tag ("<i>", "</sub>", "<mml:mi mathvariant=\"bold\">"): its length, 0
// when none starts at `at`. "a < b" and "<Top-k>" without a closing '>'
// before the next '<' are text.
std::size_t tag_length(std::string_view s, std::size_t at) {
    std::size_t i = at + 1;
    if (i < s.size() && s[i] == '/') ++i;
    if (i >= s.size() || !is_ascii_letter(s[i])) return 0;
    for (; i < s.size(); ++i) {
        if (s[i] == '<') return 0;
        if (s[i] == '>') return i + 1 - at;
    }
    return 0;
}

// A character reference ("&amp;", "&#233;", "&#xE9;") written out: a
// number as its character, a name as a gap (the names titles carry are
// punctuation: amp, quot, lt, nbsp). Its length; 0 when none starts at `at`.
std::size_t reference(std::string_view s, std::size_t at, std::string& out) {
    constexpr std::size_t longest = 12;
    auto semicolon = s.find(';', at);
    if (semicolon == std::string_view::npos || semicolon - at > longest || semicolon - at < 3) return 0;
    std::string_view body = s.substr(at + 1, semicolon - at - 1);
    if (body.front() != '#') {
        if (!std::all_of(body.begin(), body.end(), is_ascii_letter)) return 0;
        out += ' ';
        return semicolon + 1 - at;
    }
    bool hex = body.size() > 1 && (body[1] == 'x' || body[1] == 'X');
    std::string_view digits = body.substr(hex ? 2 : 1);
    if (digits.empty() || !std::all_of(digits.begin(), digits.end(), hex ? is_ascii_hex : is_ascii_digit)) return 0;
    char32_t cp = 0;
    for (char c : digits) {
        auto digit = static_cast<char32_t>(is_ascii_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
        cp = std::min<char32_t>(cp * (hex ? 16 : 10) + digit, 0x110000);  // past Unicode: refused below
    }
    if (cp == 0 || cp >= 0x110000 || (cp >= 0xD800 && cp <= 0xDFFF))
        out += ' ';
    else
        append_utf8(out, cp);
    return semicolon + 1 - at;
}

// The title with its TeX and HTML resolved: braces and dollars as nothing.
std::string without_markup(std::string_view title) {
    std::string out;
    for (std::size_t i = 0; i < title.size();) {
        char c = title[i];
        std::size_t n = 0;
        if (c == '{' || c == '}' || c == '$') {
            ++i;
        } else if (c == '\\') {
            i = tex_command(title, i, out);
        } else if (c == '<' && (n = tag_length(title, i)) > 0) {
            out += ' ';
            i += n;
        } else if (c == '&' && (n = reference(title, i, out)) > 0) {
            i += n;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

// Punctuation and symbols outside ASCII: Latin-1's (but µ), general
// punctuation, currency, letterlike symbols (™, №), arrows to dingbats
// (math operators: − ≤ ×), supplemental and CJK punctuation, fullwidth forms.
struct Range {
    char32_t first, last;
};
constexpr Range not_words[] = {{0x00A0, 0x00B4}, {0x00B6, 0x00BF}, {0x2000, 0x206F}, {0x20A0, 0x20CF}, {0x2100, 0x214F},
                               {0x2190, 0x2BFF}, {0x2E00, 0x2E7F}, {0x3000, 0x303F}, {0xFE10, 0xFE1F}, {0xFE30, 0xFE6F},
                               {0xFF01, 0xFF0F}, {0xFF1A, 0xFF20}, {0xFF3B, 0xFF40}, {0xFF5B, 0xFF65}};

bool in_word(char32_t cp) {
    if (cp < 0x80) return is_ascii_digit(static_cast<char>(cp)) || is_ascii_letter(static_cast<char>(cp));
    if (cp >= not_utf8) return true;  // kept as it is
    return std::none_of(std::begin(not_words), std::end(not_words),
                        [cp](const Range& r) { return cp >= r.first && cp <= r.last; });
}

}  // namespace

std::string title_words(std::string_view title) {
    std::string folded = fold_for_comparing(without_markup(title));
    std::string out;
    bool gap = false;
    for (std::size_t at = 0; at < folded.size();) {
        auto [cp, length] = code_point_at(folded, at);
        if (in_word(cp)) {
            if (gap && !out.empty()) out += ' ';
            gap = false;
            out.append(folded, at, length);
        } else {
            gap = true;
        }
        at += length;
    }
    return out;
}

std::string title_key(std::string_view title) {
    std::string key = title_words(title);
    std::erase(key, ' ');
    return key;
}

}  // namespace vitae

// The tables behind the TeX -> MathML converter (math_convert): which TeX
// command is which MathML token, the function names, the font alphabets,
// accents, spaces and delimiter sizes. Data only, so a missing symbol is a
// one-line change here and the parser never grows a special case.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace vitae::math {

// MathML Core has no mathvariant but "normal" on <mi>: bold, blackboard,
// script... letters are Unicode's Mathematical Alphanumeric Symbols.
enum class Variant { none, normal, bold, italic, bold_italic, script, fraktur, double_struck, sans_serif, monospace };

// `c` (a letter or digit) in `variant`'s alphabet, as UTF-8; other bytes as they are.
std::string styled(char c, Variant variant);

enum class SymbolKind {
    ordinary,     // <mi>
    op,           // <mo>: binary, relation, punctuation, arrow
    fence,        // <mo> that \left, \right and \big may stretch; stretchy="false" elsewhere
    large,        // n-ary operator whose scripts are limits (munderover): \sum, \bigcup
    integral,     // n-ary operator whose scripts stay scripts: \int
};

struct Symbol {
    std::string_view command;  // without the backslash
    SymbolKind kind;
    std::string_view text;     // UTF-8
};

const Symbol* find_symbol(std::string_view command);

// \log, \max...: upright names; `limits` when display style puts their scripts under (\lim, \max).
struct Function {
    std::string_view command;
    std::string_view text;
    bool limits;
};
const Function* find_function(std::string_view command);

// \mathbf{...}, \boldsymbol{...}: the variant; also \rm, \bf (switches) with `switch_only`.
std::optional<Variant> font_command(std::string_view command);
std::optional<Variant> font_switch(std::string_view command);
// \text, \textbf, \mbox...: the variant of its letters.
std::optional<Variant> text_command(std::string_view command);

struct Accent {
    std::string_view command;
    std::string_view mark;
    bool under;    // \underline, \underbrace: below the base
    bool stretch;  // \widehat, \overline, \overbrace...: as wide as the base
};
const Accent* find_accent(std::string_view command);

// \, \quad...: the width as CSS, e.g. "0.1667em".
std::optional<std::string_view> space_width(std::string_view command);

// \big, \Bigl...: the delimiter's size, e.g. "1.2em".
std::optional<std::string_view> big_size(std::string_view command);

// \tiny ... \Huge: the size as CSS, e.g. "2.074em".
std::optional<std::string_view> font_size(std::string_view command);

// A code point (UTF-8 at the start of `text`) that is an operator in the
// math Unicode blocks (arrows, relations, n-ary), so written as <mo>.
bool is_unicode_operator(std::string_view utf8);

}  // namespace vitae::math

// LaTeX as BibTeX values hold it <-> the plain UTF-8 text the site shows.
// Decoding knows accents, the usual symbols, dashes, protecting braces and
// font commands; math ($...$, $$...$$) is kept as written, delimiters
// included, for the page to typeset; anything else (unknown commands) is
// refused rather than guessed (Error, saying what without file or line: the caller knows
// where the value was), so a page never shows a stray backslash. Encoding produces
// what decoding reads back to the same text (tests/unit/render/cite/cli_latex_test.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vitae {

// Whitespace runs (newlines included) become one space, ends trimmed, as
// BibTeX does; `~` is a plain space; -- and --- are en and em dashes. A
// backslash before a non-ASCII letter ("D\ć", a half-converted accent) is
// dropped, the letter kept: no TeX command is spelled so.
std::string latex_to_utf8(std::string_view tex);

struct DecodedTex {
    std::string text;                            // as latex_to_utf8 gives it
    std::vector<std::string> stray_backslashes;  // each letter a dropped backslash stood before, whole
};
// The same decoding, saying what it dropped, for the caller to warn about.
DecodedTex decode_latex(std::string_view tex);

// Escapes TeX specials and writes accented Latin letters as {\'e}; other
// non-ASCII text stays UTF-8. "--" in the text is written -{}- so it stays two
// hyphens. Runs of blanks outside math are one space, the ends trimmed: what
// BibTeX reads them as, so the value reads back to what it wrote.
std::string utf8_to_latex(std::string_view text);

// The length of the math span ($...$, $$...$$ or \(...\)) starting at `at`,
// or 0 when none starts there or it has no end (then a dollar is a dollar).
// The one rule for where math is in a value: the decoder and the encoder keep
// such a span as written, and the producers' markup is resolved only
// outside one (bibtex/field_markup), so math round-trips unchanged.
std::size_t tex_math_length(std::string_view text, std::size_t at);

// Splits at `separator` where it stands outside braces; parts are trimmed.
std::vector<std::string_view> split_outside_braces(std::string_view tex, char separator);
// Splits an author list at the word "and" (any case) outside braces.
std::vector<std::string_view> split_names(std::string_view tex);

}  // namespace vitae

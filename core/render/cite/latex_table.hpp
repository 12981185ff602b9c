// The LaTeX spellings of accented letters and symbols that BibTeX files use,
// as data, shared by the decoder (import) and the encoder (export) so the two
// can never disagree about a letter.
#pragma once

#include <span>
#include <string_view>

namespace vitae {

// `accent` applied to the i-th letter of `bases` gives the i-th UTF-8
// character of `composed`. `combining` is the Unicode combining mark used for
// a base letter the row does not list.
struct AccentRow {
    std::string_view accent;  // "'" for \'e, "c" for \c{c}
    std::string_view bases;
    std::string_view composed;
    std::string_view combining;
};

// Control words that stand for one character or none: {\ss}, \&, \textendash.
struct Symbol {
    std::string_view command;  // without the backslash
    std::string_view utf8;
    bool letter;  // exported as {\command}: a letter, part of a word
};

std::span<const AccentRow> accent_rows();
std::span<const Symbol> symbols();
// \textsc{X}, \emph{X}...: the command is dropped and X kept as plain text.
bool is_formatting_command(std::string_view command);

}  // namespace vitae

// A BibTeX reader that reads what BibTeX and biber read: entries with their
// fields, @string macros expanded and # concatenations joined, @comment and
// @preamble skipped, and any text between entries taken as a comment (Jekyll
// front matter, notes, JabRef's metadata). Values stay raw TeX for latex.hpp
// to decode, because only the field's meaning says how to read it (a URL is
// not TeX).
//
// One bad entry never stops the others: it is reported at the line where it
// starts (and the line where it broke) and the reader goes on at the next
// line that starts with '@'. What BibTeX only
// warns about is a warning here too, and the entry is kept: an undefined
// macro keeps its name as the value, a repeated field is used once and kept,
// a repeated key (BibTeX ignores case) is kept for the importer to judge.
//
// Why not btparse (libbtparse-dev, the C library under Text::BibTeX): it
// reads BibTeX just as well, but it post-processes values as it parses
// (macros expanded, whitespace collapsed, the delimiters gone), so a field
// could not be kept and written back as the owner's file has it; its error
// recovery is per file position, not per entry with the entry's line; and
// it keeps state in globals, where this reader is a value. The cases it is
// known for (comments between entries, @string, #, bare words, ( ) entries)
// are tests here (tests/unit/bibtex/bibtex_test.cpp), and 41 real files from 14
// producers import whole (tests/unit/cli/run/cli_real_bibtex_test.cpp).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"

namespace vitae {


struct BibField {
    std::string name;   // lower case
    std::string value;  // raw TeX, outer delimiters removed
    int line = 0;       // where the field name stands
};

struct BibEntry {
    std::string type;              // lower case, e.g. "inproceedings"
    std::string key;               // as written
    int line = 0;                  // where the '@' stands
    std::vector<BibField> fields;  // in file order; a repeated name is kept (and warned about)

    const BibField* find(std::string_view name) const;  // the first of that name
};

struct BibProblem {
    int line = 0;
    std::string message;
    std::string key;       // the entry's key, when it was read that far
    bool skipped = true;   // false: a warning, the entry was kept
};

struct BibFile {
    std::string name;  // as given, for messages
    std::vector<BibEntry> entries;
    std::vector<BibProblem> problems;  // in file order
};

// A problem at a place: "FILE:LINE: message". Also used by the importer for
// what the mapping finds wrong with an entry.
class BibError : public Error {
public:
    BibError(std::string_view file, int line, std::string_view message);
    int line() const { return line_; }

private:
    int line_;
};

// "papers.bib:12: skipped @misc{x}: ..." or "papers.bib:3: warning: ...".
std::string describe(const BibFile& file, const BibProblem& problem);

BibFile parse_bibtex(std::string_view text, std::string_view file_name);
// Reads and parses a file; throws Error only when it cannot be read or is
// over limits::max_bibtex_bytes.
BibFile read_bibtex_file(const std::filesystem::path& path);

}  // namespace vitae

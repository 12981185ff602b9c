// A BibTeX reader: entries with their fields, @string macros expanded and #
// concatenations joined, @comment and @preamble skipped, `%` line comments
// between entries. Values stay raw TeX (braces, accents) for latex.hpp to
// decode, because only the field's meaning says how to read it (a URL is not
// TeX). Malformed input is refused as "FILE:LINE: message", never skipped.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "error.hpp"

namespace vitae::cli {

inline constexpr std::size_t max_bibtex_bytes = 16 * 1024 * 1024;  // a lifetime of papers is ~100 KB

struct BibField {
    std::string name;   // lower case
    std::string value;  // raw TeX, outer delimiters removed
    int line = 0;       // where the field name stands
};

struct BibEntry {
    std::string type;              // lower case, e.g. "inproceedings"
    std::string key;               // as written
    int line = 0;                  // where the '@' stands
    std::vector<BibField> fields;  // in file order, names unique

    const BibField* find(std::string_view name) const;
};

class BibError : public Error {
public:
    BibError(std::string_view file, int line, std::string_view message);
    int line() const { return line_; }

private:
    int line_;
};

std::vector<BibEntry> parse_bibtex(std::string_view text, std::string_view file_name);
// Reads and parses a file, refusing one over max_bibtex_bytes.
std::vector<BibEntry> read_bibtex_file(const std::filesystem::path& path);

}  // namespace vitae::cli

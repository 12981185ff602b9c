// Runs of plain template text folded into one piece each, for speed only.
// kainjow's parser makes every space, tab and newline of a template's text a
// component of its own, and a render visits each through a std::function:
// the home page (its 12 KB of CSS among them) was thousands of visits per
// render. Here each long run becomes one unescaped variable, {{{<US>N}}},
// whose value RenderContext takes from a table by number, so the output is
// the same bytes: text components only append to the line kainjow buffers,
// and only a newline (a line ending with a section tag and nothing but
// whitespace is dropped there) does anything else, so the newlines that end
// a line holding a tag stay where they are; only whole lines of text
// between them are folded.
#pragma once

#include <kainjow/mustache.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace vitae {

// The first character of a folded run's name: never in a template's own names.
inline constexpr char literal_mark = '\x1f';

// `source` with its runs of text of at least `min_pieces` kainjow components
// folded; each run's text is appended to `literals`, its name the index.
// A source that changes delimiters ({{=...=}}) or holds a '\r' is returned as it is.
std::string fold_literal_runs(std::string_view source, std::vector<kainjow::mustache::data>& literals,
                              std::size_t min_pieces = 3);

}  // namespace vitae

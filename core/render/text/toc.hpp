// A post's table of contents: its h2 and h3 headings, linked by the ids
// with_heading_ids() gave them. Shown when a post has at least
// toc_min_headings of them: a short post reads better without one, and the
// owner needs no switch to set (templates/README.md).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace vitae {

inline constexpr std::size_t toc_min_headings = 3;

struct TocEntry {
    int level = 2;          // 2 or 3
    std::string id;         // the heading's id, without '#'
    std::string text_html;  // the heading's text, tags dropped (still HTML-escaped, as the body had it)
};

// The h2/h3 headings of `html` that carry an id (as with_heading_ids writes
// them: `<h2 id="...">`), in order.
std::vector<TocEntry> toc_entries(std::string_view html);

}  // namespace vitae

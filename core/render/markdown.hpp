// Markdown to HTML with Debian's libcmark-gfm: CommonMark plus the GitHub
// extensions researchers write (tables, ~~strikethrough~~, bare-URL
// autolinks, task lists, footnotes), in its default safe mode: raw HTML and
// javascript: links in content are dropped (and the tagfilter extension
// escapes the tags GitHub filters), so a Markdown field can be rendered
// unescaped in a template without opening an injection path.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

std::string markdown_to_html(std::string_view markdown);

// `html` (as markdown_to_html makes it) with an id on each heading, so a
// section of a post can be linked to: GitHub's rule (the heading's text,
// ASCII letters in lower case, other letters as written, punctuation
// dropped, spaces as '-'), "-1", "-2"… when repeated.
std::string with_heading_ids(std::string_view html);

}  // namespace vitae

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

}  // namespace vitae

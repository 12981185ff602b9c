// The text a reader sees on a page, from the page's HTML: what a page's
// <meta name="description"> and og:description say, so a search result or a
// link preview shows words, never the Markdown or the markup they came from.
// One function for every page kind (core/site/pages.cpp), pure and small.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "render/text/html_text.hpp"  // plain_text_of_html

namespace vitae {

// Search engines show about 155-160 characters of a description; Open Graph
// previews about as much.
inline constexpr std::size_t description_max_chars = 160;

// `text` cut at a word boundary to at most `max_chars` characters (code
// points, never a byte of one), "…" after it when cut. A first word longer
// than that is cut inside, where a character ends.
std::string cut_at_word(std::string_view text, std::size_t max_chars = description_max_chars);

// plain_text_of_html (html_text.hpp), then cut_at_word: a page's description.
std::string description_of_html(std::string_view html, std::size_t max_chars = description_max_chars);

}  // namespace vitae

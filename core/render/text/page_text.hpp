// The text a reader sees on a page, from the page's HTML: what a page's
// <meta name="description"> and og:description say, so a search result or a
// link preview shows words, never the Markdown or the markup they came from.
// One function for every page kind (core/site/pages.cpp), pure and small.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace vitae {

// Search engines show about 155-160 characters of a description; Open Graph
// previews about as much.
inline constexpr std::size_t description_max_chars = 160;

// `html` as text: tags dropped (a tag between words is a space, none inside
// one), entities decoded (&amp;, &#233;, &#x2014;), whitespace runs one
// space, ends trimmed. What <script> and <style> hold is not text.
std::string plain_text_of_html(std::string_view html);

// `text` cut at a word boundary to at most `max_chars` characters (code
// points, never a byte of one), "…" after it when cut. A first word longer
// than that is cut inside, where a character ends.
std::string cut_at_word(std::string_view text, std::size_t max_chars = description_max_chars);

// plain_text_of_html, then cut_at_word: a page's description.
std::string description_of_html(std::string_view html, std::size_t max_chars = description_max_chars);

}  // namespace vitae

// The one tag stripper: the text of an HTML fragment, tags dropped. What a
// caller wants of the text differs, so the variant is named, not a flag
// set: every variant is the same walk (a tag runs from '<' to the next '>',
// a comment is a tag, a tag left open drops what follows), and they differ
// in what a character reference becomes and in what plain alone does for
// a reader (folded whitespace, words broken at blocks, no script).
#pragma once

#include <string>
#include <string_view>

namespace vitae {

enum class TagText {
    // What a reader sees: references decoded (&amp;, &#233;, &#x2014;), a tag
    // that ends a word (a block, <br>, a cell, a picture) a space, runs of
    // whitespace one space, the ends trimmed; what <script> and <style> hold
    // is not text. Page descriptions.
    plain,
    // Still HTML: references kept as written, whitespace as written. A
    // heading's text in the table of contents, written unescaped.
    markup,
    // The text a heading's id is made from (with_heading_ids), kept exactly
    // as ids have always been made so that no link to a heading breaks: a
    // reference is dropped through its ';', and an '&' with no ';' after it
    // ends the text.
    heading_id,
};

std::string strip_tags(std::string_view html, TagText variant);

inline std::string plain_text_of_html(std::string_view html) { return strip_tags(html, TagText::plain); }

}  // namespace vitae

// HTML character references (&amp;, &#233;, &#x2014;, and the named ones
// people type): read once for every reader of text written as HTML, the
// page's plain text (page_text) and BibTeX fields exported as HTML
// (core/bibtex/field_markup).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace vitae {

struct CharacterReference {
    std::string text;        // what it stands for, as UTF-8
    std::size_t length = 0;  // its bytes in the source, ';' included; 0: no reference there
};

// The reference that starts at `at` (which is '&'); length 0 when there is
// none (an unknown name, a bad or out-of-range number, no ';' within reach).
CharacterReference character_reference(std::string_view text, std::size_t at);

}  // namespace vitae

// UTF-8 as RFC 3629 defines it: what a request path, a BibTeX file or a
// message must be before it is used as text.
#pragma once

#include <string_view>

namespace vitae {

// Rejects overlong forms, surrogates and code points past U+10FFFF.
bool is_valid_utf8(std::string_view text);

}  // namespace vitae

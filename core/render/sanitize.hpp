// The one allowlist sanitizer for HTML the site did not write (a post whose
// body is HTML): parsed as a browser would (libxml2's HTML parser, Debian's
// libxml2), then written back with only the elements and attributes of the
// allowlist in sanitize.cpp. Script, style, frames, forms and their content
// are dropped; an unknown element is unwrapped (its text kept); a link or
// image URL must be relative or http(s) (mailto: for links); event
// handlers, style and every other attribute are dropped. The result is
// well-formed, so it can never close the page's own markup early.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

std::string sanitize_html(std::string_view html);

}  // namespace vitae

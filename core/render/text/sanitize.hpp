// The one allowlist sanitizer for HTML the site did not write (a post whose
// body is HTML): parsed as a browser would (libxml2's HTML parser, Debian's
// libxml2), then written back with only the elements and attributes of the
// allowlist in sanitize.cpp. Script, style, frames, forms and their content
// are dropped; an unknown element is unwrapped (its text kept); a link or
// image URL must be relative or http(s) (mailto: for links); event
// handlers, style and every other attribute are dropped. The result is
// well-formed, so it can never close the page's own markup early.
//
// An importer (vitae import-site) needs to say what was removed, so the same
// walk can also report it, and can return the text alone (a citation string
// with <strong> around the owner's name, kept as text).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vitae {

std::string sanitize_html(std::string_view html);

struct SanitizeReport {
    std::vector<std::string> removed;   // "<script> and its content", "onclick on <p>", "link javascript:…"
    std::vector<std::string> relative;  // relative URLs kept: they pointed into the old site
    std::vector<std::string> images;    // src of every <img> kept
};

// sanitize_html, with a note of what it removed and kept (for import-site's report).
struct SanitizedHtml {
    std::string html;
    SanitizeReport report;
};
SanitizedHtml sanitize_and_report(std::string_view html);

// The text a reader would see of the sanitized HTML: tags gone, entities
// decoded, what the sanitizer drops (script…) dropped with its text.
std::string sanitized_text(std::string_view html);

}  // namespace vitae

// Whether an SVG is a drawing Vitae serves, decided by parsing it: a filter
// by substring cannot be made safe (an event handler after a newline, a
// prefixed <s:script>, an XHTML-namespaced script, an entity-encoded
// javascript: all passed one). The bytes are parsed as XML by libxml2 (no
// network, no DTD loaded, no entity declared: an internal subset is refused
// before parsing, so neither XXE nor a billion laughs is ever expanded;
// bounded in bytes and depth), then every node is checked against an
// allowlist (svg_check.cpp): SVG's drawing elements and presentation
// attributes, links only to a part of the drawing (#id) or to an embedded
// PNG, JPEG, GIF or WebP, style without url() to elsewhere, and the notes
// drawing programs and metadata keep in their own namespaces (Inkscape,
// Illustrator, RDF), which a browser neither shows nor runs. Anything else
// refuses the upload, naming what and where: nothing is silently removed,
// so what is stored is what the owner made.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

struct SvgCheck {
    std::string refused;        // "" when served; else why, naming the element or attribute and its line
    int width = 0, height = 0;  // the drawing's size in px (width/height, else the viewBox); 0 when not given
};

SvgCheck check_svg(std::string_view bytes);

}  // namespace vitae

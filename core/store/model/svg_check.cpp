#include "store/model/svg_check.hpp"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <mutex>

#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/text.hpp"

namespace vitae {

namespace {

constexpr std::string_view svg_namespace = "http://www.w3.org/2000/svg";
constexpr std::string_view xlink_namespace = "http://www.w3.org/1999/xlink";
constexpr std::string_view xml_namespace = "http://www.w3.org/XML/1998/namespace";

// Drawing programs' own notes and metadata: elements and attributes a
// browser neither draws nor runs (an onload there is no handler), kept by
// Inkscape, Illustrator, Sketch, Affinity and in the RDF block most
// exporters write, so their files pass as they are.
constexpr std::string_view note_namespaces[] = {
    "http://www.inkscape.org/namespaces/inkscape",
    "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "http://www.w3.org/2000/01/rdf-schema#",
    "http://purl.org/dc/elements/1.1/",
    "http://purl.org/dc/terms/",
    "http://creativecommons.org/ns#",
    "http://web.resource.org/cc/",
    "http://www.bohemiancoding.com/sketch/ns",
    "http://www.serif.com/",
    "http://ns.adobe.com/AdobeIllustrator/10.0/",
    "http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/",
    "http://ns.adobe.com/Extensibility/1.0/",
    "http://ns.adobe.com/Flows/1.0/",
    "http://ns.adobe.com/Graphs/1.0/",
    "http://ns.adobe.com/ImageReplacement/1.0/",
    "http://ns.adobe.com/SaveForWeb/1.0/",
    "http://ns.adobe.com/Variables/1.0/",
    "http://ns.adobe.com/xap/1.0/",
};

// SVG elements that draw or describe, and SVG fonts (dvisvgm writes a TikZ
// figure's glyphs so). Not here, so refused: script, foreignObject (HTML
// inside), a (a link), animate, set, animateMotion, animateTransform (they
// can set href or an event), feImage, cursor, font-face-uri (they load
// other files), iframe, video, audio.
constexpr std::string_view elements[] = {
    "svg", "g", "defs", "desc", "title", "metadata", "symbol", "use", "switch", "view", "style", "path", "rect",
    "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "textPath", "linearGradient",
    "radialGradient", "stop", "pattern", "clipPath", "mask", "marker", "image", "filter", "feBlend",
    "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
    "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
    "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight", "feSpecularLighting",
    "feSpotLight", "feTile", "feTurbulence", "font", "font-face", "font-face-src", "font-face-name", "glyph",
    "missing-glyph", "hkern", "vkern"};

// Attributes without a namespace: geometry, presentation and the filter
// primitives' parameters. No event handler (on...) is here.
constexpr std::string_view attributes[] = {
    "id", "class", "style", "lang", "tabindex", "role", "focusable", "version", "baseProfile", "x", "y", "x1", "y1",
    "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr", "width", "height", "d", "points", "pathLength",
    "transform", "viewBox", "preserveAspectRatio", "zoomAndPan", "enable-background", "fill", "fill-opacity",
    "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
    "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity", "color", "display", "visibility",
    "overflow", "clip", "clip-path", "clip-rule", "clipPathUnits", "mask", "maskUnits", "maskContentUnits",
    "filter", "filterUnits", "primitiveUnits", "font", "font-family", "font-size", "font-size-adjust",
    "font-weight", "font-style", "font-variant", "font-stretch", "text-anchor", "dominant-baseline",
    "alignment-baseline", "baseline-shift", "letter-spacing", "word-spacing", "text-decoration", "writing-mode",
    "direction", "unicode-bidi", "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "method",
    "spacing", "side", "gradientUnits", "gradientTransform", "spreadMethod", "offset", "stop-color",
    "stop-opacity", "patternUnits", "patternContentUnits", "patternTransform", "markerWidth", "markerHeight",
    "markerUnits", "refX", "refY", "orient", "marker", "marker-start", "marker-mid", "marker-end",
    "shape-rendering", "text-rendering", "image-rendering", "color-interpolation", "color-interpolation-filters",
    "color-rendering", "color-profile", "flood-color", "flood-opacity", "lighting-color", "mix-blend-mode",
    "isolation", "vector-effect", "paint-order", "in", "in2", "result", "stdDeviation", "mode", "type", "values",
    "operator", "k1", "k2", "k3", "k4", "radius", "baseFrequency", "numOctaves", "seed", "stitchTiles", "scale",
    "xChannelSelector", "yChannelSelector", "slope", "intercept", "amplitude", "exponent", "tableValues",
    "edgeMode", "order", "kernelMatrix", "divisor", "bias", "targetX", "targetY", "preserveAlpha",
    "surfaceScale", "diffuseConstant", "specularConstant", "specularExponent", "kernelUnitLength", "azimuth",
    "elevation", "z", "pointsAtX", "pointsAtY", "pointsAtZ", "limitingConeAngle", "media", "requiredFeatures",
    "requiredExtensions", "systemLanguage", "externalResourcesRequired", "href", "horiz-adv-x", "horiz-origin-x",
    "horiz-origin-y", "vert-adv-y", "vert-origin-x", "vert-origin-y", "units-per-em", "ascent", "descent",
    "cap-height", "x-height", "unicode", "unicode-range", "glyph-name", "arabic-form", "orientation", "u1", "u2",
    "g1", "g2", "k", "bbox", "panose-1", "stemv", "stemh", "underline-position", "underline-thickness",
    "strikethrough-position", "strikethrough-thickness", "overline-position", "overline-thickness", "alphabetic",
    "ideographic", "hanging", "mathematical", "widths", "name"};

template <std::size_t N>
bool among(const std::string_view (&list)[N], std::string_view name) {
    return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

std::string_view text_of(const xmlChar* s) { return s ? reinterpret_cast<const char*>(s) : ""; }
std::string_view namespace_of(const xmlNs* ns) { return ns ? text_of(ns->href) : ""; }

// A value as a message quotes it: at most 40 bytes, control characters as spaces.
std::string excerpt(std::string_view value) {
    std::string out(trim(value).substr(0, 40));
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20) c = ' ';
    return in_quotes(out) + (trim(value).size() > 40 ? "…" : "");
}

bool is_base64(std::string_view data) {
    return std::all_of(data.begin(), data.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/' ||
               c == '=' || is_blank(c);
    });
}

// Embedded data a drawing may hold: raster pictures (matplotlib's imshow)
// and, in CSS, fonts (dvisvgm's WOFF): neither can run script or load more.
constexpr std::string_view embedded_pictures[] = {"image/png", "image/jpeg", "image/gif", "image/webp"};
constexpr std::string_view embedded_fonts[] = {"font/woff", "font/woff2", "font/ttf", "font/otf", "font/sfnt",
                                               "application/font-woff", "application/font-woff2",
                                               "application/x-font-woff", "application/x-font-woff2",
                                               "application/x-font-ttf", "application/x-font-otf",
                                               "application/font-sfnt", "application/vnd.ms-opentype"};

// "data:<type>;base64,<base64>" with `type` one of `types`.
template <std::size_t N>
bool is_embedded(std::string_view target, const std::string_view (&types)[N]) {
    std::string lower = ascii_lower(target.substr(0, 64));
    if (!lower.starts_with("data:")) return false;
    auto semicolon = lower.find(';'), comma = target.find(',');
    if (semicolon == std::string::npos || comma == std::string_view::npos || semicolon > comma) return false;
    std::string_view type = std::string_view(lower).substr(5, semicolon - 5);
    return among(types, type) && std::string_view(lower).substr(semicolon, comma - semicolon) == ";base64" &&
           is_base64(target.substr(comma + 1));
}

// A link may name a part of the drawing; <image> may also embed a raster picture.
bool link_allowed(std::string_view element, std::string_view target) {
    target = trim(target);
    return target.starts_with('#') || (element == "image" && is_embedded(target, embedded_pictures));
}

// What in CSS (a <style>, a style attribute, or a value such as
// fill="url(#g)") could load another file or run script; "" when nothing.
std::string css_problem(std::string_view css) {
    std::string lower = ascii_lower(css);
    // A CSS escape can spell anything ("\6a avascript"), and no drawing needs one.
    for (std::string_view bad : {"\\", "@import", "expression(", "javascript:", "vbscript:", "-moz-binding", "behavior:",
                                 "image-set(", "image("})
        if (lower.find(bad) != std::string::npos) return std::string(bad);
    for (auto at = lower.find("url("); at != std::string::npos; at = lower.find("url(", at + 4)) {
        auto target = trim(css.substr(at + 4, css.find(')', at) - at - 4));
        if (!target.empty() && (target.front() == '"' || target.front() == '\'')) target = target.substr(1, target.size() - 2);
        if (!target.starts_with('#') && !is_embedded(target, embedded_fonts) && !is_embedded(target, embedded_pictures))
            return "url(" + std::string(target.substr(0, 40)) + ")";
    }
    return {};
}

struct Walk {
    std::string refused;

    bool refuse(const xmlNode* node, std::string what, std::string_view why) {
        refused = "SVG with " + what + " (line " + std::to_string(xmlGetLineNo(node)) + ") is not served: " + std::string(why);
        return false;
    }
    bool attribute(const xmlNode* node, std::string_view element, bool svg, const xmlAttr* attr);
    bool node(const xmlNode* node, int depth);
};

bool Walk::attribute(const xmlNode* node, std::string_view element, bool svg, const xmlAttr* attr) {
    std::string_view name = text_of(attr->name), ns = namespace_of(attr->ns);
    std::unique_ptr<xmlChar, decltype(xmlFree)> owned(xmlNodeGetContent(reinterpret_cast<const xmlNode*>(attr)), xmlFree);
    std::string_view value = text_of(owned.get());
    std::string prefix(attr->ns && attr->ns->prefix ? text_of(attr->ns->prefix) : "");
    std::string shown = (prefix.empty() ? "" : prefix + ":") + std::string(name) + "=";
    bool link = name == "href" && (ns.empty() || ns == xlink_namespace);
    if (link && !link_allowed(element, value))
        return refuse(node, "a link to " + excerpt(value) + " on <" + std::string(element) + ">",
                      "a link may only name a part of the drawing (#id), or on <image> an embedded PNG, JPEG, GIF or WebP");
    if (ascii_lower(name).starts_with("on"))
        return refuse(node, shown + " on <" + std::string(element) + ">", "an event handler runs script");
    bool known = link || (ns.empty() && svg && (among(attributes, name) || name.starts_with("aria-") || name.starts_with("data-"))) ||
                 (ns.empty() && !svg) || among(note_namespaces, ns) ||
                 (ns == xml_namespace && (name == "space" || name == "lang")) ||
                 (ns == xlink_namespace && (name == "title" || name == "type"));
    if (!known)
        return refuse(node, shown + " on <" + std::string(element) + ">",
                      "only drawing attributes are (an unknown one may be a handler or a link)");
    if (auto css = css_problem(value); !css.empty())
        return refuse(node, shown + excerpt(value) + " on <" + std::string(element) + ">",
                      css + " there could load another file or run script");
    return true;
}

bool Walk::node(const xmlNode* node, int depth) {
    if (depth > static_cast<int>(limits::max_svg_depth))
        return refuse(node, "elements nested deeper than " + std::to_string(limits::max_svg_depth), "no drawing needs that");
    switch (node->type) {
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE:
    case XML_COMMENT_NODE: return true;
    case XML_ELEMENT_NODE: break;
    case XML_PI_NODE:
        return refuse(node, "<?" + std::string(text_of(node->name)) + "?>", "a processing instruction can load a style sheet");
    case XML_ENTITY_REF_NODE: return refuse(node, "&" + std::string(text_of(node->name)) + ";", "entities are not expanded");
    default: return refuse(node, "an XML node of type " + std::to_string(node->type), "only elements and text are");
    }
    std::string_view name = text_of(node->name), ns = namespace_of(node->ns);
    bool svg = ns == svg_namespace;
    if (svg && !among(elements, name)) return refuse(node, "<" + std::string(name) + ">", "only drawing elements are");
    if (!svg && !among(note_namespaces, ns))
        return refuse(node, "<" + std::string(name) + "> in " + (ns.empty() ? "no namespace" : "namespace " + in_quotes(ns)),
                      "only SVG's elements and drawing programs' notes are");
    for (const xmlAttr* attr = node->properties; attr; attr = attr->next)
        if (!attribute(node, name, svg, attr)) return false;
    if (svg && name == "style") {
        std::unique_ptr<xmlChar, decltype(xmlFree)> css(xmlNodeGetContent(node), xmlFree);
        if (auto problem = css_problem(text_of(css.get())); !problem.empty())
            return refuse(node, "a <style> with " + problem, "it could load another file or run script");
    }
    for (const xmlNode* child = node->children; child; child = child->next)
        if (!this->node(child, depth + 1)) return false;
    return true;
}

// A number at the start of an SVG length ("640", "640px", "12.5"); 0 when none or in other units.
int svg_pixels(std::string_view v) {
    double value = 0;
    std::size_t i = 0;
    for (; i < v.size() && ((v[i] >= '0' && v[i] <= '9') || v[i] == '.'); ++i) {
    }
    if (i == 0 || (i < v.size() && v.substr(i) != "px")) return 0;
    if (std::sscanf(std::string(v.substr(0, i)).c_str(), "%lf", &value) != 1) return 0;
    return static_cast<int>(value + 0.5);
}

std::string attribute_of(const xmlNode* node, const char* name) {
    std::unique_ptr<xmlChar, decltype(xmlFree)> value(xmlGetNoNsProp(node, reinterpret_cast<const xmlChar*>(name)), xmlFree);
    return std::string(trim(text_of(value.get())));
}

// width and height in px, else the viewBox's "min-x min-y width height".
void read_size(const xmlNode* root, SvgCheck& out) {
    out.width = svg_pixels(attribute_of(root, "width"));
    out.height = svg_pixels(attribute_of(root, "height"));
    if (out.width > 0 && out.height > 0) return;
    std::string box = attribute_of(root, "viewBox");
    double x = 0, y = 0, w = 0, h = 0;
    if (std::sscanf(box.c_str(), "%lf %lf %lf %lf", &x, &y, &w, &h) == 4 ||
        std::sscanf(box.c_str(), "%lf,%lf,%lf,%lf", &x, &y, &w, &h) == 4) {
        out.width = static_cast<int>(w + 0.5);
        out.height = static_cast<int>(h + 0.5);
    }
}

struct ParserFree {
    void operator()(xmlParserCtxt* c) const noexcept { xmlFreeParserCtxt(c); }
};
struct DocFree {
    void operator()(xmlDoc* d) const noexcept { xmlFreeDoc(d); }
};

}  // namespace

SvgCheck check_svg(std::string_view bytes) {
    SvgCheck out;
    if (bytes.size() > limits::max_svg_bytes) {
        out.refused = "an SVG of " + std::to_string(bytes.size()) + " bytes is not served: at most " +
                      limits::size_text(limits::max_svg_bytes) + " (save it with fewer points, or as a PNG)";
        return out;
    }
    // Before parsing, so that no declaration is ever expanded (XXE, billion
    // laughs) nor sets a default attribute a browser would add (an onload).
    for (std::string_view declaration : {"<!ENTITY", "<!ATTLIST", "<!ELEMENT"})
        if (bytes.find(declaration) != std::string_view::npos) {
            out.refused = "SVG with " + std::string(declaration) + " is not served: a document type's declarations are not read";
            return out;
        }
    static std::once_flag initialised;  // libxml2 2.9 wants its first initialisation on one thread
    std::call_once(initialised, xmlInitParser);
    std::unique_ptr<xmlParserCtxt, ParserFree> parser(xmlNewParserCtxt());
    if (!parser) throw std::bad_alloc();
    // No XML_PARSE_NOENT, DTDLOAD, DTDATTR or HUGE: nothing is fetched, expanded or unbounded.
    std::unique_ptr<xmlDoc, DocFree> doc(xmlCtxtReadMemory(parser.get(), bytes.data(), static_cast<int>(bytes.size()), nullptr,
                                                           nullptr, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING));
    if (!doc || !parser->wellFormed) {
        const xmlError& e = parser->lastError;
        out.refused = "not a well-formed SVG (line " + std::to_string(e.line) + ": " +
                      std::string(trim(e.message ? e.message : "cannot be parsed")) + ")";
        return out;
    }
    if (doc->encoding && !equals_ignoring_case(text_of(doc->encoding), "utf-8")) {
        out.refused = "an SVG in " + in_quotes(text_of(doc->encoding)) + " is not served: save it as UTF-8";
        return out;
    }
    const xmlNode* root = xmlDocGetRootElement(doc.get());
    if (!root || text_of(root->name) != "svg" || namespace_of(root->ns) != svg_namespace) {
        out.refused = "not an SVG: its root is not <svg> in SVG's namespace (xmlns=\"http://www.w3.org/2000/svg\")";
        return out;
    }
    Walk walk;
    for (const xmlNode* node = doc->children; node; node = node->next)
        if (node->type != XML_DTD_NODE && !walk.node(node, 0)) return {.refused = std::move(walk.refused)};
    read_size(root, out);
    return out;
}

}  // namespace vitae

#include "sanitize.hpp"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include <kainjow/mustache.hpp>

#include <memory>
#include <mutex>

#include "text.hpp"

namespace vitae {

namespace {

std::string escape(std::string_view text) { return kainjow::mustache::html_escape<std::string>(std::string(text)); }

// Kept with their allowed attributes; MathML so that math written as
// MathML in a post survives.
constexpr std::string_view kept[] = {
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "em", "strong", "i", "b", "u",
    "s", "del", "ins", "sub", "sup", "small", "mark", "ul", "ol", "li", "dl", "dt", "dd", "a", "img", "figure",
    "figcaption", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "span", "div", "abbr", "cite",
    "q", "kbd", "samp", "var", "time", "details", "summary", "section", "aside", "math", "mi", "mo", "mn", "ms",
    "mtext", "mspace", "mrow", "msub", "msup", "msubsup", "mfrac", "msqrt", "mroot", "munder", "mover",
    "munderover", "mtable", "mtr", "mtd", "semantics", "annotation"};

// Dropped with everything inside them.
constexpr std::string_view dropped[] = {"script", "style", "iframe", "frame", "frameset", "object", "embed",
                                        "applet", "form", "input", "button", "select", "textarea", "noscript",
                                        "template", "svg", "link", "meta", "base", "head", "title"};

constexpr std::string_view void_elements[] = {"br", "hr", "img", "mspace"};

// (element or "*" for any, attribute)
constexpr std::pair<std::string_view, std::string_view> attributes[] = {
    {"*", "title"},       {"*", "lang"},       {"*", "dir"},      {"*", "id"},          {"a", "href"},
    {"img", "src"},       {"img", "alt"},      {"img", "width"},  {"img", "height"},    {"img", "loading"},
    {"td", "colspan"},    {"td", "rowspan"},   {"th", "colspan"}, {"th", "rowspan"},    {"th", "scope"},
    {"ol", "start"},      {"ol", "reversed"},  {"time", "datetime"}, {"math", "display"}, {"mo", "stretchy"},
    {"mrow", "mathvariant"}, {"mi", "mathvariant"}, {"mover", "accent"}, {"mspace", "width"},
    {"annotation", "encoding"}};

template <std::size_t N>
bool among(const std::string_view (&list)[N], std::string_view name) {
    for (auto item : list)
        if (item == name) return true;
    return false;
}

bool attribute_allowed(std::string_view element, std::string_view attribute) {
    for (auto [e, a] : attributes)
        if ((e == "*" || e == element) && a == attribute) return true;
    return false;
}

// Relative, http(s), or (links only) mailto: no javascript:, data: or others.
bool url_allowed(std::string_view url, bool link) {
    std::string lower = ascii_lower(trim(url));
    auto colon = lower.find(':');
    auto first_separator = lower.find_first_of("/?#");
    if (colon == std::string::npos || (first_separator != std::string::npos && first_separator < colon)) return true;
    std::string_view scheme = std::string_view(lower).substr(0, colon);
    return scheme == "http" || scheme == "https" || (link && scheme == "mailto");
}

struct XmlFree {
    void operator()(xmlChar* p) const noexcept { xmlFree(p); }
};

std::string_view text_of(const xmlChar* s) { return s ? reinterpret_cast<const char*>(s) : ""; }

void write(const xmlNode* node, std::string& out);

void write_children(const xmlNode* node, std::string& out) {
    for (const xmlNode* child = node->children; child; child = child->next) write(child, out);
}

void write(const xmlNode* node, std::string& out) {
    if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) {
        out += escape(text_of(node->content));
        return;
    }
    if (node->type != XML_ELEMENT_NODE) return;  // comments, processing instructions
    std::string name = ascii_lower(text_of(node->name));
    if (among(dropped, name)) return;
    if (!among(kept, name)) return write_children(node, out);  // unknown: unwrap, keep its text
    out += "<" + name;
    for (const xmlAttr* attr = node->properties; attr; attr = attr->next) {
        std::string attribute = ascii_lower(text_of(attr->name));
        if (!attribute_allowed(name, attribute)) continue;
        std::unique_ptr<xmlChar, XmlFree> value(xmlNodeGetContent(reinterpret_cast<const xmlNode*>(attr)));
        std::string_view v = text_of(value.get());
        if ((attribute == "href" || attribute == "src") && !url_allowed(v, attribute == "href")) continue;
        out += " " + attribute + "=\"" + escape(v) + "\"";
    }
    out += ">";
    if (among(void_elements, name)) return;
    write_children(node, out);
    out += "</" + name + ">";
}

}  // namespace

std::string sanitize_html(std::string_view html) {
    if (trim(html).empty()) return {};
    // libxml2 2.9 wants its first initialisation on one thread.
    static std::once_flag initialised;
    std::call_once(initialised, xmlInitParser);
    // Wrapped in a body of its own, so the parser treats it as body content.
    std::string document = "<!DOCTYPE html><html><body>" + std::string(html) + "</body></html>";
    std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)> doc(
        htmlReadMemory(document.data(), static_cast<int>(document.size()), nullptr, "UTF-8",
                       HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET),
        xmlFreeDoc);
    if (!doc) return escape(html);  // unparseable: shown as text, never as markup
    // Everything under <html> but the head: a "</body>" in the text makes the
    // parser put what follows after the body, and that is content too.
    const xmlNode* root = xmlDocGetRootElement(doc.get());
    std::string out;
    for (const xmlNode* n = root ? root->children : nullptr; n; n = n->next) {
        std::string_view name = text_of(n->name);
        if (n->type == XML_ELEMENT_NODE && name == "head") continue;
        if (n->type == XML_ELEMENT_NODE && name == "body") write_children(n, out);
        else write(n, out);
    }
    return out;
}

}  // namespace vitae

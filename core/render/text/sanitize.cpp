#include "render/text/sanitize.hpp"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include <memory>
#include <mutex>

#include "base/text.hpp"
#include "render/text/escape.hpp"
#include "rules/link.hpp"

namespace vitae {

namespace {

// Kept with their allowed attributes; MathML so that math written as
// MathML in a post survives, with what makes it speak (alttext, the TeX
// annotation, an author's aria-label).
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
    {"annotation", "encoding"}, {"math", "alttext"}, {"*", "aria-label"}, {"*", "aria-describedby"}};

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

// Relative, http(s), or (links only) mailto: no javascript:, data: or others,
// the scheme read as the browser reads it (rules/link).
bool url_allowed(std::string_view url, bool link) {
    std::string scheme = link_scheme(url);
    return scheme.empty() || scheme == "http" || scheme == "https" || (link && scheme == "mailto");
}

struct XmlFree {
    void operator()(xmlChar* p) const noexcept { xmlFree(p); }
};

std::string_view text_of(const xmlChar* s) { return s ? reinterpret_cast<const char*>(s) : ""; }

bool is_relative(std::string_view url) {
    std::string_view u = trim(url);
    return !u.empty() && u.front() != '#' && u.find(':') == std::string_view::npos && !u.starts_with("//");
}

// One walk: `out` gets the sanitized HTML, or only its text (text_only);
// `report`, when given, what was removed.
struct Writer {
    std::string out;
    bool text_only = false;
    SanitizeReport* report = nullptr;

    void note(std::vector<std::string> SanitizeReport::*list, std::string what) {
        if (report) (report->*list).push_back(std::move(what));
    }
    void children(const xmlNode* node) {
        for (const xmlNode* child = node->children; child; child = child->next) write(child);
    }
    void attributes_of(const xmlNode* node, const std::string& name);
    void write(const xmlNode* node);
};

void Writer::attributes_of(const xmlNode* node, const std::string& name) {
    for (const xmlAttr* attr = node->properties; attr; attr = attr->next) {
        std::string attribute = ascii_lower(text_of(attr->name));
        if (!attribute_allowed(name, attribute)) {
            note(&SanitizeReport::removed, attribute + " on <" + name + ">");
            continue;
        }
        std::unique_ptr<xmlChar, XmlFree> value(xmlNodeGetContent(reinterpret_cast<const xmlNode*>(attr)));
        std::string_view v = text_of(value.get());
        bool url = attribute == "href" || attribute == "src";
        if (url && !url_allowed(v, attribute == "href")) {
            note(&SanitizeReport::removed, (name == "a" ? "link " : "source ") + std::string(trim(v)));
            continue;
        }
        if (url && is_relative(v)) note(&SanitizeReport::relative, std::string(trim(v)));
        if (name == "img" && attribute == "src") note(&SanitizeReport::images, std::string(trim(v)));
        out += " " + attribute + "=\"" + html_escape(v) + "\"";
    }
}

void Writer::write(const xmlNode* node) {
    if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) {
        out += text_only ? std::string(text_of(node->content)) : html_escape(text_of(node->content));
        return;
    }
    if (node->type != XML_ELEMENT_NODE) return;  // comments, processing instructions
    std::string name = ascii_lower(text_of(node->name));
    if (among(dropped, name)) return note(&SanitizeReport::removed, "<" + name + "> and its content");
    if (!among(kept, name)) return children(node);  // unknown: unwrap, keep its text
    if (text_only) {
        if (name == "br") out += "\n";
        if (name == "annotation") return;  // a formula's source, not its text
        return children(node);
    }
    out += "<" + name;
    attributes_of(node, name);
    out += ">";
    if (among(void_elements, name)) return;
    children(node);
    out += "</" + name + ">";
}

void sanitize_into(std::string_view html, Writer& writer) {
    if (trim(html).empty()) return;
    // libxml2 2.9 wants its first initialisation on one thread.
    static std::once_flag initialised;
    std::call_once(initialised, xmlInitParser);
    // Wrapped in a body of its own, so the parser treats it as body content.
    std::string document = "<!DOCTYPE html><html><body>" + std::string(html) + "</body></html>";
    std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)> doc(
        htmlReadMemory(document.data(), static_cast<int>(document.size()), nullptr, "UTF-8",
                       HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET),
        xmlFreeDoc);
    if (!doc) {  // unparseable: shown as text, never as markup
        writer.out = writer.text_only ? std::string(html) : html_escape(html);
        return;
    }
    // Everything under <html> but the head: a "</body>" in the text makes the
    // parser put what follows after the body, and that is content too.
    const xmlNode* root = xmlDocGetRootElement(doc.get());
    for (const xmlNode* n = root ? root->children : nullptr; n; n = n->next) {
        std::string_view name = text_of(n->name);
        if (n->type == XML_ELEMENT_NODE && name == "head") continue;
        if (n->type == XML_ELEMENT_NODE && name == "body") writer.children(n);
        else writer.write(n);
    }
}

}  // namespace

std::string sanitize_html(std::string_view html) {
    Writer writer;
    sanitize_into(html, writer);
    return std::move(writer.out);
}

SanitizedHtml sanitize_and_report(std::string_view html) {
    SanitizedHtml out;
    Writer writer;
    writer.report = &out.report;
    sanitize_into(html, writer);
    out.html = std::move(writer.out);
    return out;
}

std::string sanitized_text(std::string_view html) {
    Writer writer;
    writer.text_only = true;
    sanitize_into(html, writer);
    return std::move(writer.out);
}

}  // namespace vitae

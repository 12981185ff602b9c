#include "render/text/markdown.hpp"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "base/text.hpp"
#include "render/text/escape.hpp"
#include "render/text/highlight.hpp"
#include "render/text/html_text.hpp"
#include "render/text/sanitize.hpp"
#include "rules/link.hpp"

namespace vitae {

namespace {

struct ParserFree {
    void operator()(cmark_parser* p) const noexcept { cmark_parser_free(p); }
};
struct NodeFree {
    void operator()(cmark_node* n) const noexcept { cmark_node_free(n); }
};

// Safe mode is cmark-gfm's default (raw HTML needs CMARK_OPT_UNSAFE).
constexpr int options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES;
constexpr const char* extensions[] = {"table", "strikethrough", "autolink", "tasklist", "tagfilter"};

// The document's nodes of one type, in order: collected first, so they can
// be replaced while the list is walked.
std::vector<cmark_node*> nodes_of(cmark_node* document, cmark_node_type type) {
    std::vector<cmark_node*> out;
    cmark_iter* iter = cmark_iter_new(document);
    if (iter == nullptr) throw std::bad_alloc();
    for (cmark_event_type event; (event = cmark_iter_next(iter)) != CMARK_EVENT_DONE;)
        if (event == CMARK_EVENT_ENTER && cmark_node_get_type(cmark_iter_get_node(iter)) == type)
            out.push_back(cmark_iter_get_node(iter));
    cmark_iter_free(iter);
    return out;
}

// Each code block whose language Source-highlight knows becomes a custom
// block carrying highlight.cpp's HTML: cmark writes a custom block's text as
// it is, safe mode too (it drops only raw HTML blocks and inlines), and
// highlight.cpp escapes every byte of the code. The rest render as cmark's.
void highlight_code_blocks(cmark_node* document) {
    for (cmark_node* block : nodes_of(document, CMARK_NODE_CODE_BLOCK)) {
        const char* info = cmark_node_get_fence_info(block);
        const char* code = cmark_node_get_literal(block);
        std::string_view language = info == nullptr ? "" : info;
        language = language.substr(0, language.find_first_of(" \t\n\v\f\r"));  // cmark's class: the first word
        auto html = CodeHighlighter::shared().block_html(code == nullptr ? "" : code, language);
        if (!html) continue;
        cmark_node* custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
        if (custom == nullptr) throw std::bad_alloc();
        if (cmark_node_set_on_enter(custom, html->c_str()) == 0 || cmark_node_replace(block, custom) == 0) {
            cmark_node_free(custom);  // not allowed where the block is: it stays plain
            continue;
        }
        cmark_node_free(block);
    }
}

// The text of a node's children (an image's alt text as written).
std::string plain_text(cmark_node* node) {
    std::string out;
    for (cmark_node* child = cmark_node_first_child(node); child; child = cmark_node_next(child)) {
        if (const char* literal = cmark_node_get_literal(child)) out += literal;
        out += plain_text(child);
    }
    return out;
}

// Each image of a stored picture becomes its <picture> (a custom node,
// written as it is, as for code blocks); alone in its paragraph, a <figure>.
void show_pictures(cmark_node* document, const PictureHtml& pictures) {
    PictureLoading loading = PictureLoading::eager;
    for (cmark_node* image : nodes_of(document, CMARK_NODE_IMAGE)) {
        std::string_view url = cmark_node_get_url(image) ? cmark_node_get_url(image) : "";
        auto name = file_link_name(url);
        if (!name) continue;
        std::string alt = plain_text(image);
        auto html = pictures(*name, alt, loading);
        if (!html) continue;
        loading = PictureLoading::lazy;
        cmark_node* paragraph = cmark_node_parent(image);
        bool alone = paragraph && cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH &&
                     cmark_node_first_child(paragraph) == image && cmark_node_last_child(paragraph) == image;
        std::string_view caption = cmark_node_get_title(image) ? cmark_node_get_title(image) : "";
        std::string text = alone ? "<figure>" + *html + (caption.empty() ? "" : "<figcaption>" + xml_escape(caption) + "</figcaption>") +
                                       "</figure>\n"
                                 : *html;
        cmark_node* custom = cmark_node_new(alone ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE);
        if (custom == nullptr) throw std::bad_alloc();
        cmark_node* replaced = alone ? paragraph : image;
        if (cmark_node_set_on_enter(custom, text.c_str()) == 0 || cmark_node_replace(replaced, custom) == 0) {
            cmark_node_free(custom);
            continue;
        }
        cmark_node_free(replaced);
    }
}

// What cmark-gfm writes that accessibility checkers fault, rewritten: a task
// list's checkbox gets a name (a form control without one fails WCAG 4.1.2),
// and a table cell's align attribute (obsolete in HTML5, pa11y's H49) becomes
// a class the stylesheet aligns.
std::string accessible(std::string html) {
    static const std::pair<std::string_view, std::string_view> rewrites[] = {
        {"<input type=\"checkbox\" checked=\"\" disabled=\"\" />",
         "<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"done\" />"},
        {"<input type=\"checkbox\" disabled=\"\" />", "<input type=\"checkbox\" disabled=\"\" aria-label=\"to do\" />"},
        {"<th align=\"left\">", "<th class=\"align-left\">"},
        {"<th align=\"center\">", "<th class=\"align-center\">"},
        {"<th align=\"right\">", "<th class=\"align-right\">"},
        {"<td align=\"left\">", "<td class=\"align-left\">"},
        {"<td align=\"center\">", "<td class=\"align-center\">"},
        {"<td align=\"right\">", "<td class=\"align-right\">"},
    };
    for (auto [from, to] : rewrites)
        for (auto at = html.find(from); at != std::string::npos; at = html.find(from, at + to.size()))
            html.replace(at, from.size(), to);
    return html;
}

// Raw HTML the owner wrote (al-folio news and bios are full of it: <a>,
// <strong>, <br>, <div align="center">) goes through the one sanitizer
// instead of being dropped: an HTML block alone, a paragraph or heading
// with inline tags whole (its tags open in one node and close in another),
// each rendered by cmark with raw HTML let through, then sanitized (what
// could run is gone, what is left is well-formed) into a custom block.
// Raw HTML anywhere else (a table cell) is still dropped by safe mode.
void sanitize_raw_html(cmark_node* document, cmark_llist* attached) {
    std::vector<cmark_node*> replace;
    for (cmark_node* block : nodes_of(document, CMARK_NODE_HTML_BLOCK)) replace.push_back(block);
    for (cmark_node_type type : {CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING})
        for (cmark_node* block : nodes_of(document, type))
            for (cmark_node* child = cmark_node_first_child(block); child; child = cmark_node_next(child))
                if (cmark_node_get_type(child) == CMARK_NODE_HTML_INLINE) {
                    replace.push_back(block);
                    break;
                }
    for (cmark_node* block : replace) {
        std::string raw;
        if (cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK) {
            raw = cmark_node_get_literal(block) ? cmark_node_get_literal(block) : "";
        } else {
            std::unique_ptr<char, decltype(&std::free)> html(cmark_render_html(block, options | CMARK_OPT_UNSAFE, attached),
                                                             &std::free);
            if (!html) throw std::bad_alloc();
            raw = html.get();
        }
        std::string safe = sanitize_html(raw) + "\n";
        cmark_node* custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
        if (custom == nullptr) throw std::bad_alloc();
        if (cmark_node_set_on_enter(custom, safe.c_str()) == 0 || cmark_node_replace(block, custom) == 0) {
            cmark_node_free(custom);  // not allowed here: safe mode drops the raw HTML
            continue;
        }
        cmark_node_free(block);
    }
}

// A parser with the site's extensions, `markdown` fed to it.
std::unique_ptr<cmark_parser, ParserFree> parsed_markdown(std::string_view markdown) {
    static std::once_flag registered;  // the registry is process-wide; filling it is not thread-safe
    std::call_once(registered, [] { cmark_gfm_core_extensions_ensure_registered(); });
    std::unique_ptr<cmark_parser, ParserFree> parser(cmark_parser_new(options));
    if (!parser) throw std::bad_alloc();
    for (const char* name : extensions)
        if (cmark_syntax_extension* extension = cmark_find_syntax_extension(name))
            cmark_parser_attach_syntax_extension(parser.get(), extension);
    cmark_parser_feed(parser.get(), markdown.data(), markdown.size());
    return parser;
}

}  // namespace

std::vector<std::string> markdown_images_without_alt(std::string_view markdown) {
    auto parser = parsed_markdown(markdown);
    std::unique_ptr<cmark_node, NodeFree> document(cmark_parser_finish(parser.get()));
    if (!document) throw std::bad_alloc();
    std::vector<std::string> out;
    for (cmark_node* image : nodes_of(document.get(), CMARK_NODE_IMAGE))
        if (trim(plain_text(image)).empty()) out.emplace_back(cmark_node_get_url(image) ? cmark_node_get_url(image) : "");
    return out;
}

std::string markdown_to_html(std::string_view markdown, const PictureHtml& pictures) {
    auto parser = parsed_markdown(markdown);
    std::unique_ptr<cmark_node, NodeFree> document(cmark_parser_finish(parser.get()));
    if (!document) throw std::bad_alloc();
    highlight_code_blocks(document.get());
    // Before the pictures: the sanitizer keeps <img> but not <picture>, so a
    // paragraph with raw HTML shows a stored picture as a plain <img>.
    sanitize_raw_html(document.get(), cmark_parser_get_syntax_extensions(parser.get()));
    if (pictures) show_pictures(document.get(), pictures);
    std::unique_ptr<char, decltype(&std::free)> html(
        cmark_render_html(document.get(), options, cmark_parser_get_syntax_extensions(parser.get())), &std::free);
    if (!html) throw std::bad_alloc();
    return accessible(html.get());
}

namespace {

// GitHub's anchor for a heading's text: ASCII letters lowered, letters and
// digits (any non-ASCII byte is kept: accented and CJK letters), '-' and '_'
// kept, spaces to '-', the rest dropped.
std::string anchor_of(std::string_view text) {
    std::string out;
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (u >= 0x80 || std::isalnum(u) || c == '-' || c == '_') out += static_cast<char>(std::tolower(u));
        else if (c == ' ') out += '-';
    }
    return out;
}

}  // namespace

std::string with_heading_ids(std::string_view html) {
    std::string out;
    std::map<std::string, int, std::less<>> used;
    std::size_t from = 0;
    for (std::size_t at = html.find("<h", from); at != std::string_view::npos; at = html.find("<h", from)) {
        bool heading = at + 3 < html.size() && html[at + 2] >= '1' && html[at + 2] <= '6' && html[at + 3] == '>';
        if (!heading) {
            out.append(html.substr(from, at + 2 - from));
            from = at + 2;
            continue;
        }
        std::string close = "</h" + std::string(1, html[at + 2]) + ">";
        auto end = html.find(close, at);
        if (end == std::string_view::npos) break;
        std::string id = anchor_of(strip_tags(html.substr(at + 4, end - at - 4), TagText::heading_id));
        if (id.empty()) id = "section";
        if (int n = used[id]++; n > 0) id += "-" + std::to_string(n);
        out.append(html.substr(from, at + 3 - from));
        out += " id=\"" + id + "\"";
        from = at + 3;
    }
    out.append(html.substr(from));
    return out;
}

}  // namespace vitae

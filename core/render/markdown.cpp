#include "markdown.hpp"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>

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

}  // namespace

std::string markdown_to_html(std::string_view markdown) {
    static std::once_flag registered;  // the registry is process-wide; filling it is not thread-safe
    std::call_once(registered, [] { cmark_gfm_core_extensions_ensure_registered(); });
    std::unique_ptr<cmark_parser, ParserFree> parser(cmark_parser_new(options));
    if (!parser) throw std::bad_alloc();
    for (const char* name : extensions)
        if (cmark_syntax_extension* extension = cmark_find_syntax_extension(name))
            cmark_parser_attach_syntax_extension(parser.get(), extension);
    cmark_parser_feed(parser.get(), markdown.data(), markdown.size());
    std::unique_ptr<cmark_node, NodeFree> document(cmark_parser_finish(parser.get()));
    if (!document) throw std::bad_alloc();
    std::unique_ptr<char, decltype(&std::free)> html(
        cmark_render_html(document.get(), options, cmark_parser_get_syntax_extensions(parser.get())), &std::free);
    if (!html) throw std::bad_alloc();
    return html.get();
}

}  // namespace vitae

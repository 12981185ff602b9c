#include "markdown.hpp"

#include <cmark.h>

#include <cstdlib>
#include <memory>
#include <new>

namespace vitae {

std::string markdown_to_html(std::string_view markdown) {
    // CMARK_OPT_DEFAULT is safe in cmark >= 0.29 (raw HTML needs CMARK_OPT_UNSAFE).
    std::unique_ptr<char, decltype(&std::free)> html(
        cmark_markdown_to_html(markdown.data(), markdown.size(), CMARK_OPT_DEFAULT), &std::free);
    if (!html) throw std::bad_alloc();
    return html.get();
}

}  // namespace vitae

#include "render/math/body_html.hpp"

#include "render/math/markdown_math.hpp"
#include "render/text/page_text.hpp"
#include "render/text/sanitize.hpp"
#include "rules/link.hpp"

namespace vitae {

BodyFormat post_body_format(std::string_view column) {
    return column == "html" ? BodyFormat::html : BodyFormat::markdown_math;
}

std::string body_html(std::string_view text, BodyFormat format, const PictureHtml& pictures) {
    switch (format) {
    case BodyFormat::markdown: return markdown_to_html(text, pictures);
    case BodyFormat::markdown_math: return markdown_with_math_to_html(text, pictures);
    case BodyFormat::html: return sanitize_html(text);
    }
    return {};
}

AccessibleHtml accessible_body(std::string_view text, BodyFormat format, std::string_view lang,
                               const PictureHtml& pictures, const PictureDescribed& described) {
    AccessibleHtml result = accessible_html(body_html(text, format, pictures), lang);
    if (format == BodyFormat::html) return result;
    for (const std::string& url : markdown_images_without_alt(text)) {
        auto name = file_link_name(url);
        if (name && described && described(*name)) continue;
        result.findings.push_back({AccessibilityRule::image_description, "![](" + url + ")"});
    }
    return result;
}

std::string body_text(std::string_view text, BodyFormat format) { return plain_text_of_html(body_html(text, format)); }

}  // namespace vitae

// A body as the site shows it: the one rule that turns what the owner wrote
// (a post, a news item, a talk's abstract, a project's text, a bio
// paragraph) into HTML. Markdown is rendered (cmark's safe mode; raw HTML
// inside it goes through the one sanitizer) with its TeX math where the
// field has math; a body written as HTML goes through the one sanitizer.
// Every place that shows a body calls this (the page, the feeds, the
// descriptions, the editor's preview), so none can show a body another way:
// the feeds once carried an HTML post's body as written, script and all.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "render/text/accessibility.hpp"
#include "render/text/markdown.hpp"

namespace vitae {

enum class BodyFormat {
    markdown,       // Markdown alone: the home page's bio paragraphs
    markdown_math,  // Markdown with TeX math: posts, news, talks' abstracts, projects
    html,           // HTML the owner pasted (a post's body_format "html")
};

// A post's body_format column: "html" is HTML, anything else Markdown with math.
BodyFormat post_body_format(std::string_view column);

// `text` as HTML safe to put in a page unescaped. `pictures`: how a stored
// picture named in Markdown is shown (markdown.hpp); HTML keeps its <img>.
std::string body_html(std::string_view text, BodyFormat format, const PictureHtml& pictures = {});

// Whether the stored picture named `name` has a description of its own
// (then ![](/files/name) is shown with it and is not reported).
using PictureDescribed = std::function<bool(std::string_view name)>;

// A body as its own page shows it (a post, a page, a project: under the
// page's h1, in a page in `lang`): body_html, then the accessibility rules
// (render/text/accessibility.hpp), with a Markdown image written without a
// description reported. The pages, the editor and `vitae check
// --accessibility` all call this, so what is reported is what is shown.
AccessibleHtml accessible_body(std::string_view text, BodyFormat format, std::string_view lang,
                               const PictureHtml& pictures = {}, const PictureDescribed& described = {});

// The words a reader sees of body_html: tags gone, entities decoded, what
// the sanitizer drops dropped with its text. For descriptions.
std::string body_text(std::string_view text, BodyFormat format);

}  // namespace vitae

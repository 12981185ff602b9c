// Markdown to HTML with Debian's libcmark-gfm: CommonMark plus the GitHub
// extensions researchers write (tables, ~~strikethrough~~, bare-URL
// autolinks, task lists, footnotes), in its default safe mode: javascript:
// links are dropped (and the tagfilter extension escapes the tags GitHub
// filters), and raw HTML the owner wrote goes through the one sanitizer
// (core/render/text/sanitize) rather than being dropped, so a Markdown field can
// be rendered unescaped in a template without opening an injection path.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vitae {

// How an image written ![alt](/files/<name> "caption") is shown: the HTML
// of that stored picture (<picture> with its smaller copies, <img> with
// width and height), or none when no such picture is stored (then cmark's
// plain <img> stays). `loading`: eager for the post's first such image,
// which may be in view at once; lazy for the rest.
enum class PictureLoading { eager, lazy };
using PictureHtml =
    std::function<std::optional<std::string>(std::string_view name, std::string_view alt, PictureLoading loading)>;

// An image alone in its paragraph becomes a <figure>, its title the
// <figcaption>; one inside text stays inline.
std::string markdown_to_html(std::string_view markdown, const PictureHtml& pictures = {});

// `html` (as markdown_to_html makes it) with an id on each heading, so a
// section of a post can be linked to: GitHub's rule (the heading's text,
// ASCII letters in lower case, other letters as written, punctuation
// dropped, spaces as '-'), "-1", "-2"… when repeated.
std::string with_heading_ids(std::string_view html);

// The URL of each image in `markdown` written with no description
// (![](x.png)), in order: the image rule (render/text/accessibility.hpp)
// asks, since the HTML cmark writes for it (alt="") reads as decorative.
std::vector<std::string> markdown_images_without_alt(std::string_view markdown);

}  // namespace vitae

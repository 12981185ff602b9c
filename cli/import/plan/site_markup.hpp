// import-site: the generators' markup that is not Markdown, turned into
// Markdown where its meaning is plain and reported either way, never
// dropped silently:
// - Hugo shortcodes: figure -> an image with its alt text and caption;
//   callout, alert, notice, admonition, details... -> a block quote with its
//   label; youtube, vimeo, gist, tweet -> a link; highlight -> a fenced
//   block; math -> display math; ref/relref -> the page's path; button ->
//   a link; icons and other decoration removed; any other shortcode's inner
//   text kept, the tags removed;
// - Liquid includes of a figure, an image or a video -> the same, and
//   post_url/link -> the address;
// - kramdown attribute lists ({: .class}, {:target="_blank"}, {:toc} with
//   its "* TOC" line) removed: the class or target they set means nothing
//   in Vitae's pages; {::comment} blocks removed; {::nomarkdown} kept as HTML.
// Fenced code blocks are left as written.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vitae::cli {

struct MarkupNote {
    int line = 0;         // in the file
    std::string message;  // "Hugo shortcode {{< figure ... >}}: an image, its caption below"
};

std::string hugo_shortcodes_to_markdown(std::string_view body, int first_line, std::vector<MarkupNote>& notes);
std::string liquid_includes_to_markdown(std::string_view body, int first_line, std::vector<MarkupNote>& notes);
// `removed` counts the attribute lists taken out.
std::string without_kramdown_attributes(std::string_view body, int& removed);

}  // namespace vitae::cli

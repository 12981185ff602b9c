// Markup that producers put into BibTeX fields, turned into what it means
// before the value is read as LaTeX: IEEE Xplore's and ACM's
// <inline-formula><tex-math>$...$</tex-math></inline-formula> becomes the
// math it holds, <sub>/<sup> become math sub- and superscripts, the tags
// Google Scholar, ADS and JATS use for emphasis and structure (<i>, <b>,
// <em>, <span>, <scp>, <p>, <mml:...>...) are dropped keeping their text,
// and HTML character references (&amp;, &#233;) become characters. Only
// known tag names are touched: "<Top-k>" in a title is text and stays.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

struct ResolvedMarkup {
    std::string text;      // `raw` with its markup resolved
    bool changed = false;  // whether there was any
};
ResolvedMarkup resolve_field_markup(std::string_view raw);

}  // namespace vitae

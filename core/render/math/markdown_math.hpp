// Markdown with TeX math, as ML and systems posts are written: $…$ and \(…\)
// inline, $$…$$, \[…\] and \begin{align}…-style environments display,
// converted to MathML (core/render/math)
// when the page renders, so the page needs no script. The math is taken out
// before the Markdown is parsed (so `_` and `*` inside it stay TeX) and put
// back after; code spans and fenced code blocks are left alone, `\$` is a
// dollar, and a single $ opens math only as pandoc's tex_math_dollars has it:
// no space just inside either delimiter and no digit right after the closing
// one, so "$5 and $10" stays text. A span the converter cannot do shows as
// its TeX source in <code class="tex">, and vitae check names it. The spans
// of a post share one MathContext: a \newcommand in one formula serves the
// later ones, and equation numbers run through the post.
#pragma once

#include "render/text/markdown.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace vitae {

std::string markdown_with_math_to_html(std::string_view markdown, const PictureHtml& pictures = {});

// "$\foo x$: \foo is not supported" for each span shown as source.
std::vector<std::string> markdown_math_problems(std::string_view markdown);

}  // namespace vitae

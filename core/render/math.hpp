// TeX math -> MathML Core, on the server, so a page shows math with no
// script (Chromium, Firefox and Safari render MathML natively). Covers what
// paper titles and abstracts use: letters, numbers and operators, ^ and _,
// {groups}, Greek, \frac, \sqrt, \mathrm/\mathbf/\mathbb/\mathcal/\text and
// \operatorname, accents (\hat, \bar, \vec, \tilde, \dot), \left...\right,
// big operators and the common relation and arrow symbols. Anything else is
// not guessed: the span is shown as its TeX source, and the caller is told.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vitae {

struct MathResult {
    std::string mathml;       // <math>...</math>; empty when not converted
    std::string unsupported;  // the first command or construct not converted
};

MathResult tex_to_mathml(std::string_view tex, bool display);

// Text holding $...$, $$...$$ or \(...\) spans (as the BibTeX importer keeps
// them) -> HTML: the text escaped as Mustache escapes it, each span as MathML
// or, when it cannot be converted, as <code class="tex">its source</code>.
// Text without a span comes back exactly as Mustache would escape it.
std::string text_with_math_html(std::string_view text);

// "$\foo x$: \foo is not supported" for each span that shows as source.
std::vector<std::string> math_problems(std::string_view text);

// One span, `source` as written (delimiters included) and `tex` inside it:
// its MathML, or <code class="tex">source</code> when it cannot be converted.
// Shared by text_with_math_html and Markdown posts (markdown_math).
std::string math_span_html(std::string_view source, std::string_view tex, bool display);
// The span's entry for math_problems, or "" when it converts.
std::string math_span_problem(std::string_view source, std::string_view tex, bool display);

}  // namespace vitae

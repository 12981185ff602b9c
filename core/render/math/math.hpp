// TeX math -> MathML Core, on the server, so a page shows math with no
// script (Chromium, Firefox and Safari render MathML natively). Covers what
// paper titles, abstracts and ML/systems posts use: scripts, fractions,
// roots, big operators with limits, Greek, fonts, accents and braces,
// \left...\right, matrices and arrays, cases, the amsmath display
// environments with equation numbers, \tag, \label/\eqref, text, spacing,
// colour, and user macros defined in the post (math_macros). The parser is
// math_convert (environments in math_env), the tables math_symbols. Anything
// else is not guessed: the span is shown as its TeX source, the caller told.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vitae {

struct MathResult {
    std::string mathml;       // <math>...</math>; empty when not converted
    std::string unsupported;  // the first command or construct not converted
};

// A macro a post defined (\newcommand{\R}{\mathbb{R}}): its body with #1..#9.
struct MathMacro {
    int arity = 0;
    std::optional<std::string> optional_default;  // \newcommand{\x}[2][default]{...}
    std::string body;
};
using MathMacros = std::map<std::string, MathMacro, std::less<>>;  // by name, without the backslash

// What the formulas of one post share, in post order: the macros defined
// so far, the equation numbers given so far, and the labels they carry. A
// formula that fails keeps the macros it defined but gives no numbers.
struct MathContext {
    MathMacros macros;
    int equations = 0;
    std::map<std::string, std::string, std::less<>> labels;  // \label -> "3" (or its \tag)
    bool forward_refs = false;  // an \eqref to a label not seen yet: convert the post again with `labels`
};

// TeX's two styles: a formula in a line of text ($...$, \(...\)) or set
// apart from it ($$...$$, \[...\], the display environments): limits under
// big operators, large fractions, its own block.
enum class MathStyle { text, display };

MathResult tex_to_mathml(std::string_view tex, MathStyle style);  // on its own: a fresh context
MathResult tex_to_mathml(std::string_view tex, MathStyle style, MathContext& context);

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
std::string math_span_html(std::string_view source, std::string_view tex, MathStyle style);
// The span's entry for math_problems, or "" when it converts.
std::string math_span_problem(std::string_view source, std::string_view tex, MathStyle style);

// Both for one span of a post, converted once in `context`.
struct MathSpan {
    std::string html;
    std::string problem;  // "" when it converts
};
MathSpan math_span(std::string_view source, std::string_view tex, MathStyle style, MathContext& context);

}  // namespace vitae

#include "render/math/math.hpp"

#include <utility>

#include "base/text.hpp"
#include "render/math/convert.hpp"

namespace vitae {

namespace {


// A span of math in text: $...$, $$...$$ or \(...\).
struct SpanAt {
    std::size_t length = 0;  // 0: none starts there
    std::string_view inner;  // its TeX
    MathStyle style = MathStyle::text;  // display: $$...$$
};

SpanAt span_at(std::string_view text, std::size_t at) {
    std::string_view open, close;
    if (text.substr(at, 2) == "$$") open = close = "$$";
    else if (text[at] == '$') open = close = "$";
    else if (text.substr(at, 2) == "\\(") open = "\\(", close = "\\)";
    else return {};
    for (auto end = text.find(close, at + open.size()); end != std::string_view::npos;
         end = text.find(close, end + 1)) {
        if (text[end - 1] == '\\') continue;
        if (end == at + open.size()) return {};
        return {.length = end + close.size() - at,
                .inner = text.substr(at + open.size(), end - at - open.size()),
                .style = open == "$$" ? MathStyle::display : MathStyle::text};
    }
    return {};
}

// The formula as MathML that speaks: its TeX as alttext (what a reader
// without MathML support announces) and as the x-tex annotation (what a
// copy or a screen reader's "show source" gives). <semantics> shows only its
// first child, hence the one <mrow>. Display math scrolls inside its own box
// (the style's math[display=block]), so it is focusable: a keyboard can
// scroll it (WCAG 2.1.1 with 1.4.10 reflow).
std::string math_element(std::string_view tex, MathStyle style, const std::string& body) {
    std::string source = html_escape(trim(tex));
    std::string out = style == MathStyle::display ? "<math display=\"block\" tabindex=\"0\"" : "<math";
    out += " alttext=\"" + source + "\"><semantics><mrow>" + body + "</mrow>";
    out += "<annotation encoding=\"application/x-tex\">" + source + "</annotation></semantics></math>";
    return out;
}

}  // namespace

MathResult tex_to_mathml(std::string_view tex, MathStyle style, MathContext& context) {
    const int equations = context.equations;  // a formula that fails gives no numbers
    try {
        std::string body = math::Converter(tex, style, context).run();
        return {math_element(tex, style, body), ""};
    } catch (const math::Unsupported& e) {
        context.equations = equations;
        return {"", e.what()};
    }
}

MathResult tex_to_mathml(std::string_view tex, MathStyle style) {
    MathContext context;
    return tex_to_mathml(tex, style, context);
}

MathSpan math_span(std::string_view source, std::string_view tex, MathStyle style, MathContext& context) {
    auto math = tex_to_mathml(tex, style, context);
    if (!math.mathml.empty()) return {std::move(math.mathml), ""};
    return {"<code class=\"tex\">" + html_escape(source) + "</code>",
            std::string(source) + ": " + math.unsupported + " is not supported"};
}

std::string math_span_html(std::string_view source, std::string_view tex, MathStyle style) {
    MathContext context;
    return math_span(source, tex, style, context).html;
}

std::string math_span_problem(std::string_view source, std::string_view tex, MathStyle style) {
    MathContext context;
    return math_span(source, tex, style, context).problem;
}

std::vector<std::string> math_problems(std::string_view text) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        auto span = span_at(text, i);
        if (span.length == 0) continue;
        if (auto problem = math_span_problem(text.substr(i, span.length), span.inner, span.style); !problem.empty())
            out.push_back(std::move(problem));
        i += span.length - 1;
    }
    return out;
}

std::string text_with_math_html(std::string_view text) {
    std::string out;
    std::size_t plain = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '$' && !(text[i] == '\\' && text.substr(i, 2) == "\\(")) continue;
        auto span = span_at(text, i);
        if (span.length == 0) continue;
        out += html_escape(text.substr(plain, i - plain));
        out += math_span_html(text.substr(i, span.length), span.inner, span.style);
        i += span.length - 1;
        plain = i + 1;
    }
    out += html_escape(text.substr(plain));
    return out;
}

}  // namespace vitae

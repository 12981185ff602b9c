#include "render/math/markdown_math.hpp"

#include "render/math/math.hpp"
#include "render/text/markdown.hpp"

namespace vitae {

namespace {

struct Span {
    std::string_view source;  // as written, delimiters included
    std::string_view tex;
    MathStyle style = MathStyle::text;
};

// The Markdown with each math span replaced by a token Markdown leaves as
// it is (letters and digits only), and the spans in order.
struct Extracted {
    std::string markdown;
    std::vector<Span> spans;
};

std::string token(std::size_t n) { return "VITAEMATHSPAN" + std::to_string(n) + "Z"; }

bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A fence line (``` or ~~~, up to three spaces in): its fence, else empty.
std::string_view fence_of(std::string_view line) {
    std::size_t indent = line.find_first_not_of(' ');
    if (indent == std::string_view::npos || indent > 3) return {};
    char c = line[indent];
    if (c != '`' && c != '~') return {};
    std::size_t end = line.find_first_not_of(c, indent);
    std::size_t length = (end == std::string_view::npos ? line.size() : end) - indent;
    return length >= 3 ? line.substr(indent, length) : std::string_view{};
}

// Display environments written straight into the Markdown, as MathJax and
// KaTeX's auto-render take them: \begin{align}…\end{align} is display math
// whole (the converter reads the environment itself).
constexpr std::string_view display_environments[] = {"equation", "equation*", "align",     "align*",
                                                     "gather",   "gather*",   "multline",  "multline*",
                                                     "eqnarray", "eqnarray*", "alignat",   "alignat*"};

Span environment_at(std::string_view rest) {
    auto close = rest.find('}');
    if (close == std::string_view::npos) return {};
    std::string_view name = rest.substr(7, close - 7);
    bool known = false;
    for (auto e : display_environments) known = known || e == name;
    if (!known) return {};
    std::string end = "\\end{" + std::string(name) + "}";
    auto at = rest.find(end, close);
    if (at == std::string_view::npos) return {};
    std::string_view whole = rest.substr(0, at + end.size());
    return {whole, whole, MathStyle::display};
}

// The span of math starting at `at`, or a zero-length one.
Span math_at(std::string_view text, std::size_t at) {
    auto paragraph_end = text.find("\n\n", at);
    std::string_view rest = text.substr(at, paragraph_end == std::string_view::npos ? std::string_view::npos
                                                                                    : paragraph_end - at);
    auto delimited = [&](std::string_view open, std::string_view close, MathStyle style) -> Span {
        if (!rest.starts_with(open)) return {};
        for (auto end = rest.find(close, open.size()); end != std::string_view::npos; end = rest.find(close, end + 1)) {
            if (rest[end - 1] == '\\' && close[0] == '$') continue;  // \$ inside is a dollar
            if (end == open.size()) return {};
            return {rest.substr(0, end + close.size()), rest.substr(open.size(), end - open.size()), style};
        }
        return {};
    };
    if (rest.starts_with("\\begin{")) return environment_at(rest);
    if (rest.starts_with("$$")) return delimited("$$", "$$", MathStyle::display);
    if (rest.starts_with("\\[")) return delimited("\\[", "\\]", MathStyle::display);
    if (rest.starts_with("\\(")) return delimited("\\(", "\\)", MathStyle::text);
    if (!rest.starts_with("$") || rest.size() < 3 || blank(rest[1])) return {};
    for (std::size_t end = 2; end < rest.size(); ++end) {
        if (rest[end] != '$' || rest[end - 1] == '\\') continue;
        if (blank(rest[end - 1])) continue;  // not a closing $
        if (end + 1 < rest.size() && rest[end + 1] >= '0' && rest[end + 1] <= '9') continue;  // "$5 and $10"
        return {rest.substr(0, end + 1), rest.substr(1, end - 1), MathStyle::text};
    }
    return {};
}

Extracted extract(std::string_view md) {
    Extracted out;
    std::string_view fence;  // of the code block we are in, if any
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < md.size();) {
        if (i == line_start) {  // fences are decided per line
            std::size_t eol = md.find('\n', i);
            std::size_t next = eol == std::string_view::npos ? md.size() : eol + 1;
            std::string_view line = md.substr(i, next - i);
            std::string_view f = fence_of(line);
            bool closes = !fence.empty() && f.size() >= fence.size() && f[0] == fence[0];
            if (!fence.empty() || !f.empty()) {
                if (fence.empty()) fence = f;
                else if (closes) fence = {};
                out.markdown.append(line);
                i = line_start = next;
                continue;
            }
        }
        char c = md[i];
        std::size_t step = 1;
        if (c == '`') {  // a code span: to the matching run of backticks, verbatim
            std::size_t run = md.find_first_not_of('`', i);
            run = (run == std::string_view::npos ? md.size() : run) - i;
            auto close = md.find(std::string(run, '`'), i + run);
            step = close == std::string_view::npos ? run : close + run - i;
        } else if (c == '\\' && i + 1 < md.size() && md[i + 1] == '$') {
            step = 2;  // an escaped dollar: Markdown makes it "$"
        } else if (c == '$' || (c == '\\' && i + 1 < md.size() && (md[i + 1] == '(' || md[i + 1] == '[')) ||
                   md.substr(i).starts_with("\\begin{")) {
            if (Span span = math_at(md, i); !span.source.empty()) {
                out.markdown += token(out.spans.size());
                out.spans.push_back(span);
                i += span.source.size();
                continue;
            }
        }
        std::string_view piece = md.substr(i, step);
        out.markdown.append(piece);
        std::size_t newline = piece.rfind('\n');
        if (newline != std::string_view::npos) line_start = i + newline + 1;
        i += step;
    }
    return out;
}

// Every span converted in post order, sharing one context: macros defined
// in one formula serve the later ones, equations are numbered through the
// post. An \eqref to a later label needs the labels first, so then the post
// is converted once more, knowing them.
std::vector<MathSpan> convert(const std::vector<Span>& spans) {
    std::vector<MathSpan> out;
    MathContext context;
    for (const Span& span : spans) out.push_back(math_span(span.source, span.tex, span.style, context));
    if (!context.forward_refs) return out;
    MathContext again;
    again.labels = std::move(context.labels);
    out.clear();
    for (const Span& span : spans) out.push_back(math_span(span.source, span.tex, span.style, again));
    return out;
}

}  // namespace

std::string markdown_with_math_to_html(std::string_view markdown, const PictureHtml& pictures) {
    Extracted e = extract(markdown);
    std::string html = markdown_to_html(e.markdown, pictures);
    if (e.spans.empty()) return html;
    std::vector<MathSpan> math = convert(e.spans);
    std::string out;
    std::size_t from = 0;
    for (std::size_t n = 0; n < e.spans.size(); ++n) {
        std::string mark = token(n);
        auto at = html.find(mark, from);
        if (at == std::string::npos) continue;  // dropped with its element (e.g. inside raw HTML)
        out.append(html, from, at - from);
        out += math[n].html;
        from = at + mark.size();
    }
    out.append(html, from);
    return out;
}

std::vector<std::string> markdown_math_problems(std::string_view markdown) {
    std::vector<std::string> out;
    for (MathSpan& span : convert(extract(markdown).spans))
        if (!span.problem.empty()) out.push_back(std::move(span.problem));
    return out;
}

}  // namespace vitae

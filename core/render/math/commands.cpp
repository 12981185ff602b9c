// The commands of math_convert that take arguments or shape a layout:
// fractions, roots, \left...\right, \not, \operatorname, text, colour,
// explicit spaces, references and tags. Tables of plain symbols are in
// math_symbols, environments in math_env.
#include <charconv>
#include <utility>

#include "render/math/convert.hpp"

namespace vitae::math {

namespace {

// "\not=": the negated relation Unicode has, else the mark U+0338 on it.
constexpr std::pair<std::string_view, std::string_view> negations[] = {
    {"=", "≠"}, {"<", "≮"}, {">", "≯"}, {"∈", "∉"}, {"⊂", "⊄"}, {"⊃", "⊅"}, {"⊆", "⊈"}, {"⊇", "⊉"}, {"≡", "≢"},
    {"∼", "≁"}, {"≈", "≉"}, {"∣", "∤"}, {"∥", "∦"}, {"≤", "≰"}, {"≥", "≱"}, {"≃", "≄"}, {"≅", "≇"}, {"∃", "∄"}};

// "1.5em", "-3mu", "2pt" -> CSS em, or nothing when it is not a plain length.
std::optional<std::string> css_length(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    double value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc()) return std::nullopt;
    std::string_view unit = text.substr(static_cast<std::size_t>(end - text.data()));
    while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
    double em = unit == "em" ? 1 : unit == "ex" ? 0.431 : unit == "mu" ? 1.0 / 18 : unit == "pt" ? 0.1 : unit == "px" ? 0.0625 : -1;
    if (em < 0 || value > 100 || value < -100) return std::nullopt;
    char buffer[32];
    auto [p, e] = std::to_chars(buffer, buffer + sizeof buffer, value * em, std::chars_format::fixed, 4);
    if (e != std::errc()) return std::nullopt;
    return std::string(buffer, p) + "em";
}

bool is_plain_name(std::string_view text) {
    for (char c : text)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' || c == '-'))
            return false;
    return !text.empty();
}

}  // namespace

std::string Converter::command_more(std::string_view name) {
    if (name == "frac" || name == "dfrac" || name == "tfrac" || name == "cfrac" || name == "binom" ||
        name == "dbinom" || name == "tbinom")
        return fraction(name);
    if (name == "sqrt") {
        skip_space();
        if (peek() != '[') return "<msqrt>" + argument() + "</msqrt>";
        std::string index = bracketed();
        return "<mroot>" + argument() + index + "</mroot>";
    }
    if (name == "left") {
        std::string out = "<mrow>" + delimiter("");
        for (;;) {
            out += sequence(stop_right);
            std::string_view end = peek_command();
            if (end != "right" && end != "middle") throw Unsupported("\\left without \\right");
            pos_ += 1 + end.size();
            out += delimiter("");
            if (end == "right") return out + "</mrow>";
        }
    }
    if (name == "right" || name == "middle") throw Unsupported("\\" + std::string(name) + " without \\left");
    if (name == "operatorname" || name == "operatornamewithlimits") return operator_name();
    if (name == "not") return negated();
    if (name == "mathop" || name == "mathbin" || name == "mathrel" || name == "mathord" || name == "mathpunct" ||
        name == "mathinner" || name == "mathopen" || name == "mathclose") {
        std::string inner = argument();
        if (name == "mathop") limits_ = Limits::display_only;
        return inner;
    }
    if (name == "stackrel" || name == "overset" || name == "underset") {
        std::string top = script_argument();
        std::string base = argument();
        limits_ = Limits::scripts;
        return name == "underset" ? "<munder>" + base + top + "</munder>" : "<mover>" + base + top + "</mover>";
    }
    if (name == "xrightarrow" || name == "xleftarrow" || name == "xRightarrow" || name == "xLeftarrow" ||
        name == "xleftrightarrow" || name == "xmapsto") {
        skip_space();
        std::string below = peek() == '[' ? bracketed() : "";
        std::string above = script_argument();
        std::string_view arrow = name == "xrightarrow" ? "→" : name == "xleftarrow" ? "←" : name == "xRightarrow" ? "⇒"
                               : name == "xLeftarrow" ? "⇐" : name == "xleftrightarrow" ? "↔" : "↦";
        std::string mo = "<mo stretchy=\"true\" minsize=\"1.8em\">" + std::string(arrow) + "</mo>";
        if (!below.empty()) return "<munderover>" + mo + below + above + "</munderover>";
        return "<mover>" + mo + above + "</mover>";
    }
    if (name == "textcolor" || name == "colorbox") {
        raw_optional();
        auto colour = raw_group();
        bool ok = !colour.empty() && colour.size() <= limits::max_math_colour_bytes && colour.find_first_of("\"<>&' ;") == std::string_view::npos;
        std::string inner = name == "colorbox" ? text(Variant::none) : argument();
        std::string attribute = name == "colorbox" ? "mathbackground" : "mathcolor";
        return ok ? "<mstyle " + attribute + "=\"" + html_escape(colour) + "\">" + inner + "</mstyle>" : inner;
    }
    if (name == "boxed" || name == "fbox")
        return "<mrow style=\"border:0.05em solid;padding:0.2em\">" + (name == "fbox" ? text(Variant::none) : argument()) +
               "</mrow>";
    if (name == "phantom") return "<mphantom>" + argument() + "</mphantom>";
    if (name == "hphantom") return "<mpadded height=\"0\" depth=\"0\"><mphantom>" + argument() + "</mphantom></mpadded>";
    if (name == "vphantom") return "<mpadded width=\"0\"><mphantom>" + argument() + "</mphantom></mpadded>";
    if (name == "smash") return "<mpadded height=\"0\" depth=\"0\">" + argument() + "</mpadded>";
    if (name == "llap" || name == "rlap" || name == "clap" || name == "mathllap" || name == "mathrlap" ||
        name == "mathclap")
        return "<mpadded width=\"0\">" + argument() + "</mpadded>";
    if (name == "mathstrut" || name == "strut")
        return "<mpadded width=\"0\"><mphantom><mo stretchy=\"false\">(</mo></mphantom></mpadded>";
    if (name == "hspace" || name == "mspace" || name == "kern" || name == "mkern" || name == "hskip" || name == "mskip")
        return dimension_space();
    if (name == "pmod" || name == "pod") {
        std::string inner = argument();
        std::string mod = name == "pmod" ? "<mi>mod</mi><mspace width=\"0.3333em\"></mspace>" : "";
        return "<mrow><mspace width=\"1em\"></mspace><mo stretchy=\"false\">(</mo>" + mod + inner +
               "<mo stretchy=\"false\">)</mo></mrow>";
    }
    if (name == "substack") {
        skip_space();
        if (peek() != '{') throw Unsupported("\\substack without {");
        ++pos_;
        Table t = table({.extra_stop = stop_brace});
        if (peek() != '}') throw Unsupported("unclosed \\substack");
        ++pos_;
        return "<mstyle scriptlevel=\"1\">" + render(t, {.aligns = "c"}) + "</mstyle>";
    }
    if (name == "eqref" || name == "ref") return reference(name == "eqref" ? RefForm::parenthesised : RefForm::bare);
    if (name == "tag" || name == "label" || name == "nonumber" || name == "notag") {
        tag_command(name);
        return "";
    }
    if (name == "begin") return environment();
    if (name == "end") throw Unsupported("\\end without \\begin");
    if (name == "underbar") return "<munder accentunder=\"true\">" + argument() + "<mo stretchy=\"true\">‾</mo></munder>";
    if (name == "hline" || name == "hdashline" || name == "relax" || name == "nobreak" || name == "allowbreak" ||
        name == "displaybreak" || name == "limits" || name == "nolimits" || name == "centering")
        return "";
    if (name == "\\" || name == "cr" || name == "newline") throw Unsupported("\\\\ outside a table");
    throw Unsupported("\\" + std::string(name));
}

// [index] of \sqrt, [below] of \xrightarrow: parsed where it stands.
std::string Converter::bracketed() {
    ++pos_;
    bool outer = std::exchange(display_, false);
    std::string inside = sequence(stop_bracket);
    display_ = outer;
    if (peek() != ']') throw Unsupported("unclosed [");
    ++pos_;
    return inside;
}

std::string Converter::fraction(std::string_view name) {
    bool outer = std::exchange(display_, false);
    std::string numerator = argument();
    std::string denominator = argument();
    display_ = outer;
    bool binom = name.ends_with("binom");
    std::string frac = "<mfrac" + std::string(binom ? " linethickness=\"0\"" : "") + ">" + numerator + denominator +
                       "</mfrac>";
    if (binom) frac = "<mrow><mo stretchy=\"true\">(</mo>" + frac + "<mo stretchy=\"true\">)</mo></mrow>";
    if (name.starts_with('d') || name == "cfrac") return "<mstyle displaystyle=\"true\" scriptlevel=\"0\">" + frac + "</mstyle>";
    if (name.starts_with('t')) return "<mstyle displaystyle=\"false\" scriptlevel=\"0\">" + frac + "</mstyle>";
    return frac;
}

std::string Converter::negated() {
    skip_space();
    std::string token = atom();
    for (auto [plain, negative] : negations)
        for (std::string_view open : {"<mo>", "<mi>"})
            if (token == std::string(open) + html_escape(plain) + "</" + std::string(open.substr(1)))
                return "<mo>" + std::string(negative) + "</mo>";
    auto close = token.rfind("</");
    if (close == std::string::npos || token.find('<', 1) != close) throw Unsupported("\\not before this");
    return token.substr(0, close) + "\u0338" + token.substr(close);
}

// \operatorname{softmax}: one upright name; \operatorname*{arg\,max}: with limits under in display.
std::string Converter::operator_name() {
    bool limits = peek() == '*';
    if (limits) ++pos_;
    skip_space();
    std::size_t start = pos_;
    std::string_view raw = raw_group();
    std::string out;
    if (is_plain_name(raw)) {
        out = "<mi>" + std::string(raw) + "</mi>";
    } else {
        pos_ = start;
        Variant outer = std::exchange(variant_, Variant::normal);
        out = argument();
        variant_ = outer;
    }
    limits_ = limits ? Limits::display_only : Limits::scripts;
    return out;
}

// \text{...}: text with $math$ inside; spaces at its ends kept (no-break spaces).
std::string Converter::text(Variant variant) {
    skip_space();
    if (at_end()) throw Unsupported("\\text without an argument");
    if (peek() != '{') {  // \text x: one character
        std::size_t start = pos_++;
        while (!at_end() && (static_cast<unsigned char>(peek()) & 0xC0) == 0x80) ++pos_;
        return "<mtext>" + html_escape(tex_.substr(start, pos_ - start)) + "</mtext>";
    }
    ++pos_;
    if (++depth_ > limits::max_math_depth)
        throw Unsupported("nesting deeper than " + std::to_string(limits::max_math_depth));
    std::string style = variant == Variant::bold ? " style=\"font-weight:bold\""
                        : variant == Variant::italic ? " style=\"font-style:italic\""
                        : variant == Variant::sans_serif ? " style=\"font-family:sans-serif\""
                        : variant == Variant::monospace ? " style=\"font-family:monospace\"" : "";
    std::string out, run;
    int count = 0, braces = 0;
    auto flush = [&] {
        if (run.empty()) return;
        if (run.front() == ' ') run.replace(0, 1, "\u00A0");
        if (run.back() == ' ') run.replace(run.size() - 1, 1, "\u00A0");
        out += "<mtext" + style + ">" + html_escape(run) + "</mtext>";
        run.clear();
        ++count;
    };
    for (;;) {
        if (at_end()) throw Unsupported("unclosed {");
        char c = tex_[pos_];
        if (c == '}' && braces == 0) {
            ++pos_;
            break;
        }
        ++pos_;
        if (c == '{') ++braces;
        else if (c == '}') --braces;
        else if (c == '$') {
            flush();
            out += sequence(stop_dollar);
            if (peek() != '$') throw Unsupported("unclosed $ in \\text");
            ++pos_;
            ++count;
        } else if (c == '\\') {
            --pos_;
            std::string_view name = command_name();
            if (name.size() == 1 && std::string_view("%$&#_{} ,;:!").find(name[0]) != std::string_view::npos)
                run += std::string_view(",;:!").find(name[0]) != std::string_view::npos ? ' ' : name[0];
            else if (name == "quad" || name == "qquad") run += name == "quad" ? "\u2003" : "\u2003\u2003";
            else if (name == "ldots" || name == "dots" || name == "textellipsis") run += "…";
            else if (name == "textbackslash") run += '\\';
            else if (auto v = text_command(name)) flush(), out += text(*v), ++count;
            else throw Unsupported("\\" + std::string(name) + " in text");
        } else if (c == '~') {
            run += "\u00A0";
        } else if (c == '\n' || c == '\t' || c == '\r') {
            run += ' ';
        } else {
            run += c;
        }
    }
    flush();
    --depth_;
    if (count == 0) return "<mtext></mtext>";
    return mrow(out, count);
}

std::string Converter::dimension_space() {
    skip_space();
    if (peek() == '*') ++pos_;
    std::string_view raw;
    if (peek() == '{') {
        raw = raw_group();
    } else {  // \kern3mu: up to the unit
        std::size_t start = pos_;
        while (!at_end() && (std::string_view("+-.0123456789 ").find(peek()) != std::string_view::npos)) ++pos_;
        if (pos_ + 2 <= tex_.size()) pos_ += 2;
        raw = tex_.substr(start, pos_ - start);
    }
    auto width = css_length(raw);
    if (!width) throw Unsupported("the length " + std::string(raw));
    return "<mspace width=\"" + *width + "\"></mspace>";
}

// \eqref{x} -> (3) when x is known (in this formula or an earlier one), else (x).
std::string Converter::reference(RefForm form) {
    std::string label(raw_group());
    std::string text = label;
    if (auto it = context_.labels.find(label); it != context_.labels.end()) text = it->second;
    else {
        bool here = false;
        for (const auto& [l, t] : new_labels_)
            if (l == label) text = t, here = true;
        if (!here) context_.forward_refs = true;
    }
    return "<mtext>" + html_escape(form == RefForm::parenthesised ? "(" + text + ")" : text) + "</mtext>";
}

void Converter::tag_command(std::string_view name) {
    if (name == "nonumber" || name == "notag") {
        if (row_) row_->notag = true;
        return;
    }
    bool star = name == "tag" && peek() == '*';
    if (star) ++pos_;
    skip_space();
    std::size_t start = pos_;
    std::string raw(raw_group());
    if (name == "label") {
        if (row_) row_->labels.push_back(raw);
        return;
    }
    pos_ = start;
    std::string shown = text(Variant::none);
    if (row_ == nullptr) return;
    bool one_text = shown.starts_with("<mtext>") && shown.find('<', 1) == shown.size() - 8;
    if (star) row_->tag = shown;
    else if (one_text) row_->tag = "<mtext>(" + shown.substr(7, shown.size() - 15) + ")</mtext>";
    else row_->tag = "<mrow><mtext>(</mtext>" + shown + "<mtext>)</mtext></mrow>";
    row_->tag_text = raw;
}

}  // namespace vitae::math

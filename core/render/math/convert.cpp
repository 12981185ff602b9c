#include "render/math/convert.hpp"

#include <utility>

#include "base/text.hpp"

namespace vitae::math {

std::string mrow(const std::string& inner, int count) { return count == 1 ? inner : "<mrow>" + inner + "</mrow>"; }

namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A colour that is only a name or #hex, so it cannot break out of the attribute.
std::optional<std::string> safe_colour(std::string_view c) {
    bool name = !c.empty() && c.size() <= limits::max_math_colour_bytes;
    for (char ch : c) name = name && is_letter(ch);
    bool hex = (c.size() == 4 || c.size() == 7) && c[0] == '#';
    for (std::size_t i = 1; hex && i < c.size(); ++i)
        hex = (c[i] >= '0' && c[i] <= '9') || (c[i] >= 'a' && c[i] <= 'f') || (c[i] >= 'A' && c[i] <= 'F');
    if (name || hex) return std::string(c);
    return std::nullopt;
}

// Bold and italic Greek for \boldsymbol{\alpha}: Unicode's math Greek.
std::string styled_greek(std::string_view utf8, Variant variant) {
    if (utf8.size() != 2 || (variant != Variant::bold && variant != Variant::bold_italic && variant != Variant::italic))
        return std::string(utf8);
    char32_t cp = (char32_t(utf8[0] & 0x1F) << 6) | char32_t(utf8[1] & 0x3F);
    char32_t upper = variant == Variant::bold ? 0x1D6A8 : variant == Variant::italic ? 0x1D6E2 : 0x1D71C;
    char32_t lower = upper + 26;
    std::string out;
    if (cp >= 0x391 && cp <= 0x3A9 && cp != 0x3A2) append_utf8(out, upper + (cp - 0x391));
    else if (cp >= 0x3B1 && cp <= 0x3C9) append_utf8(out, lower + (cp - 0x3B1));
    else return std::string(utf8);
    return out;
}

}  // namespace

Converter::Converter(std::string_view tex, MathStyle style, MathContext& context)
    : expanded_(expand_macros(tex, context.macros)), tex_(expanded_), display_(style == MathStyle::display), context_(context) {}

void Converter::skip_space() {
    while (!at_end() && (tex_[pos_] == ' ' || tex_[pos_] == '\t' || tex_[pos_] == '\n' || tex_[pos_] == '\r')) ++pos_;
}

std::string_view Converter::peek_command() const {
    if (peek() != '\\' || pos_ + 1 >= tex_.size()) return {};
    std::size_t end = pos_ + 1;
    while (end < tex_.size() && is_letter(tex_[end])) ++end;
    if (end == pos_ + 1) end += utf8_char_at(tex_, end).size();  // a control symbol, a whole character
    return tex_.substr(pos_ + 1, end - pos_ - 1);
}

std::string_view Converter::command_name() {
    std::string_view name = peek_command();
    if (name.empty()) throw Unsupported("\\");
    pos_ += 1 + name.size();
    return name;
}

// Atoms with their scripts until `stop`; one atom stands alone, more are an <mrow>.
std::string Converter::sequence(unsigned stop) {
    if (++depth_ > limits::max_math_depth)
        throw Unsupported("nesting deeper than " + std::to_string(limits::max_math_depth));
    const Variant outer = variant_;  // a switch inside ends with the group
    const bool outer_display = display_;
    std::string out, numerator, infix;
    int count = 0;
    for (;;) {
        skip_space();
        if (at_end()) break;
        char c = peek();
        if (((stop & stop_brace) && c == '}') || ((stop & stop_bracket) && c == ']') ||
            ((stop & stop_cell) && c == '&') || ((stop & stop_dollar) && c == '$'))
            break;
        if (c == '}') throw Unsupported("unbalanced }");
        if (c == '&') throw Unsupported("& outside a table");
        std::string_view name = peek_command();
        if ((stop & stop_right) && (name == "right" || name == "middle")) break;
        if ((stop & stop_cell) && (name == "\\" || name == "cr" || name == "newline" || name == "end")) break;
        if (name == "over" || name == "choose" || name == "atop" || name == "brack" || name == "brace") {
            if (!infix.empty()) throw Unsupported("ambiguous \\" + std::string(name));
            pos_ += 1 + name.size();
            infix = name;
            numerator = mrow(out, count);
            out.clear();
            count = 0;
            continue;
        }
        if (switch_here(name, stop, out)) {
            ++count;
            break;
        }
        std::string item = scripted();
        if (item.empty()) continue;  // \label, \tag...: no output of their own
        out += item;
        ++count;
    }
    variant_ = outer;
    display_ = outer_display;
    --depth_;
    if (infix.empty()) return mrow(out, count);
    std::string thin = infix == "over" ? "" : " linethickness=\"0\"";
    std::string frac = "<mfrac" + thin + ">" + numerator + mrow(out, count) + "</mfrac>";
    if (infix == "choose") return "<mrow><mo stretchy=\"true\">(</mo>" + frac + "<mo stretchy=\"true\">)</mo></mrow>";
    if (infix == "brace") return "<mrow><mo stretchy=\"true\">{</mo>" + frac + "<mo stretchy=\"true\">}</mo></mrow>";
    if (infix == "brack") return "<mrow><mo stretchy=\"true\">[</mo>" + frac + "<mo stretchy=\"true\">]</mo></mrow>";
    return frac;
}

// \rm, \displaystyle, \color{red}: they apply to the rest of the group, read here into `out`.
bool Converter::switch_here(std::string_view name, unsigned stop, std::string& out) {
    if (name.empty()) return false;
    if (auto v = font_switch(name)) {
        pos_ += 1 + name.size();
        variant_ = *v;
        out += sequence(stop);
        return true;
    }
    std::string open;
    if (name == "displaystyle") open = "<mstyle displaystyle=\"true\" scriptlevel=\"0\">";
    else if (name == "textstyle") open = "<mstyle displaystyle=\"false\" scriptlevel=\"0\">";
    else if (name == "scriptstyle") open = "<mstyle displaystyle=\"false\" scriptlevel=\"1\">";
    else if (name == "scriptscriptstyle") open = "<mstyle displaystyle=\"false\" scriptlevel=\"2\">";
    else if (auto size = font_size(name)) open = "<mstyle mathsize=\"" + std::string(*size) + "\">";
    else if (name != "color") return false;
    pos_ += 1 + name.size();
    if (name == "color") {
        raw_optional();  // a colour model: the colour is then not a name we pass on
        auto colour = safe_colour(raw_group());
        open = colour ? "<mstyle mathcolor=\"" + *colour + "\">" : "<mstyle>";
    }
    if (name == "displaystyle" || name.ends_with("style")) display_ = name == "displaystyle";
    out += open + sequence(stop) + "</mstyle>";
    return true;
}

// An atom, then ^ and _ in either order, and primes.
std::string Converter::scripted() {
    std::string base = atom();
    if (base.empty()) return base;
    Limits limits = limits_;  // before the scripts' own atoms reset it
    std::string sub, sup, primes;
    for (;;) {
        skip_space();
        std::string_view name = peek_command();
        if (name == "limits" || name == "nolimits") {
            pos_ += 1 + name.size();
            limits = name == "limits" ? Limits::always : Limits::scripts;
        } else if (peek() == '_') {
            if (!sub.empty()) throw Unsupported("a double subscript");
            ++pos_;
            sub = script_argument();
        } else if (peek() == '^') {
            if (!sup.empty()) throw Unsupported("a double superscript");
            ++pos_;
            sup = script_argument();
        } else if (peek() == '\'' && sup.empty()) {
            while (peek() == '\'') primes += "′", ++pos_;
        } else {
            break;
        }
    }
    if (!primes.empty()) sup = sup.empty() ? "<mo>" + primes + "</mo>" : "<mrow><mo>" + primes + "</mo>" + sup + "</mrow>";
    bool under = limits == Limits::movable || limits == Limits::always || (limits == Limits::display_only && display_);
    const char* both = under ? "munderover" : "msubsup";
    if (!sub.empty() && !sup.empty()) return "<" + std::string(both) + ">" + base + sub + sup + "</" + both + ">";
    if (!sub.empty()) return under ? "<munder>" + base + sub + "</munder>" : "<msub>" + base + sub + "</msub>";
    if (!sup.empty()) return under ? "<mover>" + base + sup + "</mover>" : "<msup>" + base + sup + "</msup>";
    return base;
}

std::string Converter::script_argument() {
    bool outer = std::exchange(display_, false);
    std::string out = argument();
    display_ = outer;
    return out;
}

// The argument of a command or a script: a {group} or one token.
std::string Converter::argument() {
    skip_space();
    if (peek() == '{') {
        ++pos_;
        std::string inner = sequence(stop_brace);
        if (peek() != '}') throw Unsupported("unclosed {");
        ++pos_;
        return inner.empty() ? "<mrow></mrow>" : inner;
    }
    if (at_end() || peek() == '}' || peek() == '&') throw Unsupported("a missing argument");
    std::string one = atom();
    if (one.empty()) throw Unsupported("a missing argument");
    return one;
}

// The raw text of a {group}, for \text, colours and labels.
std::string_view Converter::raw_group() {
    skip_space();
    if (peek() != '{') throw Unsupported("expected {");
    int depth = 0;
    std::size_t start = ++pos_;
    for (; !at_end(); ++pos_) {
        if (tex_[pos_] == '\\') ++pos_;
        else if (tex_[pos_] == '{') ++depth;
        else if (tex_[pos_] == '}' && depth-- == 0) break;
    }
    if (at_end()) throw Unsupported("unclosed {");
    return tex_.substr(start, pos_++ - start);
}

std::optional<std::string_view> Converter::raw_optional() {
    skip_space();
    if (peek() != '[') return std::nullopt;
    std::size_t start = ++pos_;
    while (!at_end() && peek() != ']') ++pos_;
    if (at_end()) throw Unsupported("unclosed [");
    return tex_.substr(start, pos_++ - start);
}

std::string Converter::atom() {
    limits_ = Limits::scripts;
    char c = peek();
    if (c == '{') return argument();
    if (c == '_' || c == '^') return "<mrow></mrow>";  // a script on nothing: {}_\ast
    if (c == '\\') return command();
    if (c >= '0' && c <= '9') {
        std::size_t start = pos_;
        while (!at_end() && ((peek() >= '0' && peek() <= '9') || (peek() == '.' && pos_ + 1 < tex_.size() &&
                                                                   tex_[pos_ + 1] >= '0' && tex_[pos_ + 1] <= '9')))
            ++pos_;
        std::string number;
        for (char d : tex_.substr(start, pos_ - start)) number += styled(d, variant_);
        return "<mn>" + number + "</mn>";
    }
    if (is_letter(c)) return letters(c);
    ++pos_;
    if (c == '(' || c == ')' || c == '[' || c == ']' || c == '|')
        return "<mo stretchy=\"false\">" + std::string(1, c) + "</mo>";
    if (std::string_view("+-=<>,;:!?/*.@\"").find(c) != std::string_view::npos) {
        std::string op = c == '-' ? "−" : c == '*' ? "∗" : html_escape(std::string_view(&c, 1));
        return "<mo>" + op + "</mo>";
    }
    if (c == '\'') return "<mo>′</mo>";
    if (c == '~') return "<mspace width=\"0.3333em\"></mspace>";
    if (static_cast<unsigned char>(c) >= 0xC0) {  // a UTF-8 letter or symbol as written
        std::size_t start = pos_ - 1;
        while (!at_end() && (static_cast<unsigned char>(peek()) & 0xC0) == 0x80) ++pos_;
        std::string_view ch = tex_.substr(start, pos_ - start);
        return (is_unicode_operator(ch) ? "<mo>" : "<mi>") + std::string(ch) + (is_unicode_operator(ch) ? "</mo>" : "</mi>");
    }
    --pos_;
    throw Unsupported(c == '$' ? "$ inside math" : c == '#' ? "# outside a macro" : std::string(1, c));
}

// One letter, as TeX sets it: italic, or in the font of \mathbf{...} and the like.
std::string Converter::letters(char first) {
    ++pos_;
    if (variant_ == Variant::normal) return "<mi mathvariant=\"normal\">" + std::string(1, first) + "</mi>";
    return "<mi>" + styled(first, variant_) + "</mi>";
}

std::string Converter::symbol(const Symbol& s) {
    switch (s.kind) {
        case SymbolKind::ordinary:
            if (variant_ == Variant::normal && s.text.size() == 2 && s.command.size() > 1 && s.command[0] >= 'a' &&
                s.command[0] <= 'z')  // \mathrm{\alpha}: upright
                return "<mi mathvariant=\"normal\">" + std::string(s.text) + "</mi>";
            return "<mi>" + html_escape(styled_greek(s.text, variant_)) + "</mi>";
        case SymbolKind::fence: return "<mo stretchy=\"false\">" + html_escape(s.text) + "</mo>";
        case SymbolKind::large: limits_ = Limits::movable; break;
        case SymbolKind::integral:
        case SymbolKind::op: break;
    }
    return "<mo>" + html_escape(s.text) + "</mo>";
}

std::string Converter::command() {
    std::string_view name = command_name();
    if (const Symbol* s = find_symbol(name)) return symbol(*s);
    if (const Function* f = find_function(name)) {
        if (f->limits) limits_ = Limits::display_only;
        return "<mi>" + std::string(f->text) + "</mi>";
    }
    if (auto width = space_width(name)) return "<mspace width=\"" + std::string(*width) + "\"></mspace>";
    if (auto v = font_command(name)) {
        Variant outer = std::exchange(variant_, *v);
        std::string inner = argument();
        variant_ = outer;
        return inner;
    }
    if (auto v = text_command(name)) return text(*v);
    if (const Accent* a = find_accent(name)) {
        std::string base = argument();
        std::string mark = std::string("<mo") + (a->stretch ? " stretchy=\"true\">" : ">") + html_escape(a->mark) + "</mo>";
        if (name == "overbrace" || name == "underbrace") limits_ = Limits::always;  // its label goes over or under
        if (a->under) return "<munder accentunder=\"true\">" + base + mark + "</munder>";
        return "<mover accent=\"true\">" + base + mark + "</mover>";
    }
    if (auto size = big_size(name)) {
        std::string attributes = " minsize=\"" + std::string(*size) + "\" maxsize=\"" + std::string(*size) + "\"";
        return delimiter(attributes);
    }
    return command_more(name);
}

// After \left, \right, \middle or \big: ( [ | . \{ \langle...
std::string Converter::delimiter(std::string_view attributes) {
    skip_space();
    if (at_end()) throw Unsupported("a missing delimiter");
    if (peek() == '.') {
        ++pos_;
        return "<mrow></mrow>";
    }
    std::string token = atom();
    const std::string plain = "<mo stretchy=\"false\">";
    if (token.starts_with(plain)) token = "<mo>" + token.substr(plain.size());
    if (token.starts_with("<mo>")) return "<mo" + std::string(attributes) + " stretchy=\"true\">" + token.substr(4);
    throw Unsupported("a delimiter");
}

}  // namespace vitae::math

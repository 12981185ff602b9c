#include "math.hpp"

#include <kainjow/mustache.hpp>

#include <cstdint>
#include <stdexcept>
#include <utility>

#include "text.hpp"

namespace vitae {

namespace {

std::string escape(std::string_view text) { return kainjow::mustache::html_escape<std::string>(std::string(text)); }

// MathML Core has no mathvariant but "normal" on <mi>: bold, blackboard,
// script... letters are Unicode's Mathematical Alphanumeric Symbols.
enum class Variant { none, normal, bold, italic, bold_italic, script, fraktur, double_struck, sans_serif, monospace };

struct Alphabet {
    Variant variant;
    char32_t upper, lower, digit;  // 0: letters of that case stay as they are
};
constexpr Alphabet alphabets[] = {
    {Variant::bold, 0x1D400, 0x1D41A, 0x1D7CE},        {Variant::italic, 0x1D434, 0x1D44E, 0},
    {Variant::bold_italic, 0x1D468, 0x1D482, 0},      {Variant::script, 0x1D49C, 0x1D4B6, 0},
    {Variant::fraktur, 0x1D504, 0x1D51E, 0},          {Variant::double_struck, 0x1D538, 0x1D552, 0x1D7D8},
    {Variant::sans_serif, 0x1D5A0, 0x1D5BA, 0x1D7E2}, {Variant::monospace, 0x1D670, 0x1D68A, 0x1D7F6}};

// The letters those alphabets leave out, because Unicode had them before.
constexpr std::pair<std::pair<Variant, char>, char32_t> holes[] = {
    {{Variant::italic, 'h'}, 0x210E},        {{Variant::script, 'B'}, 0x212C},        {{Variant::script, 'E'}, 0x2130},
    {{Variant::script, 'F'}, 0x2131},        {{Variant::script, 'H'}, 0x210B},        {{Variant::script, 'I'}, 0x2110},
    {{Variant::script, 'L'}, 0x2112},        {{Variant::script, 'M'}, 0x2133},        {{Variant::script, 'R'}, 0x211B},
    {{Variant::script, 'e'}, 0x212F},        {{Variant::script, 'g'}, 0x210A},        {{Variant::script, 'o'}, 0x2134},
    {{Variant::fraktur, 'C'}, 0x212D},       {{Variant::fraktur, 'H'}, 0x210C},       {{Variant::fraktur, 'I'}, 0x2111},
    {{Variant::fraktur, 'R'}, 0x211C},       {{Variant::fraktur, 'Z'}, 0x2128},       {{Variant::double_struck, 'C'}, 0x2102},
    {{Variant::double_struck, 'H'}, 0x210D}, {{Variant::double_struck, 'N'}, 0x2115}, {{Variant::double_struck, 'P'}, 0x2119},
    {{Variant::double_struck, 'Q'}, 0x211A}, {{Variant::double_struck, 'R'}, 0x211D}, {{Variant::double_struck, 'Z'}, 0x2124}};

// `c` (a letter or digit) in `variant`'s alphabet, as UTF-8.
std::string styled(char c, Variant variant) {
    for (const auto& [key, cp] : holes)
        if (key.first == variant && key.second == c) {
            std::string out;
            append_utf8(out, cp);
            return out;
        }
    for (const auto& a : alphabets) {
        if (a.variant != variant) continue;
        char32_t cp = 0;
        if (c >= 'A' && c <= 'Z' && a.upper) cp = a.upper + static_cast<char32_t>(c - 'A');
        if (c >= 'a' && c <= 'z' && a.lower) cp = a.lower + static_cast<char32_t>(c - 'a');
        if (c >= '0' && c <= '9' && a.digit) cp = a.digit + static_cast<char32_t>(c - '0');
        if (cp == 0) break;
        std::string out;
        append_utf8(out, cp);
        return out;
    }
    return std::string(1, c);
}

// A TeX command -> one MathML token.
struct Token {
    std::string_view command;
    std::string_view tag;   // mi, mo
    std::string_view text;  // UTF-8
};

// Greek (lower case is italic, as TeX sets it; upper case upright), symbols,
// relations, arrows, big operators (n-ary: limits go under and over).
constexpr Token tokens[] = {
    {"alpha", "mi", "α"}, {"beta", "mi", "β"}, {"gamma", "mi", "γ"}, {"delta", "mi", "δ"},
    {"epsilon", "mi", "ϵ"}, {"varepsilon", "mi", "ε"}, {"zeta", "mi", "ζ"}, {"eta", "mi", "η"},
    {"theta", "mi", "θ"}, {"vartheta", "mi", "ϑ"}, {"iota", "mi", "ι"}, {"kappa", "mi", "κ"},
    {"lambda", "mi", "λ"}, {"mu", "mi", "μ"}, {"nu", "mi", "ν"}, {"xi", "mi", "ξ"}, {"pi", "mi", "π"},
    {"varpi", "mi", "ϖ"}, {"rho", "mi", "ρ"}, {"varrho", "mi", "ϱ"}, {"sigma", "mi", "σ"},
    {"varsigma", "mi", "ς"}, {"tau", "mi", "τ"}, {"upsilon", "mi", "υ"}, {"phi", "mi", "ϕ"},
    {"varphi", "mi", "φ"}, {"chi", "mi", "χ"}, {"psi", "mi", "ψ"}, {"omega", "mi", "ω"},
    {"Gamma", "mi", "Γ"}, {"Delta", "mi", "Δ"}, {"Theta", "mi", "Θ"}, {"Lambda", "mi", "Λ"},
    {"Xi", "mi", "Ξ"}, {"Pi", "mi", "Π"}, {"Sigma", "mi", "Σ"}, {"Upsilon", "mi", "Υ"},
    {"Phi", "mi", "Φ"}, {"Psi", "mi", "Ψ"}, {"Omega", "mi", "Ω"},
    {"ell", "mi", "ℓ"}, {"hbar", "mi", "ℏ"}, {"infty", "mi", "∞"}, {"partial", "mi", "∂"},
    {"nabla", "mi", "∇"}, {"emptyset", "mi", "∅"}, {"varnothing", "mi", "∅"}, {"aleph", "mi", "ℵ"},
    {"Re", "mi", "ℜ"}, {"Im", "mi", "ℑ"}, {"wp", "mi", "℘"}, {"prime", "mo", "′"},
    {"top", "mi", "⊤"}, {"bot", "mi", "⊥"}, {"imath", "mi", "ı"}, {"jmath", "mi", "ȷ"},
    {"dagger", "mo", "†"}, {"ddagger", "mo", "‡"}, {"angle", "mi", "∠"}, {"triangle", "mi", "△"},
    {"backslash", "mo", "∖"}, {"colon", "mo", ":"}, {"vdash", "mo", "⊢"}, {"models", "mo", "⊨"},
    {"lVert", "mo", "‖"}, {"rVert", "mo", "‖"}, {"lvert", "mo", "|"}, {"rvert", "mo", "|"},
    {"sharp", "mi", "♯"}, {"flat", "mi", "♭"}, {"natural", "mi", "♮"}, {"degree", "mi", "°"},
    {"times", "mo", "×"}, {"cdot", "mo", "⋅"}, {"pm", "mo", "±"}, {"mp", "mo", "∓"}, {"div", "mo", "÷"},
    {"ast", "mo", "∗"}, {"star", "mo", "⋆"}, {"circ", "mo", "∘"}, {"bullet", "mo", "∙"},
    {"oplus", "mo", "⊕"}, {"otimes", "mo", "⊗"}, {"odot", "mo", "⊙"}, {"wedge", "mo", "∧"},
    {"land", "mo", "∧"}, {"vee", "mo", "∨"}, {"lor", "mo", "∨"}, {"neg", "mo", "¬"}, {"lnot", "mo", "¬"},
    {"cap", "mo", "∩"}, {"cup", "mo", "∪"}, {"setminus", "mo", "∖"},
    {"leq", "mo", "≤"}, {"le", "mo", "≤"}, {"geq", "mo", "≥"}, {"ge", "mo", "≥"}, {"neq", "mo", "≠"},
    {"ne", "mo", "≠"}, {"ll", "mo", "≪"}, {"gg", "mo", "≫"}, {"approx", "mo", "≈"}, {"sim", "mo", "∼"},
    {"simeq", "mo", "≃"}, {"cong", "mo", "≅"}, {"equiv", "mo", "≡"}, {"propto", "mo", "∝"},
    {"lesssim", "mo", "≲"}, {"gtrsim", "mo", "≳"}, {"in", "mo", "∈"}, {"notin", "mo", "∉"},
    {"ni", "mo", "∋"}, {"subset", "mo", "⊂"}, {"subseteq", "mo", "⊆"}, {"supset", "mo", "⊃"},
    {"supseteq", "mo", "⊇"}, {"perp", "mo", "⊥"}, {"parallel", "mo", "∥"}, {"mid", "mo", "∣"},
    {"forall", "mo", "∀"}, {"exists", "mo", "∃"}, {"to", "mo", "→"}, {"rightarrow", "mo", "→"},
    {"leftarrow", "mo", "←"}, {"gets", "mo", "←"}, {"leftrightarrow", "mo", "↔"},
    {"Rightarrow", "mo", "⇒"}, {"Leftarrow", "mo", "⇐"}, {"Leftrightarrow", "mo", "⇔"},
    {"implies", "mo", "⟹"}, {"iff", "mo", "⟺"}, {"mapsto", "mo", "↦"}, {"uparrow", "mo", "↑"},
    {"downarrow", "mo", "↓"}, {"ldots", "mo", "…"}, {"cdots", "mo", "⋯"}, {"dots", "mo", "…"},
    {"vdots", "mo", "⋮"}, {"ddots", "mo", "⋱"}, {"langle", "mo", "⟨"}, {"rangle", "mo", "⟩"},
    {"lceil", "mo", "⌈"}, {"rceil", "mo", "⌉"}, {"lfloor", "mo", "⌊"}, {"rfloor", "mo", "⌋"},
    {"vert", "mo", "|"}, {"Vert", "mo", "‖"}, {"{", "mo", "{"}, {"}", "mo", "}"}, {"|", "mo", "‖"},
    {"%", "mo", "%"}, {"#", "mo", "#"}, {"&", "mo", "&"}, {"$", "mo", "$"}, {"_", "mo", "_"},
    {"sum", "mo", "∑"}, {"prod", "mo", "∏"}, {"coprod", "mo", "∐"}, {"int", "mo", "∫"},
    {"iint", "mo", "∬"}, {"oint", "mo", "∮"}, {"bigcup", "mo", "⋃"}, {"bigcap", "mo", "⋂"},
    {"bigoplus", "mo", "⨁"}, {"bigotimes", "mo", "⨂"},
};

// Upright function names: \log, \max...
constexpr std::string_view functions[] = {"log", "ln", "exp", "sin", "cos", "tan", "cot", "sec", "csc", "arcsin",
                                          "arccos", "arctan", "sinh", "cosh", "tanh", "max", "min", "sup", "inf",
                                          "lim", "limsup", "liminf", "det", "dim", "ker", "deg", "gcd", "arg",
                                          "Pr", "exp", "hom", "mod", "bmod", "lg"};

constexpr std::pair<std::string_view, Variant> variants[] = {
    {"mathbf", Variant::bold},          {"boldsymbol", Variant::bold_italic}, {"bm", Variant::bold_italic},
    {"mathit", Variant::italic},        {"mathbb", Variant::double_struck},   {"mathcal", Variant::script},
    {"mathscr", Variant::script},       {"mathfrak", Variant::fraktur},       {"mathsf", Variant::sans_serif},
    {"mathtt", Variant::monospace},     {"mathrm", Variant::normal},          {"mathup", Variant::normal}};

// The old font switches: they apply to the rest of their {group}.
constexpr std::pair<std::string_view, Variant> switches[] = {
    {"rm", Variant::normal}, {"bf", Variant::bold}, {"it", Variant::italic}, {"cal", Variant::script},
    {"sf", Variant::sans_serif}, {"tt", Variant::monospace}};

constexpr std::pair<std::string_view, std::string_view> accents[] = {
    {"hat", "^"}, {"widehat", "^"}, {"bar", "¯"}, {"overline", "¯"}, {"tilde", "~"}, {"widetilde", "~"},
    {"vec", "→"}, {"dot", "˙"}, {"ddot", "¨"}, {"check", "ˇ"}, {"breve", "˘"}};

constexpr std::string_view spaces[][2] = {{",", "0.1667em"}, {":", "0.2222em"}, {";", "0.2778em"},
                                          {"quad", "1em"},    {"qquad", "2em"},   {" ", "0.25em"},
                                          {"!", "-0.1667em"}, {"enspace", "0.5em"}};

struct Unsupported : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Recursive descent over the TeX; each parse_* returns MathML for what it read.
class Converter {
public:
    explicit Converter(std::string_view tex) : tex_(tex) {}

    std::string run() {
        std::string body = sequence('\0');
        if (pos_ < tex_.size()) throw Unsupported(std::string(1, tex_[pos_]));
        return body;
    }

private:
    static constexpr int max_depth = 32;  // bounded recursion, whatever the input

    bool at_end() const { return pos_ >= tex_.size(); }
    char peek() const { return at_end() ? '\0' : tex_[pos_]; }
    void skip_space() {
        while (!at_end() && (tex_[pos_] == ' ' || tex_[pos_] == '\t' || tex_[pos_] == '\n')) ++pos_;
    }

    // Atoms with their scripts until `close` ('}' or ']') or the end.
    std::string sequence(char close) {
        if (++depth_ > max_depth) throw Unsupported("nesting deeper than 32");
        const Variant outer = variant_;  // a switch inside ends with the group
        std::string out;
        int count = 0;
        for (;;) {
            skip_space();
            if (at_end() || (close != '\0' && peek() == close)) break;
            if (peek() == '\\' && tex_.substr(pos_, 6) == "\\right") break;  // ends a \left group
            if (font_switch()) continue;
            out += scripted();
            ++count;
        }
        variant_ = outer;
        --depth_;
        return count == 1 ? out : "<mrow>" + out + "</mrow>";
    }

    // \rm, \bf...: true (and the variant set) when one stands here.
    bool font_switch() {
        if (peek() != '\\') return false;
        std::size_t end = pos_ + 1;
        while (end < tex_.size() && ((tex_[end] >= 'a' && tex_[end] <= 'z') || (tex_[end] >= 'A' && tex_[end] <= 'Z'))) ++end;
        std::string_view name = tex_.substr(pos_ + 1, end - pos_ - 1);
        for (auto [command, variant] : switches)
            if (command == name) {
                variant_ = variant;
                pos_ = end;
                return true;
            }
        return false;
    }

    // An atom, then ^ and _ in either order.
    std::string scripted() {
        std::string base = atom();
        const bool big = base_is_big_operator_;  // before the scripts' own atoms reset it
        std::string sub, sup;
        for (;;) {
            skip_space();
            if (peek() == '_' && sub.empty()) {
                ++pos_;
                sub = argument();
            } else if (peek() == '^' && sup.empty()) {
                ++pos_;
                sup = argument();
            } else if (peek() == '\'' && sup.empty()) {
                ++pos_;
                sup = "<mo>′</mo>";
            } else {
                break;
            }
        }
        const char* both = big ? "munderover" : "msubsup";
        if (!sub.empty() && !sup.empty()) return "<" + std::string(both) + ">" + base + sub + sup + "</" + both + ">";
        if (!sub.empty()) return big ? "<munder>" + base + sub + "</munder>" : "<msub>" + base + sub + "</msub>";
        if (!sup.empty()) return big ? "<mover>" + base + sup + "</mover>" : "<msup>" + base + sup + "</msup>";
        return base;
    }

    // The argument of a command or a script: a {group} or one token.
    std::string argument() {
        skip_space();
        if (peek() == '{') {
            ++pos_;
            std::string inner = sequence('}');
            if (peek() != '}') throw Unsupported("unclosed {");
            ++pos_;
            return inner.empty() ? "<mrow></mrow>" : inner;
        }
        if (at_end()) throw Unsupported("a script without an argument");
        return atom();
    }

    // The raw text of a {group}, for \text and \operatorname.
    std::string_view raw_group() {
        skip_space();
        if (peek() != '{') throw Unsupported("expected {");
        int depth = 0;
        std::size_t start = ++pos_;
        for (; !at_end(); ++pos_) {
            if (tex_[pos_] == '{') ++depth;
            else if (tex_[pos_] == '}' && depth-- == 0) break;
        }
        if (at_end()) throw Unsupported("unclosed {");
        return tex_.substr(start, pos_++ - start);
    }

    std::string atom() {
        base_is_big_operator_ = false;
        char c = peek();
        if (c == '{') return argument();
        if (c == '_' || c == '^') return "<mrow></mrow>";  // a script on nothing: {}_\ast
        if (c == '\\') return command();
        if (c >= '0' && c <= '9') {
            std::size_t start = pos_;
            while (!at_end() && ((peek() >= '0' && peek() <= '9') || peek() == '.')) ++pos_;
            std::string number;
            for (char d : tex_.substr(start, pos_ - start)) number += styled(d, variant_);
            return "<mn>" + number + "</mn>";
        }
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            ++pos_;
            if (variant_ == Variant::normal) return "<mi mathvariant=\"normal\">" + std::string(1, c) + "</mi>";
            return "<mi>" + styled(c, variant_) + "</mi>";
        }
        if (std::string_view("+-=<>,;:!?()[]|/*.").find(c) != std::string_view::npos) {
            ++pos_;
            std::string op = c == '-' ? "−" : c == '*' ? "∗" : escape(std::string_view(&c, 1));
            return "<mo>" + op + "</mo>";
        }
        if (static_cast<unsigned char>(c) >= 0x80) {  // a UTF-8 letter or symbol as written
            std::size_t start = pos_++;
            while (!at_end() && (static_cast<unsigned char>(peek()) & 0xC0) == 0x80) ++pos_;
            return "<mi>" + std::string(tex_.substr(start, pos_ - start)) + "</mi>";
        }
        throw Unsupported(std::string(1, c));
    }

    std::string_view command_name() {
        std::size_t start = ++pos_;  // past the backslash
        if (at_end()) throw Unsupported("\\");
        if ((peek() >= 'a' && peek() <= 'z') || (peek() >= 'A' && peek() <= 'Z'))
            while (!at_end() && ((peek() >= 'a' && peek() <= 'z') || (peek() >= 'A' && peek() <= 'Z'))) ++pos_;
        else
            ++pos_;
        return tex_.substr(start, pos_ - start);
    }

    std::string command() {
        std::string_view name = command_name();
        for (const auto& t : tokens)
            if (t.command == name) {
                base_is_big_operator_ = t.text == "∑" || t.text == "∏" || t.text == "∐" || t.text == "⋃" ||
                                        t.text == "⋂" || t.text == "⨁" || t.text == "⨂";
                return "<" + std::string(t.tag) + ">" + escape(t.text) + "</" + std::string(t.tag) + ">";
            }
        for (auto f : functions)
            if (f == name) return "<mi>" + std::string(name) + "</mi>";
        for (const auto& s : spaces)
            if (s[0] == name) return "<mspace width=\"" + std::string(s[1]) + "\"></mspace>";
        for (auto [command, variant] : variants)
            if (command == name) {
                Variant outer = std::exchange(variant_, variant);
                std::string inner = argument();
                variant_ = outer;
                return inner;
            }
        for (auto [command, mark] : accents)
            if (command == name)
                return "<mover accent=\"true\">" + argument() + "<mo>" + escape(mark) + "</mo></mover>";
        if (name == "frac" || name == "dfrac" || name == "tfrac") {
            std::string numerator = argument();
            return "<mfrac>" + numerator + argument() + "</mfrac>";
        }
        if (name == "sqrt") {
            skip_space();
            if (peek() == '[') {
                ++pos_;
                std::string index = sequence(']');
                if (peek() != ']') throw Unsupported("unclosed [");
                ++pos_;
                std::string radicand = argument();
                return "<mroot>" + radicand + index + "</mroot>";
            }
            return "<msqrt>" + argument() + "</msqrt>";
        }
        if (name == "text" || name == "textrm" || name == "mbox" || name == "textit" || name == "textbf")
            return "<mtext>" + escape(raw_group()) + "</mtext>";
        if (name == "operatorname") return "<mi>" + escape(raw_group()) + "</mi>";
        if (name == "left") {
            std::string open = delimiter();
            std::string inner = sequence('\0');
            if (tex_.substr(pos_, 6) != "\\right") throw Unsupported("\\left without \\right");
            pos_ += 6;
            return "<mrow>" + open + inner + delimiter() + "</mrow>";
        }
        if (name == "big" || name == "Big" || name == "bigl" || name == "bigr" || name == "Bigl" || name == "Bigr")
            return delimiter();
        throw Unsupported("\\" + std::string(name));
    }

    // After \left or \right: ( [ | . \{ \langle...
    std::string delimiter() {
        skip_space();
        if (at_end()) throw Unsupported("a missing delimiter");
        if (peek() == '.') {
            ++pos_;
            return "";
        }
        std::string token = atom();
        if (token.starts_with("<mo>")) return "<mo stretchy=\"true\">" + token.substr(4);
        throw Unsupported("delimiter");
    }

    std::string_view tex_;
    std::size_t pos_ = 0;
    int depth_ = 0;
    bool base_is_big_operator_ = false;
    Variant variant_ = Variant::none;  // of the letters being read: \mathbf{...} and the like
};

// The length of the span at `at` ($...$, $$...$$, \(...\)) and its inner TeX; 0 when none.
std::size_t span_at(std::string_view text, std::size_t at, std::string_view& inner, bool& display) {
    std::string_view open, close;
    if (text.substr(at, 2) == "$$") open = close = "$$";
    else if (text[at] == '$') open = close = "$";
    else if (text.substr(at, 2) == "\\(") open = "\\(", close = "\\)";
    else return 0;
    for (auto end = text.find(close, at + open.size()); end != std::string_view::npos;
         end = text.find(close, end + 1)) {
        if (text[end - 1] == '\\') continue;
        if (end == at + open.size()) return 0;
        inner = text.substr(at + open.size(), end - at - open.size());
        display = open == "$$";
        return end + close.size() - at;
    }
    return 0;
}

}  // namespace

MathResult tex_to_mathml(std::string_view tex, bool display) {
    try {
        std::string body = Converter(tex).run();
        std::string open = display ? "<math display=\"block\">" : "<math>";
        return {open + body + "</math>", ""};
    } catch (const Unsupported& e) {
        return {"", e.what()};
    }
}

std::string math_span_html(std::string_view source, std::string_view tex, bool display) {
    auto math = tex_to_mathml(tex, display);
    return math.mathml.empty() ? "<code class=\"tex\">" + escape(source) + "</code>" : math.mathml;
}

std::string math_span_problem(std::string_view source, std::string_view tex, bool display) {
    auto math = tex_to_mathml(tex, display);
    return math.mathml.empty() ? std::string(source) + ": " + math.unsupported + " is not supported" : std::string();
}

std::vector<std::string> math_problems(std::string_view text) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        std::string_view inner;
        bool display = false;
        std::size_t length = span_at(text, i, inner, display);
        if (length == 0) continue;
        if (auto problem = math_span_problem(text.substr(i, length), inner, display); !problem.empty())
            out.push_back(std::move(problem));
        i += length - 1;
    }
    return out;
}

std::string text_with_math_html(std::string_view text) {
    std::string out;
    std::size_t plain = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '$' && !(text[i] == '\\' && text.substr(i, 2) == "\\(")) continue;
        std::string_view inner;
        bool display = false;
        std::size_t length = span_at(text, i, inner, display);
        if (length == 0) continue;
        out += escape(text.substr(plain, i - plain));
        out += math_span_html(text.substr(i, length), inner, display);
        i += length - 1;
        plain = i + 1;
    }
    out += escape(text.substr(plain));
    return out;
}

}  // namespace vitae

#include "render/math/macros.hpp"

namespace vitae::math {

namespace {

bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// "...\alpha": true, so a letter put right after would change the name.
bool ends_with_control_word(std::string_view s) {
    std::size_t i = s.size();
    while (i > 0 && letter(s[i - 1])) --i;
    if (i == s.size() || i == 0 || s[i - 1] != '\\') return false;
    std::size_t slashes = 0;  // \\alpha is a row break, then letters
    for (std::size_t j = i; j > 0 && s[j - 1] == '\\'; --j) ++slashes;
    return slashes % 2 == 1;
}

// The unread input is kept reversed, so an expansion is pushed on its end
// and the whole run is linear in what it reads.
class Expander {
public:
    Expander(std::string_view tex, MathMacros& macros) : macros_(macros), pending_(tex.rbegin(), tex.rend()) {}

    std::string run() {
        while (!pending_.empty()) {
            char c = pending_.back();
            if (c == '%') {  // a comment, to the end of the line
                while (!pending_.empty() && pending_.back() != '\n') pending_.pop_back();
                continue;
            }
            if (c != '\\') {
                out_ += c;
                pending_.pop_back();
                continue;
            }
            std::string name = control_sequence();
            if (!define(name)) {
                if (auto it = macros_.find(std::string_view(name).substr(1)); it != macros_.end())
                    expand(it->second);
                else
                    out_ += name;
            }
            if (out_.size() + pending_.size() > limits::max_math_expanded_bytes)
                throw Unsupported("a formula over " + limits::size_text(limits::max_math_expanded_bytes) +
                                  " after macro expansion");
        }
        return std::move(out_);
    }

private:
    char next() {
        char c = pending_.back();
        pending_.pop_back();
        return c;
    }
    void skip_spaces() {
        while (!pending_.empty() && space(pending_.back())) pending_.pop_back();
    }

    // At a backslash: "\name" or "\%", consumed.
    std::string control_sequence() {
        std::string name(1, next());
        if (pending_.empty()) return name;
        if (!letter(pending_.back())) return name + next();
        while (!pending_.empty() && letter(pending_.back())) name += next();
        return name;
    }

    // A {group}'s inside, braces balanced; at its "{".
    std::string group() {
        next();
        std::string inside;
        for (int depth = 0;;) {
            if (pending_.empty()) throw Unsupported("unclosed {");
            char c = next();
            if (c == '\\' && !pending_.empty()) {
                inside += c;
                inside += next();
                continue;
            }
            if (c == '{') ++depth;
            if (c == '}' && depth-- == 0) return inside;
            inside += c;
        }
    }

    // One argument: a {group}'s inside, a control sequence or one character (UTF-8 included).
    std::string argument() {
        skip_spaces();
        if (pending_.empty()) throw Unsupported("a macro without its argument");
        char c = pending_.back();
        if (c == '{') return group();
        if (c == '\\') return control_sequence();
        if (c == '}') throw Unsupported("a macro without its argument");
        std::string one(1, next());
        while (!pending_.empty() && (static_cast<unsigned char>(pending_.back()) & 0xC0) == 0x80) one += next();
        return one;
    }

    // [text] if one stands here.
    std::optional<std::string> optional() {
        skip_spaces();
        if (pending_.empty() || pending_.back() != '[') return std::nullopt;
        next();
        std::string inside;
        for (int depth = 0;;) {
            if (pending_.empty()) throw Unsupported("unclosed [");
            char c = next();
            if (c == '{') ++depth;
            if (c == '}') --depth;
            if (c == ']' && depth == 0) return inside;
            inside += c;
        }
    }

    bool star() {
        skip_spaces();
        if (pending_.empty() || pending_.back() != '*') return false;
        next();
        return true;
    }

    // The macro's name: \name or {\name}.
    std::string defined_name() {
        std::string name = argument();
        while (!name.empty() && space(name.back())) name.pop_back();
        while (!name.empty() && space(name.front())) name.erase(0, 1);
        if (name.size() < 2 || name[0] != '\\') throw Unsupported("a macro name that is not a \\command");
        return name.substr(1);
    }

    // A definition at "\name" (already read): recorded, true; else false.
    bool define(std::string_view command) {
        if (command == "\\newcommand" || command == "\\renewcommand" || command == "\\providecommand") {
            star();
            std::string name = defined_name();
            MathMacro macro;
            if (auto n = optional()) {
                if (n->size() != 1 || (*n)[0] < '0' || (*n)[0] > '9') throw Unsupported("a macro argument count");
                macro.arity = (*n)[0] - '0';
            }
            macro.optional_default = optional();
            if (macro.optional_default && macro.arity == 0) throw Unsupported("an optional argument of no argument");
            macro.body = argument();
            if (command != "\\providecommand" || !macros_.contains(name)) macros_[name] = std::move(macro);
            return true;
        }
        if (command == "\\def" || command == "\\gdef") {
            std::string name = defined_name();
            MathMacro macro;
            while (!pending_.empty() && pending_.back() == '#') {
                next();
                if (pending_.empty() || pending_.back() != '1' + macro.arity) throw Unsupported("\\def parameters");
                next();
                ++macro.arity;
            }
            skip_spaces();
            if (pending_.empty() || pending_.back() != '{') throw Unsupported("\\def with delimited parameters");
            macro.body = group();
            macros_[name] = std::move(macro);
            return true;
        }
        if (command == "\\let") {
            std::string name = defined_name();
            skip_spaces();
            if (!pending_.empty() && pending_.back() == '=') next();
            MathMacro macro;
            macro.body = argument();
            if (macro.body.size() > 1 && macro.body[0] == '\\')
                if (auto it = macros_.find(std::string_view(macro.body).substr(1)); it != macros_.end())
                    macro = it->second;  // \let copies the meaning it has now
            macros_[name] = std::move(macro);
            return true;
        }
        if (command == "\\DeclareMathOperator") {
            bool limits = star();
            std::string name = defined_name();
            MathMacro macro;
            macro.body = (limits ? "\\operatorname*{" : "\\operatorname{") + argument() + "}";
            macros_[name] = std::move(macro);
            return true;
        }
        return false;
    }

    void expand(const MathMacro& macro) {
        if (++expansions_ > limits::max_math_expansions)
            throw Unsupported("macro expansion over " + std::to_string(limits::max_math_expansions) +
                              " steps (a macro that calls itself?)");
        std::string args[9];
        int first = 0;
        if (macro.optional_default) {
            args[0] = optional().value_or(*macro.optional_default);
            first = 1;
        }
        for (int i = first; i < macro.arity; ++i) args[i] = argument();
        std::string body;
        for (std::size_t i = 0; i < macro.body.size(); ++i) {
            char c = macro.body[i];
            if (c != '#' || i + 1 == macro.body.size()) {
                body += c;
                continue;
            }
            char d = macro.body[++i];
            if (d == '#') {
                body += '#';
                continue;
            }
            if (d < '1' || d > '0' + macro.arity) throw Unsupported("#" + std::string(1, d) + " in a macro");
            const std::string& arg = args[d - '1'];
            body += arg;
            if (ends_with_control_word(arg) && i + 1 < macro.body.size() && letter(macro.body[i + 1])) body += ' ';
        }
        if (ends_with_control_word(body) && !pending_.empty() && letter(pending_.back())) pending_ += ' ';
        pending_.append(body.rbegin(), body.rend());
    }

    MathMacros& macros_;
    std::string pending_;  // reversed
    std::string out_;
    int expansions_ = 0;
};

}  // namespace

std::string expand_macros(std::string_view tex, MathMacros& macros) {
    if (tex.find('\\') == std::string_view::npos && tex.find('%') == std::string_view::npos) return std::string(tex);
    return Expander(tex, macros).run();
}

}  // namespace vitae::math

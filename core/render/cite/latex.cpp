#include "render/cite/latex.hpp"

#include <cctype>
#include <map>

#include "base/error.hpp"
#include "base/text.hpp"
#include "render/cite/latex_table.hpp"

namespace vitae {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// The index-th UTF-8 character of `s`.
std::string_view utf8_at(std::string_view s, std::size_t index) {
    std::size_t pos = 0;
    for (; index > 0 && pos < s.size(); --index) pos += utf8_sequence_length(static_cast<unsigned char>(s[pos]));
    return s.substr(pos, utf8_sequence_length(static_cast<unsigned char>(s[pos])));
}

const AccentRow* find_accent(std::string_view name) {
    for (const auto& row : accent_rows())
        if (row.accent == name) return &row;
    return nullptr;
}

// Where `delimiter` next stands unescaped at or after `from`; npos if nowhere.
std::size_t find_unescaped(std::string_view text, std::string_view delimiter, std::size_t from) {
    for (auto at = text.find(delimiter, from); at != std::string_view::npos; at = text.find(delimiter, at + 1))
        if (at == 0 || text[at - 1] != '\\') return at;
    return std::string_view::npos;
}

}  // namespace

std::size_t tex_math_length(std::string_view text, std::size_t at) {
    if (text.substr(at, 2) == "\\(") {
        auto end = text.find("\\)", at + 2);
        return end == std::string_view::npos ? 0 : end + 2 - at;
    }
    if (at >= text.size() || text[at] != '$') return 0;
    std::string_view delimiter = text.substr(at, 2) == "$$" ? "$$" : "$";
    auto end = find_unescaped(text, delimiter, at + delimiter.size());
    if (end == std::string_view::npos || end == at + delimiter.size()) return 0;
    return end + delimiter.size() - at;
}

namespace {

const Symbol* find_symbol(std::string_view name) {
    for (const auto& symbol : symbols())
        if (symbol.command == name) return &symbol;
    return nullptr;
}

// One pass over the value; `pending_space_` collapses whitespace runs.
class Decoder {
public:
    explicit Decoder(std::string_view tex) : tex_(tex) {}

    DecodedTex run() {
        while (pos_ < tex_.size()) step();
        return {.text = std::move(out_), .stray_backslashes = std::move(dropped_)};
    }

private:
    void step() {
        char c = tex_[pos_];
        if (c == '\\') return command();
        ++pos_;
        if (c == '{' || c == '}') return;  // protecting braces group, they show nothing
        if (c == '~' || is_space(c)) return space();
        if (c == '$') return math();
        if (c == '-') return dashes();
        emit(std::string_view(&tex_[pos_ - 1], 1));
    }

    void space() { pending_space_ = true; }

    // Math is kept as written, delimiters included: the page typesets it,
    // and the export writes it back unchanged.
    void math() {
        std::size_t start = pos_ - 1;
        std::size_t length = tex_math_length(tex_, start);
        if (length == 0) return emit("$");
        pos_ = start + length;
        emit(tex_.substr(start, length));
    }

    void emit(std::string_view text) {
        if (text.empty()) return;
        if (pending_space_ && !out_.empty()) out_ += ' ';
        pending_space_ = false;
        out_ += text;
    }

    void dashes() {
        int count = 1;
        for (; pos_ < tex_.size() && tex_[pos_] == '-'; ++pos_) ++count;
        for (; count >= 3; count -= 3) emit("—");
        if (count == 2) emit("–");
        if (count == 1) emit("-");
    }

    void command() {
        if (std::size_t math = tex_math_length(tex_, pos_); math > 0) {  // \( ... \)
            emit(tex_.substr(pos_, math));
            pos_ += math;
            return;
        }
        ++pos_;
        if (pos_ == tex_.size()) throw Error("a value ends with a lone backslash");
        // "D\ć": TeX has no command spelled with a non-ASCII letter; the
        // backslash is a slip (a half-converted accent), the letter is meant.
        if (static_cast<unsigned char>(tex_[pos_]) >= 0x80) {
            dropped_.push_back(std::string(utf8_char_at(tex_, pos_)));
            return;
        }
        // "\" and a line break or tab: TeX's control space, as "\ " is.
        if (tex_[pos_] == '\n' || tex_[pos_] == '\r' || tex_[pos_] == '\t') {
            ++pos_;
            return space();
        }
        std::size_t start = pos_;
        if (is_letter(tex_[pos_])) {
            while (pos_ < tex_.size() && is_letter(tex_[pos_])) ++pos_;
        } else {
            ++pos_;  // a control symbol: \' \& \\ ...
        }
        std::string_view name = tex_.substr(start, pos_ - start);
        // TeX swallows the spaces after a control word: "Stra\ss e" is "Straße".
        if (is_letter(name[0]))
            while (pos_ < tex_.size() && is_space(tex_[pos_])) ++pos_;
        if (name == "ensuremath") return ensure_math();
        if (const auto* row = find_accent(name)) return accent(*row);
        if (const auto* symbol = find_symbol(name)) return emit_symbol(*symbol);
        if (is_formatting_command(name)) return;  // its {argument} is read as plain text
        throw Error("unsupported LaTeX command \\" + std::string(name) + " (write the text in UTF-8)");
    }

    // \ensuremath{x} is math: kept as $x$. Without braces its argument is
    // the next character, as TeX reads it (ADS writes "\ensuremathμm").
    void ensure_math() {
        if (pos_ < tex_.size() && tex_[pos_] != '{' && tex_[pos_] != '\\' && !is_space(tex_[pos_])) {
            std::string_view one = utf8_char_at(tex_, pos_);
            pos_ += one.size();
            return emit("$" + std::string(one) + "$");
        }
        if (pos_ >= tex_.size() || tex_[pos_] != '{') throw Error("\\ensuremath needs a {group}");
        int depth = 0;
        std::size_t start = pos_;
        for (; pos_ < tex_.size(); ++pos_) {
            if (tex_[pos_] == '\\') ++pos_;
            else if (tex_[pos_] == '{') ++depth;
            else if (tex_[pos_] == '}' && --depth == 0) break;
        }
        if (pos_ >= tex_.size()) throw Error("\\ensuremath{ has no closing brace");
        emit("$" + std::string(tex_.substr(start + 1, pos_ - start - 1)) + "$");
        ++pos_;
    }

    void emit_symbol(const Symbol& symbol) {
        if (symbol.utf8 == " ") return space();
        emit(symbol.utf8);
        if (tex_.substr(pos_, 2) == "{}") pos_ += 2;  // \ss{} and \ldots{} end the word
    }

    void accent(const AccentRow& row) {
        while (pos_ < tex_.size() && is_space(tex_[pos_])) ++pos_;
        std::string_view base = accent_base(row);
        if (base.empty()) return emit(row.accent);  // \^{} is a circumflex on its own
        auto index = row.bases.find(base[0]);
        if (base.size() == 1 && index != std::string_view::npos) return emit(utf8_at(row.composed, index));
        emit(base);
        emit(row.combining);
    }

    // The letter an accent applies to: e, {e}, \i, {\i} or {} (none).
    std::string_view accent_base(const AccentRow& row) {
        std::string_view rest = tex_.substr(pos_);
        std::string_view inner;
        if (rest.starts_with('{')) {
            auto close = rest.find('}');
            if (close == std::string_view::npos)
                throw Error("accent \\" + std::string(row.accent) + " has no closing brace");
            inner = trim(rest.substr(1, close - 1));
            pos_ += close + 1;
        } else if (rest.starts_with("\\i") || rest.starts_with("\\j")) {
            inner = rest.substr(0, 2);
            pos_ += 2;
        } else if (!rest.empty() && is_letter(rest[0])) {
            inner = rest.substr(0, 1);
            pos_ += 1;
        } else {
            throw Error("accent \\" + std::string(row.accent) + " is not followed by a letter");
        }
        if (inner == "\\i" || inner == "\\j") return inner.substr(1);
        if (inner.empty() && row.accent.size() == 1 && !is_letter(row.accent[0])) return {};
        if (inner.size() != 1 || !is_letter(inner[0]))
            throw Error("cannot put accent \\" + std::string(row.accent) + " on \"" + std::string(inner) +
                             "\" (one letter expected)");
        return inner;
    }

    std::string_view tex_;
    std::size_t pos_ = 0;
    std::string out_;
    std::vector<std::string> dropped_;  // the letters a stray backslash stood before
    bool pending_space_ = false;
};

// UTF-8 letter -> its LaTeX spelling, from the same table the decoder reads.
const std::map<std::string, std::string, std::less<>>& latex_for_letters() {
    static const auto table = [] {
        std::map<std::string, std::string, std::less<>> out;
        for (const auto& symbol : symbols())
            if (symbol.letter) out.emplace(symbol.utf8, "{\\" + std::string(symbol.command) + "}");
        for (const auto& row : accent_rows()) {
            bool word = is_letter(row.accent[0]);  // \c{c} needs braces, \'e does not
            for (std::size_t i = 0; i < row.bases.size(); ++i) {
                std::string base(1, row.bases[i]);
                out.emplace(utf8_at(row.composed, i),
                            "{\\" + std::string(row.accent) + (word ? "{" + base + "}" : base) + "}");
            }
        }
        return out;
    }();
    return table;
}

std::string_view escape_ascii(char c) {
    switch (c) {
        case '\\':
            return "\\textbackslash{}";
        case '{':
            return "\\{";
        case '}':
            return "\\}";
        case '&':
            return "\\&";
        case '%':
            return "\\%";
        case '$':
            return "\\$";
        case '#':
            return "\\#";
        case '_':
            return "\\_";
        case '~':
            return "\\textasciitilde{}";
        case '^':
            return "\\textasciicircum{}";
        default:
            return {};
    }
}

}  // namespace

DecodedTex decode_latex(std::string_view tex) {
    return Decoder(tex).run();
}

std::string latex_to_utf8(std::string_view tex) {
    return decode_latex(tex).text;
}

std::string utf8_to_latex(std::string_view text) {
    const auto& letters = latex_for_letters();
    std::string out;
    bool pending_space = false;  // a run of blanks, written as the one space BibTeX reads it as
    auto put = [&](std::string_view written) {
        if (pending_space && !out.empty()) out += ' ';
        pending_space = false;
        out += written;
    };
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = utf8_sequence_length(static_cast<unsigned char>(text[i]));
        std::string_view ch = text.substr(i, length);
        i += length;
        if (std::size_t math = ch == "$" || ch == "\\" ? tex_math_length(text, i - 1) : 0; math > 0) {
            put(text.substr(i - 1, math));  // math, kept as the decoder read it
            i += math - 1;
        } else if (ch == " " || ch == "\t" || ch == "\n" || ch == "\r") {
            pending_space = true;
        } else if (ch == "<" && i < text.size() && (std::isalpha(static_cast<unsigned char>(text[i])) || text[i] == '/')) {
            put("\\textless{}");  // "<b>" as text, never read back as a producer's markup
        } else if (auto escaped = escape_ascii(ch[0]); length == 1 && !escaped.empty()) {
            put(escaped);
        } else if (ch == "-" && i < text.size() && text[i] == '-') {
            put("-{}");
        } else if (auto it = letters.find(ch); it != letters.end()) {
            put(it->second);
        } else {
            put(ch);
        }
    }
    return out;
}

namespace {

// Calls at(i) for each position outside braces; at() returns how many
// characters a separator there takes (0: none).
template <typename At>
std::vector<std::string_view> split_where(std::string_view tex, At at) {
    std::vector<std::string_view> parts;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < tex.size(); ++i) {
        if (tex[i] == '\\') {
            ++i;  // \{ and \} are text, not grouping
        } else if (tex[i] == '{') {
            ++depth;
        } else if (tex[i] == '}') {
            --depth;
        } else if (std::size_t width = depth == 0 ? at(i) : 0; width > 0) {
            parts.push_back(trim(tex.substr(start, i - start)));
            start = i + width;
            i = start - 1;
        }
    }
    parts.push_back(trim(tex.substr(start)));
    return parts;
}

}  // namespace

std::vector<std::string_view> split_outside_braces(std::string_view tex, char separator) {
    return split_where(tex, [&](std::size_t i) -> std::size_t { return tex[i] == separator ? 1 : 0; });
}

std::vector<std::string_view> split_names(std::string_view tex) {
    return split_where(tex, [&](std::size_t i) -> std::size_t {
        if (!is_space(tex[i]) || i + 4 >= tex.size() || !is_space(tex[i + 4])) return 0;
        std::string_view word = tex.substr(i + 1, 3);
        bool is_and = (word[0] | 0x20) == 'a' && (word[1] | 0x20) == 'n' && (word[2] | 0x20) == 'd';
        return is_and ? 4 : 0;  // the space after "and" is trimmed off the next name
    });
}

}  // namespace vitae

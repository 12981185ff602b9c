// import-site: Hugo's TOML front matter (between `+++` lines), which older
// Hugo Academic sites use for every talk, post and publication. Debian has
// no TOML library for C++ that the build already pulls in, and front matter
// needs only a small part of TOML: `key = value` with strings (basic,
// literal, multi-line), bare values (numbers, booleans, dates: kept as
// written, as YAML scalars are), arrays, inline tables, [tables] and
// [[arrays of tables]]. It is read into the same YAML node the readers
// take from YAML front matter; anything else is an error naming its line.
#include "cli/import/front/toml_front.hpp"

#include <algorithm>
#include <cctype>

#include "base/error.hpp"
#include "base/text.hpp"

namespace vitae::cli {

namespace {

class TomlReader {
public:
    TomlReader(std::string_view text, int first_line) : t_(text), line_(first_line) {}

    YAML::Node read() {
        YAML::Node root(YAML::NodeType::Map);
        YAML::Node current = root;
        for (skip_blank(true); pos_ < t_.size(); skip_blank(true)) {
            if (peek() == '[') {
                bool array = t_.substr(pos_, 2) == "[[";
                pos_ += array ? 2 : 1;
                std::size_t end = t_.find(array ? "]]" : "]", pos_);
                if (end == std::string_view::npos) fail("a table's name is not closed");
                current.reset(table(root, std::string(trim(t_.substr(pos_, end - pos_))), array));
                pos_ = end + (array ? 2 : 1);
            } else {
                std::string key = read_key();
                skip_blank(false);
                if (peek() != '=') fail("expected '=' after " + key);
                ++pos_;
                current[key] = value();
            }
            end_of_line();
        }
        return root;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw Error("line " + std::to_string(line_) + ": TOML: " + what);
    }
    char peek() const { return pos_ < t_.size() ? t_[pos_] : '\0'; }
    void advance() {
        if (t_[pos_++] == '\n') ++line_;
    }
    // Spaces, and with `lines` newlines and comments too.
    void skip_blank(bool lines) {
        while (pos_ < t_.size()) {
            char c = peek();
            if (c == ' ' || c == '\t' || c == '\r' || (lines && c == '\n')) advance();
            else if (lines && c == '#') while (pos_ < t_.size() && peek() != '\n') advance();
            else break;
        }
    }
    void end_of_line() {
        skip_blank(false);
        if (peek() == '#') while (pos_ < t_.size() && peek() != '\n') advance();
        if (pos_ < t_.size() && peek() != '\n') fail("unexpected '" + std::string(utf8_char_at(t_, pos_)) + "'");
    }

    static YAML::Node table(YAML::Node root, const std::string& name, bool array) {
        YAML::Node node = root;
        std::string rest = name;
        for (std::size_t dot; (dot = rest.find('.')) != std::string::npos; rest = rest.substr(dot + 1)) {
            std::string part(trim(std::string_view(rest).substr(0, dot)));
            if (!node[part]) node[part] = YAML::Node(YAML::NodeType::Map);
            node.reset(node[part]);
        }
        std::string last(trim(rest));
        if (!array) {
            if (!node[last]) node[last] = YAML::Node(YAML::NodeType::Map);
            return node[last];
        }
        if (!node[last]) node[last] = YAML::Node(YAML::NodeType::Sequence);
        node[last].push_back(YAML::Node(YAML::NodeType::Map));
        return node[last][node[last].size() - 1];
    }

    std::string read_key() {
        if (peek() == '"' || peek() == '\'') return quoted(peek());
        std::size_t start = pos_;
        while (pos_ < t_.size() && (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_' || peek() == '-')) ++pos_;
        if (pos_ == start) fail("expected a key, found '" + std::string(utf8_char_at(t_, pos_)) + "'");
        return std::string(t_.substr(start, pos_ - start));
    }

    std::string quoted(char quote) {
        bool multi = t_.substr(pos_, 3) == std::string(3, quote);
        pos_ += multi ? 3 : 1;
        if (multi && peek() == '\n') advance();  // a newline right after the opening quotes is not part of it
        std::string out;
        while (true) {
            if (pos_ >= t_.size() || (!multi && peek() == '\n')) fail("a string is not closed");
            if (multi ? t_.substr(pos_, 3) == std::string(3, quote) : peek() == quote) break;
            char c = peek();
            advance();
            if (c != '\\' || quote == '\'') {
                out += c;
                continue;
            }
            char e = peek();
            advance();
            switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '\n': skip_blank(true); break;  // a line-ending backslash joins the lines
                default: out += '\\'; out += e;
            }
        }
        pos_ += multi ? 3 : 1;
        return out;
    }

    YAML::Node value() {
        skip_blank(false);
        char c = peek();
        if (c == '"' || c == '\'') return YAML::Node(quoted(c));
        if (c == '[') {
            advance();
            YAML::Node list(YAML::NodeType::Sequence);
            for (skip_blank(true); peek() != ']'; skip_blank(true)) {
                list.push_back(value());
                skip_blank(true);
                if (peek() == ',') advance();
                else if (peek() != ']') fail("expected ',' or ']' in an array");
            }
            advance();
            return list;
        }
        if (c == '{') {
            advance();
            YAML::Node map(YAML::NodeType::Map);
            for (skip_blank(false); peek() != '}'; skip_blank(false)) {
                std::string key = read_key();
                skip_blank(false);
                if (peek() != '=') fail("expected '=' after " + key + " in an inline table");
                advance();
                map[key] = value();
                skip_blank(false);
                if (peek() == ',') advance();
                else if (peek() != '}') fail("expected ',' or '}' in an inline table");
            }
            advance();
            return map;
        }
        std::size_t start = pos_;
        while (pos_ < t_.size() && std::string_view(",]}#\n").find(peek()) == std::string_view::npos) ++pos_;
        std::string bare(trim(t_.substr(start, pos_ - start)));
        if (bare.empty()) fail("a key without a value");
        return YAML::Node(bare);
    }

    std::string_view t_;
    std::size_t pos_ = 0;
    int line_;
};

}  // namespace

YAML::Node read_toml(std::string_view text) { return TomlReader(text, 1).read(); }

FrontMatterFile split_toml_front_matter(std::string_view text) {
    FrontMatterFile file;
    if (!text.starts_with("+++")) {
        file.body = std::string(text);
        return file;
    }
    std::size_t start = text.find('\n');
    std::size_t close = start == std::string_view::npos ? start : text.find("\n+++", start);
    if (close == std::string_view::npos) throw Error("line 1: front matter opened with +++ is never closed");
    file.front = TomlReader(text.substr(start + 1, close + 1 - (start + 1)), 2).read();
    file.has_front = true;
    std::size_t after = text.find('\n', close + 4);
    after = after == std::string_view::npos ? text.size() : after + 1;
    file.body = std::string(text.substr(after));
    file.body_line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(after), '\n'));
    return file;
}

}  // namespace vitae::cli

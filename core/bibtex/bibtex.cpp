#include "bibtex/bibtex.hpp"

#include <fstream>
#include <map>
#include <sstream>

#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "base/utf8.hpp"
#include "bibtex/legacy_encoding.hpp"

namespace vitae {

namespace {

// Entry types, field and macro names: BibTeX allows a few punctuation marks.
bool is_name_char(char c) {
    return is_ascii_letter(c) || is_ascii_digit(c) || std::string_view("_-:.+/'").find(c) != std::string_view::npos;
}
bool is_key_char(char c) {
    return !is_blank(c) && std::string_view(",{}()\"#%=\\").find(c) == std::string_view::npos;
}

// Every bibliography style defines the month macros; files rely on them.
std::map<std::string, std::string, std::less<>> predefined_macros() {
    return {{"jan", "January"},   {"feb", "February"}, {"mar", "March"},    {"apr", "April"},
            {"may", "May"},       {"jun", "June"},     {"jul", "July"},     {"aug", "August"},
            {"sep", "September"}, {"oct", "October"},  {"nov", "November"}, {"dec", "December"}};
}

// Thrown inside one item; the item is skipped and the reader goes on.
struct ItemError {
    int line;
    std::string message;
};

class Parser {
public:
    Parser(std::string_view text, std::string_view file) : text_(text) { file_.name = file; }

    BibFile run() {
        while (seek_item()) {
            std::size_t start = pos_;
            int line = line_;
            key_.clear();
            try {
                item();
            } catch (const ItemError& e) {
                // Reported at the item's first line, which names the entry; where it broke is said too.
                std::string message = e.line == line ? e.message : e.message + " (line " + std::to_string(e.line) + ")";
                file_.problems.push_back({line, std::move(message), key_, true});
                resume_after(start, line);
            }
        }
        return std::move(file_);
    }

private:
    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return at_end() ? '\0' : text_[pos_]; }
    // The character at the position, whole: a message never quotes half a letter.
    std::string here() const { return std::string(utf8_char_at(text_, pos_)); }
    char get() {
        char c = text_[pos_++];
        if (c == '\n') ++line_;
        return c;
    }
    [[noreturn]] void fail(int line, std::string message) const { throw ItemError{line, std::move(message)}; }
    void warn(int line, std::string message) { file_.problems.push_back({line, std::move(message), key_, false}); }

    void skip_space() {
        while (!at_end() && is_blank(peek())) get();
    }

    // Between an entry's fields, a '%' comments out the rest of its line as
    // biber and jekyll-scholar (al-folio's) read it: real files keep
    // "% preview = {x.png},  % TODO" there, and their sites show the entry.
    void skip_space_and_comments() {
        skip_space();
        while (peek() == '%') {
            while (!at_end() && peek() != '\n') get();
            skip_space();
        }
    }

    // Text between entries is a comment, as BibTeX reads it; a '%' comments
    // out the rest of its line, '@' included, as biber and JabRef read it.
    // True at an '@'.
    bool seek_item() {
        while (!at_end() && peek() != '@') {
            if (get() == '%')
                while (!at_end() && peek() != '\n') get();
        }
        return !at_end();
    }

    // After a broken item: go on at the next line that starts with '@' (after
    // blanks), counted from the item's own start, so an unclosed brace does
    // not swallow the entries after it.
    void resume_after(std::size_t start, int line) {
        pos_ = start + 1;
        line_ = line;
        bool line_start = false;
        while (!at_end()) {
            char c = peek();
            if (c == '@' && line_start) return;
            if (c == '\n') line_start = true;
            else if (!is_blank(c)) line_start = false;
            get();
        }
    }

    std::string name() {
        std::size_t start = pos_;
        while (!at_end() && is_name_char(peek())) get();
        return ascii_lower(text_.substr(start, pos_ - start));
    }

    void item() {
        int line = line_;
        get();  // '@'
        skip_space();
        std::string type = name();
        if (type.empty()) fail(line, "expected an entry type after '@'");
        skip_space();
        if (type == "comment") return skip_comment();
        char open = at_end() ? '\0' : get();
        if (open != '{' && open != '(') fail(line, "expected '{' after @" + type);
        char close = open == '{' ? '}' : ')';
        if (type == "string") return string_definition(line, close);
        if (type == "preamble") {
            value(line);  // parsed for errors, not needed by a web page
            return expect_close(line, close, "@preamble");
        }
        entry(std::move(type), line, close);
    }

    // @comment{...} skips a balanced group; a bare @comment, the rest of its line.
    void skip_comment() {
        if (peek() != '{' && peek() != '(') {
            while (!at_end() && peek() != '\n') get();
            return;
        }
        int line = line_;
        char close = get() == '{' ? '}' : ')';
        for (int depth = 0; !(depth == 0 && peek() == close); get()) {
            if (at_end()) fail(line, "@comment is not closed");
            if (peek() == '{') ++depth;
            if (peek() == '}') --depth;
        }
        get();
    }

    void expect_close(int item_line, char close, std::string_view what) {
        skip_space();
        if (at_end()) fail(item_line, std::string(what) + " is not closed (missing '" + close + "')");
        if (get() != close) fail(line_, std::string("expected '") + close + "' to end " + std::string(what));
    }

    void string_definition(int line, char close) {
        skip_space();
        std::string macro = name();
        if (macro.empty()) fail(line_, "expected a macro name in @string");
        skip_space();
        if (peek() != '=') fail(line_, "expected '=' after @string name \"" + macro + "\"");
        get();
        std::string text = value(line);
        expect_close(line, close, "@string");
        macros_[macro] = std::move(text);
    }

    void entry(std::string type, int line, char close) {
        skip_space();
        std::size_t start = pos_;
        while (!at_end() && is_key_char(peek()) && peek() != close) get();
        BibEntry e{std::move(type), std::string(text_.substr(start, pos_ - start)), line, {}};
        if (e.key.empty()) fail(line, "@" + e.type + " has no key");
        key_ = e.key;
        int key_line = line_;
        skip_space();
        // "@Article{key" and the fields from the next line on, with no comma
        // between: one comma missing, where no other reading is possible.
        if (line_ > key_line && peek() != ',' && peek() != close && field_starts_here()) {
            warn(key_line, "no ',' after the key \"" + e.key + "\"; read the fields from line " +
                               std::to_string(line_) + " on as the entry's");
            field(e);
            skip_space_and_comments();
        }
        while (!at_end() && peek() == ',') {
            get();
            skip_space_and_comments();
            if (at_end() || peek() == close) break;  // a trailing comma is allowed
            field(e);
            skip_space_and_comments();
        }
        if (at_end()) fail(line, "entry \"" + e.key + "\" is not closed (missing '" + close + "')");
        if (peek() != close)
            fail(line_,
                 std::string("expected ',' or '") + close + "' in entry \"" + e.key + "\", found '" + here() + "'");
        get();
        // A repeated key (BibTeX ignores the later entry) is for the importer
        // to judge: a copy is dropped, a different entry kept under its own slug.
        file_.entries.push_back(std::move(e));
    }

    // A field name and then '=', after blanks: how a field starts.
    bool field_starts_here() const {
        std::size_t at = pos_;
        while (at < text_.size() && is_name_char(text_[at])) ++at;
        if (at == pos_) return false;
        while (at < text_.size() && is_blank(text_[at]) && text_[at] != '\n') ++at;
        return at < text_.size() && text_[at] == '=';
    }

    void field(BibEntry& e) {
        int line = line_;
        std::string field_name = name();
        if (field_name.empty())
            fail(line, "expected a field name in entry \"" + e.key + "\", found '" + here() + "'");
        skip_space();
        if (peek() != '=') fail(line_, "expected '=' after field \"" + field_name + "\"");
        get();
        std::string text = value(e.line);
        if (e.find(field_name))
            warn(line, "field \"" + field_name + "\" given twice in entry \"" + e.key +
                           "\"; the first is used, this one kept as written");
        e.fields.push_back({field_name, std::move(text), line});
    }

    // part # part # ...
    std::string value(int item_line) {
        skip_space();
        std::string out = part(item_line);
        skip_space();
        while (peek() == '#') {
            get();
            skip_space();
            out += part(item_line);
            skip_space();
        }
        return out;
    }

    std::string part(int item_line) {
        if (at_end()) fail(item_line, "entry is not closed: the file ends where a value should be");
        char c = peek();
        if (c == '{' || c == '"') return delimited(get() == '{' ? '}' : '"');
        std::size_t start = pos_;
        if (is_ascii_digit(c)) {
            while (!at_end() && is_ascii_digit(peek())) get();
            return std::string(text_.substr(start, pos_ - start));
        }
        int line = line_;
        std::string macro = name();
        if (macro.empty()) fail(line_, "expected a value, found '" + here() + "'");
        if (auto it = macros_.find(macro); it != macros_.end()) return it->second;
        // al-folio writes `selected = true`: a value, not a missing definition.
        if (macro != "true" && macro != "false")
            warn(line, "undefined macro \"" + macro + "\" kept as its name (define it with @string)");
        return std::string(text_.substr(start, pos_ - start));
    }

    // {...} or "...": braces nest; \{ \} \" are text, not delimiters.
    std::string delimited(char close) {
        int line = line_;
        std::size_t start = pos_;
        int depth = 0;
        while (!(depth == 0 && peek() == close)) {
            if (at_end())
                fail(line, close == '"' ? "quoted value is not closed" : "unbalanced braces: this '{' is never closed");
            char c = get();
            if (c == '\\' && !at_end())
                get();
            else if (c == '{')
                ++depth;
            else if (c == '}' && --depth < 0)
                fail(line, "quoted value is not closed (a '}' at line " + std::to_string(line_) + " comes first)");
        }
        std::string out(text_.substr(start, pos_ - start));
        get();
        return out;
    }

    std::string_view text_;
    BibFile file_;
    std::size_t pos_ = 0;
    int line_ = 1;
    std::string key_;  // of the entry being read, for its problems
    std::map<std::string, std::string, std::less<>> macros_ = predefined_macros();
};

}  // namespace

const BibField* BibEntry::find(std::string_view name) const {
    for (const auto& f : fields)
        if (f.name == name) return &f;
    return nullptr;
}

BibError::BibError(std::string_view file, int line, std::string_view message)
    : Error(std::string(file) + ":" + std::to_string(line) + ": " + std::string(message)), line_(line) {}

std::string describe(const BibFile& file, const BibProblem& problem) {
    std::string out = file.name + ":" + std::to_string(problem.line) + ": ";
    if (!problem.skipped) return out + "warning: " + problem.message;
    return out + (problem.key.empty() ? "skipped: " : "skipped \"" + problem.key + "\": ") + problem.message;
}

BibFile parse_bibtex(std::string_view text, std::string_view file_name) {
    return Parser(text, file_name).run();
}

BibFile read_bibtex_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error("read " + in_quotes(path.string()) + ": cannot open file");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    std::string text = std::move(buffer).str();
    if (in.bad()) throw Error("read " + in_quotes(path.string()) + ": read error");
    if (text.size() > limits::max_bibtex_bytes)
        throw Error("read " + in_quotes(path.string()) + ": larger than " + std::to_string(limits::max_bibtex_bytes) +
                    " bytes");
    if (is_valid_utf8(text)) return parse_bibtex(text, path.string());
    // A page must be UTF-8; an old 8-bit file is read in the encoding it names.
    Legacy encoding = legacy_encoding_of(text);
    BibFile file = parse_bibtex(legacy_to_utf8(text, encoding), path.string());
    file.problems.insert(file.problems.begin(),
                         {1,
                          std::string("the file is not UTF-8; read as ") +
                              (encoding == Legacy::mac_roman ? "Mac OS Roman (as its header says)" : "Windows-1252"),
                          "", false});
    return file;
}

}  // namespace vitae

#include "render/text/highlight.hpp"

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/langmap.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/settings.h>
#include <srchilite/sourcehighlighter.h>

#include <cctype>
#include <exception>
#include <list>
#include <mutex>
#include <set>
#include <unordered_map>
#include <utility>

#include "base/limits.hpp"
#include "base/log.hpp"
#include "render/text/escape.hpp"

namespace vitae {

namespace {

// Every call into Source-highlight, by any CodeHighlighter, holds this (see
// highlight.hpp for why one lock for the whole library).
std::mutex library_mutex;


// Names people put after ``` that lang.map lacks or maps elsewhere, as GitHub
// (Linguist) reads them. No YAML, TOML or TypeScript definition ships: YAML
// and TOML get the generic config one (comments, strings, numbers,
// sections), TypeScript and JSX JavaScript's (keywords, strings, comments).
constexpr std::pair<std::string_view, std::string_view> aliases[] = {
    {"c++", "cpp.lang"},          {"cxx", "cpp.lang"},         {"c#", "csharp.lang"},
    {"rust", "rust.lang"},        {"golang", "go.lang"},       {"console", "sh.lang"},
    {"shell-session", "sh.lang"}, {"bash-session", "sh.lang"}, {"jsonc", "json.lang"},
    {"json5", "json.lang"},       {"ts", "javascript.lang"},   {"typescript", "javascript.lang"},
    {"tsx", "javascript.lang"},   {"jsx", "javascript.lang"},  {"mjs", "javascript.lang"},
    {"yaml", "conf.lang"},        {"yml", "conf.lang"},        {"toml", "desktop.lang"},
    {"svg", "xml.lang"},          {"make", "makefile.lang"},   {"mk", "makefile.lang"},
    {"bibtex", "bib.lang"},       {"ocaml", "caml.lang"},      {"elisp", "lisp.lang"},
    {"emacs-lisp", "lisp.lang"},  {"gradle", "groovy.lang"},   {"postgresql", "sql.lang"},
    {"psql", "sql.lang"},         {"mysql", "sql.lang"},       {"sqlite", "sql.lang"},
};

// Source-highlight's elements onto a few classes (templates/style.mustache);
// the rest (normal text, punctuation, brackets) is left without a span.
constexpr std::pair<std::string_view, std::string_view> classes[] = {
    {"keyword", "hl-k"},   {"preproc", "hl-k"},     {"section", "hl-k"},     {"selector", "hl-k"},
    {"difflines", "hl-k"}, {"string", "hl-s"},      {"regexp", "hl-s"},      {"value", "hl-s"},
    {"comment", "hl-c"},   {"todo", "hl-c"},        {"number", "hl-n"},      {"specialchar", "hl-n"},
    {"math", "hl-n"},      {"function", "hl-f"},    {"predef_func", "hl-f"}, {"type", "hl-t"},
    {"usertype", "hl-t"},  {"classname", "hl-t"},   {"variable", "hl-t"},    {"predef_var", "hl-t"},
    {"label", "hl-t"},     {"property", "hl-t"},    {"argument", "hl-t"},    {"key", "hl-t"},
    {"newfile", "hl-i"},   {"oldfile", "hl-d"},
};

// Appends each piece Source-highlight hands it, escaped, in a span of its class (none: bare).
class SpanFormatter : public srchilite::Formatter {
public:
    SpanFormatter(std::string_view css_class, std::string** out) : class_(css_class), out_(out) {}
    void format(const std::string& text, const srchilite::FormatterParams*) override {
        if (text.empty() || *out_ == nullptr) return;
        std::string& out = **out_;
        if (class_.empty()) {
            out += xml_escape(text);
            return;
        }
        out.append("<span class=\"").append(class_).append("\">");
        out += xml_escape(text);
        out += "</span>";
    }

private:
    std::string_view class_;
    std::string** out_;  // where the current call writes, set under library_mutex
};

}  // namespace

// Block bodies by definition file and code, least recently used out first.
// Not in the anonymous namespace: CodeHighlighter::State holds one.
class HighlightBlockCache {
public:
    std::optional<std::string> find(const std::string& key) {
        std::lock_guard lock(mutex_);
        auto it = index_.find(key);
        if (it == index_.end()) return std::nullopt;
        entries_.splice(entries_.begin(), entries_, it->second);
        return it->second->second;
    }
    void insert(std::string key, std::string html) {
        std::size_t bytes = key.size() + html.size();
        if (bytes > limits::highlight_cache_bytes) return;
        std::lock_guard lock(mutex_);
        if (index_.contains(key)) return;  // another thread highlighted it meanwhile
        entries_.emplace_front(std::move(key), std::move(html));
        index_.emplace(entries_.front().first, entries_.begin());
        bytes_ += bytes;
        while (bytes_ > limits::highlight_cache_bytes) {
            auto& [old_key, old_html] = entries_.back();
            bytes_ -= old_key.size() + old_html.size();
            index_.erase(old_key);
            entries_.pop_back();
        }
    }

private:
    using Entries = std::list<std::pair<std::string, std::string>>;
    std::mutex mutex_;
    Entries entries_;                                              // guarded by mutex_; most recent first
    std::unordered_map<std::string_view, Entries::iterator> index_;  // guarded by mutex_; keys in entries_
    std::size_t bytes_ = 0;                                        // guarded by mutex_
};

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

// All but `cache` (which has its own lock) guarded by library_mutex.
struct CodeHighlighter::State {
    HighlightBlockCache cache;
    std::string data_dir;
    srchilite::RegexRuleFactory rules;
    srchilite::LangDefManager definitions{&rules};
    srchilite::LangMap names{data_dir, "lang.map"};
    bool names_ok = false;
    std::string* out = nullptr;
    srchilite::FormatterManager formatters{srchilite::FormatterPtr(new SpanFormatter("", &out))};
    std::set<std::string, std::less<>> broken;  // definitions that failed to load: plain from then on
    std::set<std::string, std::less<>> warned;  // definitions that failed on some code: logged once

    explicit State(std::string dir) : data_dir(std::move(dir)) {
        for (const auto& [element, css_class] : classes)
            formatters.addFormatter(std::string(element), srchilite::FormatterPtr(new SpanFormatter(css_class, &out)));
        try {
            names.open();
            names_ok = true;
        } catch (const std::exception& e) {
            log_warning("highlight: read " + in_quotes(data_dir + "/lang.map") + ": " + e.what() +
                        "; only the built-in language names work");
        }
    }
};

CodeHighlighter::CodeHighlighter(std::string data_dir) {
    std::lock_guard lock(library_mutex);
    state_ = std::make_unique<State>(std::move(data_dir));
}

CodeHighlighter::~CodeHighlighter() {
    std::lock_guard lock(library_mutex);
    state_.reset();
}

const CodeHighlighter& CodeHighlighter::shared() {
    static const CodeHighlighter highlighter(default_data_dir());
    return highlighter;
}

// Not retrieveDataDir(), which also reads $HOME and the environment and prints to stderr.
std::string CodeHighlighter::default_data_dir() { return srchilite::Settings::getDefaultDataDir(); }

std::string CodeHighlighter::language_file(std::string_view language) const {
    std::string name = lower(language);
    for (const auto& [alias, file] : aliases)
        if (alias == name) return std::string(file);
    if (name.empty()) return {};
    std::lock_guard lock(library_mutex);
    if (!state_->names_ok) return {};
    std::string file = state_->names.getMappedFileName(name);
    return file == "nohilite.lang" ? std::string() : file;  // "txt": plain is what it asks for
}

std::optional<std::string> CodeHighlighter::block_html(std::string_view code, std::string_view language) const {
    if (code.size() > limits::max_highlighted_bytes) return std::nullopt;
    std::string file = language_file(language);
    if (file.empty()) return std::nullopt;
    std::string key = file + '\0' + std::string(code);
    std::optional<std::string> body = state_->cache.find(key);
    if (!body) {
        body = highlight(code, file);
        if (!body) return std::nullopt;
        state_->cache.insert(std::move(key), *body);
    }
    return "<pre><code class=\"language-" + xml_escape(language) + "\">" + *body + "</code></pre>\n";
}

std::optional<std::string> CodeHighlighter::highlight(std::string_view code, const std::string& file) const {
    std::string body;
    std::lock_guard lock(library_mutex);
    if (state_->broken.contains(file)) return std::nullopt;
    srchilite::HighlightStatePtr start;
    try {
        start = state_->definitions.getHighlightState(state_->data_dir, file);
    } catch (const std::exception& e) {
        state_->broken.insert(file);
        log_warning("highlight: load " + in_quotes(state_->data_dir + "/" + file) + ": " + e.what() +
                    "; its code blocks stay plain");
        return std::nullopt;
    }
    state_->out = &body;
    try {
        srchilite::SourceHighlighter highlighter(start);
        srchilite::FormatterParams params;
        highlighter.setFormatterManager(&state_->formatters);
        highlighter.setFormatterParams(&params);
        highlighter.setOptimize(true);  // one span per run of an element, not per match
        for (std::size_t from = 0; from < code.size();) {
            std::size_t eol = code.find('\n', from);
            std::size_t end = eol == std::string_view::npos ? code.size() : eol;
            highlighter.highlightParagraph(std::string(code.substr(from, end - from)));
            if (eol != std::string_view::npos) body += '\n';
            from = end + 1;
        }
    } catch (const std::exception& e) {
        state_->out = nullptr;
        if (state_->warned.insert(file).second)
            log_warning("highlight: " + in_quotes(file) + ": " + e.what() + "; that block stays plain");
        return std::nullopt;
    }
    state_->out = nullptr;
    return body;
}

}  // namespace vitae

// Fenced code in posts highlighted on the server by GNU Source-highlight
// (Debian's libsource-highlight, ~150 kept language definitions) rather than
// a highlighter of our own or a script: tokens become <span class="hl-k">…,
// coloured by templates/style.mustache, the text itself unchanged so a
// reader copies exactly what was written. The library is not thread-safe (its
// language-file parser is flex/bison with globals; HighlightState numbers
// itself from an unguarded static counter, also while highlighting), so every
// call into it holds one process-wide mutex. That is cheap because a block is
// highlighted once: the HTML is kept by code, across content versions, and
// looked up under a lock of its own (cost in bench/micro_bench.cpp).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace vitae {

class CodeHighlighter {
public:
    // Language definitions from `data_dir` (the library's own data directory
    // for the shared one), each parsed at its first use and kept.
    explicit CodeHighlighter(std::string data_dir);
    ~CodeHighlighter();
    CodeHighlighter(const CodeHighlighter&) = delete;
    CodeHighlighter& operator=(const CodeHighlighter&) = delete;

    // `<pre><code class="language-LANG">…</code></pre>\n` with spans, as cmark
    // writes a fenced block but highlighted; nullopt when `language` names no
    // definition, the code is over the size bound, or the library fails (then
    // logged once per language), so the caller keeps the plain, escaped block.
    // Highlighted blocks are kept (LRU, 4 MiB): the same code again is a lookup.
    std::optional<std::string> block_html(std::string_view code, std::string_view language) const;

    // The definition file for a fence's language ("py", "C++", "yml"…), or ""
    // when there is none: our aliases first, then the library's lang.map.
    std::string language_file(std::string_view language) const;

    // The one the site uses, over default_data_dir().
    static const CodeHighlighter& shared();
    // The data directory Debian's library was built with (/usr/share/source-highlight).
    static std::string default_data_dir();

private:
    // The block's inner HTML, or nullopt when the library fails.
    std::optional<std::string> highlight(std::string_view code, const std::string& file) const;

    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace vitae

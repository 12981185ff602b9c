#define BOOST_TEST_MODULE highlight
#include <boost/test/unit_test.hpp>

#include <string>
#include <thread>
#include <vector>

#include "render/text/highlight.hpp"
#include "render/text/markdown.hpp"

using namespace vitae;

namespace {

bool has(const std::string& html, std::string_view part) { return html.find(part) != std::string::npos; }

// What a reader copies: the tags dropped, the entities read back (the
// newline after </pre> is the block's own, as cmark writes it).
std::string text_of(std::string_view html) {
    constexpr std::pair<std::string_view, char> entities[] = {
        {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}, {"&#39;", '\''}, {"&amp;", '&'}};
    std::string out;
    for (std::size_t i = 0; i < html.size(); ++i) {
        if (html[i] == '<') {
            i = html.find('>', i);
            continue;
        }
        bool entity = false;
        for (const auto& [name, c] : entities)
            if (html.substr(i).starts_with(name)) {
                out += c;
                i += name.size() - 1;
                entity = true;
                break;
            }
        if (!entity) out += html[i];
    }
    return out;
}

std::string fenced(std::string_view info, std::string_view code) {
    return "```" + std::string(info) + "\n" + std::string(code) + "```\n";
}

const std::string python =
    "import math  # the standard library\n"
    "\n"
    "def attention(q, k, v):\n"
    "    \"\"\"Softmax attention, O(n^2).\"\"\"\n"
    "    scores = [sum(a * b for a, b in zip(q, row)) / math.sqrt(len(q)) for row in k]\n"
    "    if not scores: return 'empty <none> & \"done\"'\n"
    "\tprint(f\"{len(v)} values\", r'\\d+')  # tab-indented, é ü 注意\n";

}  // namespace

BOOST_AUTO_TEST_CASE(python_block_gets_keyword_string_and_comment_spans) {
    auto html = markdown_to_html(fenced("python", python));
    BOOST_TEST(html.starts_with("<pre><code class=\"language-python\">"), html);
    BOOST_TEST(has(html, "<span class=\"hl-k\">def</span>"), html);
    BOOST_TEST(has(html, "<span class=\"hl-k\">import</span>"), html);
    BOOST_TEST(has(html, "<span class=\"hl-c\"># the standard library</span>"), html);
    BOOST_TEST(has(html, "<span class=\"hl-s\">&apos;empty &lt;none&gt; &amp; &quot;done&quot;&apos;</span>"), html);
    BOOST_TEST(html.ends_with("</code></pre>\n"), html);
    BOOST_TEST(!has(html, "style="), html);
}

BOOST_AUTO_TEST_CASE(highlighting_leaves_the_text_exactly_as_written) {
    const std::pair<std::string_view, std::string> samples[] = {
        {"python", python},
        {"cpp", "#include <vector>\ntemplate <class T> T f(T a) { return a < 0 ? -a : a; } // \"x\"\n/* multi\n line */\n"},
        {"bash", "for f in *.txt; do echo \"$f\" > /dev/null 2>&1; done\ncat <<EOF\nhere $HOME\nEOF\n"},
        {"json", "{\"a\": [1, 2.5e3, true, null], \"b\": \"x\\\"y\"}\n"},
        {"latex", "\\begin{equation} e^{i\\pi} + 1 = 0 % Euler\n\\end{equation}\n"},
        {"html", "<!doctype html>\n<a href=\"/x?a=1&b=2\">t</a><script>alert(1)</script>\n"},
        {"diff", "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n"},
        {"yaml", "model:  # c\n  name: \"x\"\n  n: 3\n"},
        {"rust", "fn main() { let s: &str = \"hi\"; println!(\"{}\", s); }\n"},
    };
    for (const auto& [language, code] : samples) {
        auto html = CodeHighlighter::shared().block_html(code, language);
        BOOST_TEST_REQUIRE(html.has_value(), language);
        BOOST_TEST(has(*html, "<span class=\"hl-"), language << ": " << *html);
        BOOST_TEST(text_of(*html) == code + "\n", language << ": " << *html);
    }
}

BOOST_AUTO_TEST_CASE(unknown_language_renders_plain_and_escaped_as_cmark_does) {
    auto html = markdown_to_html(fenced("klingon", "<b>a & b</b>\n"));
    BOOST_TEST(html == "<pre><code class=\"language-klingon\">&lt;b&gt;a &amp; b&lt;/b&gt;\n</code></pre>\n");
    BOOST_TEST(!CodeHighlighter::shared().block_html("x\n", "klingon").has_value());
}

BOOST_AUTO_TEST_CASE(block_without_language_renders_plain) {
    BOOST_TEST(markdown_to_html(fenced("", "def f(): pass\n")) == "<pre><code>def f(): pass\n</code></pre>\n");
    BOOST_TEST(markdown_to_html("    def f(): pass\n") == "<pre><code>def f(): pass\n</code></pre>\n");
}

BOOST_AUTO_TEST_CASE(script_in_code_stays_escaped_in_every_language) {
    const std::string code = "</code></pre><script>alert(1)</script><img src=x onerror=alert(1)>\n";
    for (std::string_view language : {"python", "html", "js", "sh", "css", "latex", "klingon", ""}) {
        auto html = markdown_to_html(fenced(language, code));
        BOOST_TEST(!has(html, "<script"), language << ": " << html);
        BOOST_TEST(!has(html, "<img"), language << ": " << html);
        BOOST_TEST(has(html, "&lt;script&gt;"), language << ": " << html);
        BOOST_TEST(text_of(html) == code + "\n", language << ": " << html);
    }
}

BOOST_AUTO_TEST_CASE(fence_language_aliases_name_the_right_definition) {
    const std::pair<std::string_view, std::string_view> expected[] = {
        {"python", "python.lang"},  {"py", "python.lang"},    {"Python", "python.lang"},
        {"js", "javascript.lang"},  {"javascript", "javascript.lang"}, {"ts", "javascript.lang"},
        {"sh", "sh.lang"},          {"bash", "sh.lang"},      {"shell", "sh.lang"},
        {"console", "sh.lang"},     {"zsh", "zsh.lang"},      {"c", "c.lang"},
        {"cpp", "cpp.lang"},        {"c++", "cpp.lang"},      {"C++", "cpp.lang"},
        {"json", "json.lang"},      {"jsonc", "json.lang"},   {"yaml", "conf.lang"},
        {"yml", "conf.lang"},       {"toml", "desktop.lang"}, {"tex", "latex.lang"},
        {"latex", "latex.lang"},    {"rust", "rust.lang"},    {"rs", "rust.lang"},
        {"go", "go.lang"},          {"golang", "go.lang"},    {"java", "java.lang"},
        {"sql", "sql.lang"},        {"diff", "diff.lang"},    {"patch", "diff.lang"},
        {"html", "html.lang"},      {"xml", "xml.lang"},      {"css", "css.lang"},
        {"r", "r.lang"},            {"ruby", "ruby.lang"},    {"haskell", "haskell.lang"},
    };
    for (const auto& [language, file] : expected)
        BOOST_TEST(CodeHighlighter::shared().language_file(language) == file, language);
    for (std::string_view plain : {"", "text", "txt", "klingon", "../../etc/passwd"})
        BOOST_TEST(CodeHighlighter::shared().language_file(plain).empty(), plain);
}

BOOST_AUTO_TEST_CASE(words_after_the_language_are_ignored) {
    auto html = markdown_to_html(fenced("python title=\"x.py\"", "pass\n"));
    BOOST_TEST(html == "<pre><code class=\"language-python\"><span class=\"hl-k\">pass</span>\n</code></pre>\n");
}

BOOST_AUTO_TEST_CASE(missing_language_definitions_fall_back_to_plain) {
    CodeHighlighter broken("/nonexistent/source-highlight");
    BOOST_TEST(broken.language_file("python") == "");  // no lang.map there
    BOOST_TEST(broken.language_file("c++") == "cpp.lang");  // ours, but the file is missing too
    BOOST_TEST(!broken.block_html("int x;\n", "c++").has_value());
    BOOST_TEST(!broken.block_html("int y;\n", "c++").has_value());  // remembered, logged once
}

BOOST_AUTO_TEST_CASE(oversized_block_stays_plain) {
    std::string huge;
    while (huge.size() <= 64 * 1024) huge += "x = 1  # filler\n";
    BOOST_TEST(!CodeHighlighter::shared().block_html(huge, "python").has_value());
    BOOST_TEST(CodeHighlighter::shared().block_html("x = 1\n", "python").has_value());
}

BOOST_AUTO_TEST_CASE(a_block_seen_before_gives_the_same_html_under_its_own_name) {
    const auto& highlighter = CodeHighlighter::shared();
    auto first = highlighter.block_html("int n = 0;  // c\n", "cpp");
    auto again = highlighter.block_html("int n = 0;  // c\n", "cpp");
    BOOST_TEST_REQUIRE(first.has_value());
    BOOST_TEST(again.value_or("") == *first);
    auto alias = highlighter.block_html("int n = 0;  // c\n", "c++");
    BOOST_TEST(has(*alias, "<pre><code class=\"language-c++\">"), *alias);
    BOOST_TEST(alias->substr(alias->find('>', 10)) == first->substr(first->find('>', 10)));
    auto python_html = highlighter.block_html("int n = 0;  // c\n", "python");  // same code, other definition
    BOOST_TEST(!has(*python_html, "hl-c\">// c"), *python_html);
}

BOOST_AUTO_TEST_CASE(threads_highlighting_at_once_get_the_same_html) {
    const std::string post = fenced("python", python) + fenced("cpp", "int main() { return 0; } // x\n") +
                             fenced("sh", "cat <<EOF\n$HOME\nEOF\n") + fenced("js", "var a = \"b\";\n");
    const std::string expected = markdown_to_html(post);
    std::vector<int> mismatches(8, 0);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < mismatches.size(); ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 40; ++i) {
                if (markdown_to_html(post) != expected) ++mismatches[t];
                // and code no thread has seen, so the library itself runs in several threads
                std::string code = "cat <<EOF\n$HOME " + std::to_string(t * 100 + i) + "\nEOF\n";
                auto html = CodeHighlighter::shared().block_html(code, "sh");
                if (!html || text_of(*html) != code + "\n") ++mismatches[t];
            }
        });
    for (auto& thread : threads) thread.join();
    for (int m : mismatches) BOOST_TEST(m == 0);
}

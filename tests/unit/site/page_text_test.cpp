// A page's description is the text the page shows: its tags, entities and
// Markdown gone, cut at a word. Unit by unit, then every page kind as the
// site renders it (the <meta name="description"> and og:description).
#define BOOST_TEST_MODULE page_text
#include <boost/test/unit_test.hpp>

#include <regex>

#include "base/text.hpp"
#include "base/utf8.hpp"
#include "public_page.hpp"
#include "render/text/markdown.hpp"
#include "render/text/page_text.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

// A bio paragraph with a Markdown link with a javascript: target
// and the owner's own HTML, which the sanitizer keeps.
constexpr std::string_view marked_up_bio =
    "I study reefs; see [my notes](javascript:alert(3)) and "
    "<a href=\"https://example.org/safe\">a safe link</a> &amp; more.";

std::size_t chars(std::string_view s) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.size(); i += utf8_sequence_length(static_cast<unsigned char>(s[i]))) ++n;
    return n;
}

// The test site with `content`, its pages as visitors get them.
struct PublicSite {
    explicit PublicSite(const std::string& content) : db(make_db(dir, content)), site(public_site(db)) {}
    std::string page(std::string_view uri) {
        auto page = public_page_of(*site, uri);
        BOOST_REQUIRE_MESSAGE(page->status == 200, uri);
        return page->body;
    }
    TempDir dir;
    std::filesystem::path db;
    std::shared_ptr<const Site> site;
};

// Both descriptions of a page, which must agree.
std::string description(const std::string& html) {
    std::smatch meta, og;
    BOOST_REQUIRE(std::regex_search(html, meta, std::regex(R"re(<meta name="description" content="([^"]*)">)re")));
    BOOST_REQUIRE(std::regex_search(html, og, std::regex(R"re(<meta property="og:description" content="([^"]*)">)re")));
    BOOST_TEST(meta[1].str() == og[1].str());
    return meta[1].str();
}

std::string with_markup() {
    return fixture_content() +
           "UPDATE profile_paragraph SET markdown = '" + std::string(marked_up_bio) + " Second sentence.' WHERE position = 1;\n"
           "UPDATE post SET body = 'Count-min **sketches** trade [memory](https://example.org/m) for <em>error</em>.\n\n"
           "- one row per hash\n' WHERE slug = 'notes-on-sketches';\n"
           "INSERT INTO project (slug, position, title, summary, markdown) VALUES\n"
           " ('reefs', 1, 'Reef Census', 'Counting *coral* with [drones](https://example.org/d) &amp; divers.', ''),\n"
           " ('plain', 2, 'Plain Project', '', '## Idea\n\nA body with `code` and **bold**.');\n"
           "INSERT INTO news (id, date, markdown) VALUES (1, '2025-01-02', 'We won a **prize**.');\n";
}

}  // namespace

BOOST_AUTO_TEST_CASE(plain_text_drops_tags_and_decodes_entities) {
    BOOST_TEST(plain_text_of_html("<p>A <em>b</em>c &amp; &lt;d&gt; &#233;&#x2014;&quot;q&quot;</p>") == "A bc & <d> é—\"q\"");
    BOOST_TEST(plain_text_of_html("<p>one</p>\n<ul><li>two</li><li>three</li></ul>") == "one two three");
    BOOST_TEST(plain_text_of_html("x<br>y") == "x y");
    BOOST_TEST(plain_text_of_html("the <math><mi>x</mi></math>-axis") == "the x-axis");  // inline: one word
    BOOST_TEST(plain_text_of_html("the <math alttext=\"x\"><semantics><mrow><mi>x</mi></mrow>"
                                  "<annotation encoding=\"application/x-tex\">x</annotation></semantics></math>-axis") ==
               "the x-axis");  // the TeX annotation is the formula's source, not more text
    BOOST_TEST(plain_text_of_html("a<script>alert(1)</script>b<style>p{}</style>c") == "abc");
    BOOST_TEST(plain_text_of_html("&bogus; &#0; &") == "&bogus; &#0; &");  // not entities: kept as text
    BOOST_TEST(plain_text_of_html("<p>cut <a href=\"x") == "cut");
}

BOOST_AUTO_TEST_CASE(the_bio_from_the_issue_is_its_text) {
    std::string text = plain_text_of_html(markdown_to_html(marked_up_bio));
    BOOST_TEST(text == "I study reefs; see my notes and a safe link & more.");
}

BOOST_AUTO_TEST_CASE(a_cut_ends_at_a_word_and_never_inside_a_character) {
    BOOST_TEST(cut_at_word("short text", 160) == "short text");
    BOOST_TEST(cut_at_word("one two three four", 12) == "one two…");
    BOOST_TEST(cut_at_word("one two, three four", 10) == "one two…");  // no comma before the ellipsis
    BOOST_TEST(cut_at_word("exactly ten", 11) == "exactly ten");
    // Non-ASCII: counted in characters, cut where one ends.
    std::string cut = cut_at_word("Ééééé ééééé ééééé", 8);
    BOOST_TEST(cut == "Ééééé…");
    std::string long_word(300, 'a');
    long_word.replace(5, 1, "ć");
    std::string word_cut = cut_at_word(long_word, 7);
    BOOST_TEST(is_valid_utf8(word_cut));
    BOOST_TEST(chars(word_cut) == 7u);
    for (std::size_t n = 1; n < 20; ++n) BOOST_TEST(chars(cut_at_word("ćććć ććć ćć ć ććććć", n)) <= n);
}

BOOST_AUTO_TEST_CASE(utf8_prefix_and_char_at_keep_characters_whole) {
    BOOST_TEST(utf8_prefix("aé", 2) == "a");
    BOOST_TEST(utf8_prefix("aé", 3) == "aé");
    BOOST_TEST(utf8_prefix("€", 2) == "");
    BOOST_TEST(utf8_char_at("xć", 1) == "ć");
    BOOST_TEST(utf8_char_at("x", 1) == "");
}

BOOST_AUTO_TEST_CASE(every_page_kind_describes_itself_in_plain_text) {
    PublicSite site(with_markup());
    struct Case {
        std::string_view uri, expected;
    };
    for (auto [uri, expected] : {
             Case{"/", "I study reefs; see my notes and a safe link & more."},
             Case{"/blog/notes-on-sketches", "Count-min sketches trade memory for error. one row per hash"},
             Case{"/projects/reefs", "Counting coral with drones & divers."},
             Case{"/projects/plain", "Idea A body with code and bold."},
             Case{"/publications/tidepool", "Inès Moreau, Tomasz Wróbel, and Priya Raman. SIGMOD 2025."},
             Case{"/news/", ""},
         }) {
        BOOST_TEST_CONTEXT(uri) {
            std::string html = site.page(uri);
            std::string d = description(html);
            for (std::string_view markup : {"[", "](", "*", "&lt;", "javascript", "<"})
                BOOST_TEST(d.find(markup) == std::string::npos, markup);
            BOOST_TEST(is_valid_utf8(d));
            BOOST_TEST(chars(d) <= description_max_chars);
            // As the page carries it: Mustache escapes & to &amp;.
            if (!expected.empty())
                BOOST_TEST(d == std::regex_replace(std::string(expected), std::regex("&"), "&amp;"));
            else
                BOOST_TEST(!d.empty());
        }
    }
}

BOOST_AUTO_TEST_CASE(a_long_bio_is_cut_at_a_word_with_an_ellipsis) {
    std::string words;
    for (int i = 0; i < 60; ++i) words += "Łódź word ";
    PublicSite site(fixture_content() + "UPDATE profile_paragraph SET markdown = '" + words +
                    "' WHERE position = 1;\n");
    std::string d = description(site.page("/"));
    BOOST_TEST(d.ends_with("…"));
    BOOST_TEST(chars(d) <= description_max_chars);
    BOOST_TEST(std::string_view(d).substr(0, d.size() - std::string_view("…").size()).ends_with("word"));
}

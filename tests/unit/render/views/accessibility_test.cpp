// The content accessibility rules (render/text/accessibility.hpp), one
// case per rule, each failing without it; the body as the pages show it
// (accessible_body), and the site's findings (accessibility_findings).
#define BOOST_TEST_MODULE accessibility
#include <boost/test/unit_test.hpp>

#include "render/math/body_html.hpp"
#include "render/text/accessibility.hpp"
#include "render/text/markdown.hpp"
#include "render/text/toc.hpp"
#include "render/views/accessibility_findings.hpp"

using namespace vitae;

namespace {

std::size_t count_of(const std::vector<AccessibilityFinding>& findings, AccessibilityRule rule) {
    std::size_t n = 0;
    for (const auto& f : findings) n += f.rule == rule;
    return n;
}

AccessibleHtml markdown_page(std::string_view markdown, std::string_view lang = "en") {
    return accessible_body(markdown, BodyFormat::markdown_math, lang);
}

}  // namespace

// ---- headings -----------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_body_starting_with_h1_is_shifted_under_the_pages_h1_keeping_relative_levels) {
    auto page = markdown_page("# Title\n\ntext\n\n## Part\n\n### Detail\n");
    BOOST_TEST(page.html.find("<h1") == std::string::npos, page.html);
    BOOST_TEST(page.html.find("<h2>Title</h2>") != std::string::npos, page.html);
    BOOST_TEST(page.html.find("<h3>Part</h3>") != std::string::npos, page.html);
    BOOST_TEST(page.html.find("<h4>Detail</h4>") != std::string::npos, page.html);
    BOOST_TEST(page.findings.empty());
}

BOOST_AUTO_TEST_CASE(four_h1s_become_four_h2s_and_a_body_starting_at_h2_is_left_as_it_is) {
    auto page = markdown_page("# A\n\n# B\n\n# C\n\n# D\n");
    BOOST_TEST(page.html == "<h2>A</h2>\n<h2>B</h2>\n<h2>C</h2>\n<h2>D</h2>\n");
    std::string h2 = "<h2>One</h2>\n<h3>Two</h3>\n";
    BOOST_TEST(accessible_html(h2, "en").html == h2);
}

BOOST_AUTO_TEST_CASE(heading_ids_are_the_same_after_the_shift_and_the_toc_lists_the_shifted_headings) {
    std::string markdown = "# Setup & data\n\n## Results\n\n# Results\n";
    std::string before = with_heading_ids(body_html(markdown, BodyFormat::markdown_math));
    std::string after = with_heading_ids(markdown_page(markdown).html);
    for (const char* id : {"id=\"setup--data\"", "id=\"results\"", "id=\"results-1\""}) {
        BOOST_TEST(before.find(id) != std::string::npos, before);
        BOOST_TEST(after.find(id) != std::string::npos, after);
    }
    auto toc = toc_entries(after);
    BOOST_REQUIRE(toc.size() == 3u);
    BOOST_TEST(toc[0].level == 2);
    BOOST_TEST(toc[1].level == 3);
}

BOOST_AUTO_TEST_CASE(a_jump_is_reported_with_its_levels_and_text) {
    auto page = markdown_page("# Intro\n\n##### Deep\n");
    BOOST_REQUIRE(count_of(page.findings, AccessibilityRule::heading_jump) == 1u);
    BOOST_TEST(page.findings[0].detail == "h2 then h6 \"Deep\"");
    // An HTML body's heading keeps its attributes, its level shifted alone.
    auto html = accessible_html("<h1 id=\"top\" lang=\"de\">Oben</h1><h3>Skip</h3>", "en");
    BOOST_TEST(html.html.find("<h2 id=\"top\" lang=\"de\">Oben</h2>") != std::string::npos, html.html);
    BOOST_TEST(count_of(html.findings, AccessibilityRule::heading_jump) == 1u);
}

// ---- links --------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_link_with_an_empty_target_keeps_its_words_as_text_and_is_reported) {
    auto page = markdown_page("See the [Slides]() now.");
    BOOST_TEST(page.html == "<p>See the Slides now.</p>\n");
    BOOST_REQUIRE(count_of(page.findings, AccessibilityRule::empty_link) == 1u);
    BOOST_TEST(page.findings[0].detail.find("Slides") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_link_with_no_text_is_dropped_and_reported_but_an_image_link_or_an_anchor_stays) {
    auto html = accessible_html("<p>Before <a href=\"https://x.org\"></a>after</p>", "en");
    BOOST_TEST(html.html == "<p>Before after</p>");
    BOOST_TEST(count_of(html.findings, AccessibilityRule::empty_link) == 1u);
    std::string pictured = "<p><a href=\"https://x.org\"><img src=\"a.png\" alt=\"The lab\"></a><a id=\"top\"></a></p>";
    auto kept = accessible_html(pictured, "en");
    BOOST_TEST(kept.html == pictured);
    BOOST_TEST(kept.findings.empty());
}

BOOST_AUTO_TEST_CASE(here_words_and_bare_urls_as_link_text_are_reported) {
    auto page = markdown_page("The slides are [here](https://x.org/s.pdf); [Click here.](https://x.org) "
                              "[ici](https://x.org/fr) and https://example.org/data too, [the data](https://x.org/d).");
    BOOST_TEST(count_of(page.findings, AccessibilityRule::vague_link_text) == 3u);
    BOOST_TEST(count_of(page.findings, AccessibilityRule::bare_url_link) == 1u);
    BOOST_TEST(page.findings.size() == 4u);
}

// ---- scripts ------------------------------------------------------------

BOOST_AUTO_TEST_CASE(text_in_a_script_that_names_its_language_is_wrapped_in_its_lang) {
    auto page = markdown_page("Hello 안녕하세요 and こんにちは世界 and שלום, ไทย, and λόγος.");
    BOOST_TEST(page.html.find("<span lang=\"ko\">안녕하세요</span>") != std::string::npos, page.html);
    BOOST_TEST(page.html.find("<span lang=\"ja\">こんにちは世界</span>") != std::string::npos, page.html);
    BOOST_TEST(page.html.find("<span lang=\"he\" dir=\"rtl\">שלום</span>") != std::string::npos, page.html);
    BOOST_TEST(page.html.find("<span lang=\"th\">ไทย</span>") != std::string::npos, page.html);
    BOOST_TEST(page.html.find("<span lang=\"el\">λόγος</span>") != std::string::npos, page.html);
    BOOST_TEST(page.findings.empty());
}

BOOST_AUTO_TEST_CASE(han_alone_arabic_cyrillic_and_devanagari_are_reported_not_guessed) {
    auto page = markdown_page("Cats: 瓜皮 and كتاب and книга and किताब.");
    BOOST_TEST(page.html.find("<span") == std::string::npos, page.html);
    BOOST_REQUIRE(count_of(page.findings, AccessibilityRule::unknown_script) == 4u);
    BOOST_TEST(page.findings[0].detail == "Han \"瓜皮\"");
}

BOOST_AUTO_TEST_CASE(the_pages_own_script_code_math_a_lang_already_said_and_a_lone_greek_letter_are_left_alone) {
    BOOST_TEST(markdown_page("東京大学の研究室です。", "ja").findings.empty());
    BOOST_TEST(markdown_page("我在東京大学", "zh-Hant").html.find("<span") == std::string::npos);
    std::string said = "<p>The <span lang=\"zh\">瓜皮 <b>猫</b></span> and <code>变量</code>, α = 0.5</p>";
    auto left = accessible_html(said, "en");
    BOOST_TEST(left.html == said);
    BOOST_TEST(left.findings.empty());
    auto math = markdown_page("Let $\\alpha + \\beta$ be small.");
    BOOST_TEST(math.html.find("<span lang") == std::string::npos, math.html);
    // Latin in a Chinese page is nobody's guess and nothing to report.
    BOOST_TEST(markdown_page("我们用 PyTorch 训练", "zh-Hans").findings.empty());
    // A Korean page's Hangul is its own; a Japanese run in it is wrapped.
    auto ko = markdown_page("연구실 ひらがな", "ko");
    BOOST_TEST(ko.html.find("<span lang=\"ja\">ひらがな</span>") != std::string::npos, ko.html);
}

// ---- pictures -----------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_markdown_image_without_words_is_reported_unless_its_stored_picture_is_described) {
    auto page = markdown_page("![](https://x.org/a.png) ![A cat](b.png) ![](/files/lab.png)");
    BOOST_TEST(count_of(page.findings, AccessibilityRule::image_description) == 2u);
    auto described = accessible_body("![](/files/lab.png)", BodyFormat::markdown_math, "en", {},
                                      [](std::string_view name) { return name == "lab.png"; });
    BOOST_TEST(described.findings.empty());
}

BOOST_AUTO_TEST_CASE(an_html_img_without_alt_is_reported_and_alt_empty_is_decorative) {
    auto html = accessible_body("<p><img src=\"a.png\"><img src=\"rule.png\" alt=\"\"></p>", BodyFormat::html, "en");
    BOOST_REQUIRE(count_of(html.findings, AccessibilityRule::image_description) == 1u);
    BOOST_TEST(html.findings[0].detail == "<img src=\"a.png\">");
}

BOOST_AUTO_TEST_CASE(a_picture_added_needs_a_description_or_the_word_that_it_is_decorative) {
    BOOST_TEST(!picture_description_problem("", false).empty());
    BOOST_TEST(!picture_description_problem("  ", false).empty());
    BOOST_TEST(picture_description_problem("The lab at night", false).empty());
    BOOST_TEST(picture_description_problem("", true).empty());
    BOOST_TEST(!picture_description_problem("A rule", true).empty());  // one or the other
}

// ---- the site's findings ------------------------------------------------

BOOST_AUTO_TEST_CASE(a_sites_findings_name_the_row_the_field_the_rule_and_the_fix) {
    Content content;
    Post post;
    post.slug = "hello";
    post.body = "# Hello\n\n##### Deep\n\n![](/files/undescribed.png) [here](https://x.org)";
    content.posts.push_back(post);
    OwnPage page{.slug = "teaching", .title = "Teaching", .body_format = "markdown", .body = "All fine: [the syllabus](https://x.org).", .in_menu = false};
    content.pages.push_back(page);
    content.news.push_back({.id = 7, .date = "2026-01-01", .markdown = "Talk at [](https://x.org)"});
    content.files.push_back({.name = "undescribed.png", .type = "image/png", .size = 1, .digest = "", .width = 1, .height = 1, .alt = "", .variant_of = ""});
    content.translations.push_back({.language = "ja", .item = "post", .key = "hello", .field = "body", .text = "猫と 瓜皮", .index = -1});
    auto findings = accessibility_findings(content);
    BOOST_REQUIRE(findings.size() == 4u);
    BOOST_TEST(findings[0].where() == "post \"hello\" body");
    BOOST_TEST(rule_name(findings[0].finding.rule) == "heading-jump");
    BOOST_TEST(rule_name(findings[1].finding.rule) == "vague-link-text");
    BOOST_TEST(rule_name(findings[2].finding.rule) == "image-description");
    BOOST_TEST(findings[2].how_to_fix().find("the editor's Posts") != std::string::npos);
    BOOST_TEST(findings[3].where() == "news \"7\" markdown");
    BOOST_TEST(rule_name(findings[3].finding.rule) == "empty-link");
    // The Japanese translation's Han is its own language: nothing there.
}

#define BOOST_TEST_MODULE syndication
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstring>

#include "base/text.hpp"

#include "render/formats/structured_data.hpp"
#include "render/formats/syndication.hpp"
#include "render/math/body_html.hpp"

using namespace vitae;

namespace {

FeedPlace place(std::int64_t fallback_unix) {
    return FeedPlace{"https://example.org", fallback_unix, Catalogues::builtin_english().english(), "en"};
}

Content sample() {
    Content c;
    c.name = "Haoran Zhang";
    c.posts = {{"newer", "B & <b>", "2026-07-25", "markdown", "Hello *world*", {"systems"}, false, ""},
               {"older", "Empty", "2025-01-02", "markdown", "", {}, false, ""}};
    Publication p;
    p.slug = "causalmesh";
    p.kind = PublicationKind::conference;
    p.title = "CausalMesh";
    c.publications = {p};
    c.education = {{2019, 2024, "Ph.D.", "University of Pennsylvania"}, {2014, 2019, "B.E.", "Tsinghua University"}};
    c.links = {{"GitHub", ""}};
    return c;
}

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// Every way HTML the owner pasted could run script in a feed reader.
constexpr std::string_view hostile_html =
    "<p>Kept <strong>text</strong></p>\n<script>alert(1)</script>\n<img src=\"x\" onerror=\"alert(2)\">\n"
    "<a href=\"javascript:alert(3)\">link</a>\n<svg onload=\"alert(4)\"><circle r=\"1\"/></svg>\n"
    "<style>body{background:url(javascript:alert(5))}</style>\n<iframe src=\"https://evil.example/\"></iframe>\n"
    "<p onclick=\"alert(6)\">para</p>\n<a href=\" JaVaScRiPt:alert(7)\">x</a>\n"
    "<IMG SRC=\"jav&#x09;ascript:alert(8);\"><object data=\"x.swf\"></object><embed src=\"x\">";

// The HTML each <content type="html"> of `feed` carries, its XML escaping undone.
std::string contents(const std::string& feed) {
    std::string out;
    for (auto at = feed.find("<content type=\"html\">"); at != std::string::npos; at = feed.find("<content type=\"html\">", at + 1)) {
        auto start = at + 21, end = feed.find("</content>", start);
        std::string text = feed.substr(start, end - start);
        for (auto [from, to] : {std::pair{"&lt;", "<"}, std::pair{"&gt;", ">"}, std::pair{"&quot;", "\""},
                                std::pair{"&apos;", "'"}, std::pair{"&amp;", "&"}})
            for (auto i = text.find(from); i != std::string::npos; i = text.find(from, i + 1)) text.replace(i, std::strlen(from), to);
        out += text;
    }
    return out;
}

void expect_sanitized(const std::string& feed) {
    std::string html = ascii_lower(contents(feed));
    for (std::string_view bad : {"<script", "alert(", "onerror", "onload", "onclick", "javascript:", "<svg", "<style",
                                 "<iframe", "<object", "<embed"})
        BOOST_TEST(!has(html, bad), bad << " in " << html);
    BOOST_TEST(has(html, "<p>kept <strong>text</strong></p>"), html);
}

}  // namespace

BOOST_AUTO_TEST_CASE(feed_has_the_required_atom_elements) {
    std::string feed = atom_feed(sample(), place(0));
    BOOST_TEST(feed.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"en\">"));
    BOOST_TEST(has(feed, "<id>https://example.org/blog/</id>"));
    BOOST_TEST(has(feed, "<updated>2026-07-25T00:00:00Z</updated>"));
    BOOST_TEST(has(feed, "<author>\n<name>Haoran Zhang</name>\n</author>"));
    BOOST_TEST(has(feed, R"(<link rel="self" type="application/atom+xml" href="https://example.org/feed.xml"/>)"));
    BOOST_TEST(has(feed, "<id>https://example.org/blog/newer</id>\n<title>B &amp; &lt;b&gt;</title>"));
}

BOOST_AUTO_TEST_CASE(feed_escapes_html_content_and_invents_none) {
    std::string feed = atom_feed(sample(), place(0));
    BOOST_TEST(has(feed, "<content type=\"html\">&lt;p&gt;Hello &lt;em&gt;world&lt;/em&gt;&lt;/p&gt;"));
    auto older = feed.substr(feed.find("<id>https://example.org/blog/older</id>"));
    BOOST_TEST(!has(older, "<content"));
    BOOST_TEST(!has(older, "<summary"));
}

BOOST_AUTO_TEST_CASE(feed_without_posts_is_dated_by_the_content) {
    Content c = sample();
    c.posts.clear();
    std::string feed = atom_feed(c, place(86400));
    BOOST_TEST(has(feed, "<updated>1970-01-02T00:00:00Z</updated>"));
    BOOST_TEST(!has(feed, "<entry>"));
}

BOOST_AUTO_TEST_CASE(sitemap_lists_every_page_with_known_dates) {
    auto entries = sitemap_entries(sample());
    std::string xml = sitemap_xml(entries, "https://example.org");
    BOOST_TEST(has(xml, "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
    BOOST_TEST(has(xml, "<url><loc>https://example.org/</loc></url>"));
    BOOST_TEST(has(xml, "<url><loc>https://example.org/blog/</loc><lastmod>2026-07-25</lastmod></url>"));
    BOOST_TEST(has(xml, "<url><loc>https://example.org/blog/older</loc><lastmod>2025-01-02</lastmod></url>"));
    BOOST_TEST(has(xml, "<url><loc>https://example.org/publications/causalmesh</loc></url>"));
    // A filter page for each kind the site has (only conference papers here).
    BOOST_TEST(has(xml, "<loc>https://example.org/publications/conference/</loc>"));
    BOOST_TEST(!has(xml, "<loc>https://example.org/publications/preprint/</loc>"));
    // A page for each tag, dated by its newest post.
    BOOST_TEST(has(xml, "<url><loc>https://example.org/blog/tag/systems/</loc><lastmod>2026-07-25</lastmod></url>"));
    BOOST_TEST(has(xml, "<url><loc>https://example.org/cv/</loc></url>"));  // it has publications
    BOOST_TEST(has(xml, "<url><loc>https://example.org/accessibility/</loc></url>"));  // every site's statement
    BOOST_TEST(entries.size() == 3u + 1u + 2u + 1u + 1u + 1u + 1u);
}

// A database written by hand (or before the editor checked dates) may hold
// 2021-02-31: no feed or sitemap says it (rules/date), and vitae check names the row.
BOOST_AUTO_TEST_CASE(impossible_dates_reach_no_feed_nor_sitemap) {
    Content c = sample();
    c.posts = {{"impossible", "Feb 31", "2021-02-31", "markdown", "x", {"systems"}, false, ""},
               {"older", "Empty", "2021-01-02", "markdown", "", {"systems"}, false, ""}};
    c.news = {{7, "2021-04-31", "April 31"}};
    c.talks = {{2, "2021-02-30", "Feb 30", "", "", "", "", "", ""}};
    for (const std::string& feed : {atom_feed(c, place(0)), tag_feed(c, "systems", {0, 1}, place(0))}) {
        for (std::string_view bad : {"2021-02-31", "2021-04-31", "2021-02-30"}) BOOST_TEST(!has(feed, bad), feed);
        BOOST_TEST(!has(feed, "/blog/impossible"));
        BOOST_TEST(has(feed, "<id>https://example.org/blog/older</id>"));
        BOOST_TEST(has(feed, "<updated>2021-01-02T00:00:00Z</updated>"));
    }
    std::string xml = sitemap_xml(sitemap_entries(c), "https://example.org");
    for (std::string_view bad : {"2021-02-31", "2021-04-31", "2021-02-30"}) BOOST_TEST(!has(xml, bad), xml);
    BOOST_TEST(has(xml, "<url><loc>https://example.org/blog/impossible</loc></url>"));  // the page is there, undated
    BOOST_TEST(has(xml, "<url><loc>https://example.org/blog/older</loc><lastmod>2021-01-02</lastmod></url>"));
    BOOST_TEST(!has(talks_json_ld(c, "https://example.org"), "2021-02-30"));
}

BOOST_AUTO_TEST_CASE(tag_feed_has_only_the_tags_posts_and_its_own_ids) {
    Content c = sample();
    std::string xml = tag_feed(c, "systems", posts_by_tag(c).at("systems"), place(0));
    BOOST_TEST(has(xml, "<id>https://example.org/blog/tag/systems/</id>"));
    BOOST_TEST(has(xml, "<title>Posts tagged systems — Haoran Zhang</title>"));
    BOOST_TEST(has(xml, "href=\"https://example.org/blog/tag/systems/feed.xml\""));
    BOOST_TEST(has(xml, "<id>https://example.org/blog/newer</id>"));
    BOOST_TEST(!has(xml, "/blog/older"));
    BOOST_TEST(has(xml, "<category term=\"systems\"/>"));
    BOOST_TEST(has(xml, "<updated>2026-07-25T00:00:00Z</updated>"));
}

BOOST_AUTO_TEST_CASE(feed_has_news_and_talks_as_entries_merged_newest_first) {
    Content c = sample();
    c.news = {{7, "2026-08-01", "Paper *accepted*."}};
    c.talks = {{2, "2026-07-26", "Meshes & Causality", "DB Seminar", "Online", "", "", "", "We *met*."}};
    std::string feed = atom_feed(c, place(0));
    BOOST_TEST(has(feed, "<updated>2026-08-01T00:00:00Z</updated>"));
    auto news = feed.find("<id>https://example.org/news/#news-7</id>");
    auto talk = feed.find("<id>https://example.org/talks/#talk-2</id>\n<title>Talk: Meshes &amp; Causality</title>");
    auto post = feed.find("<id>https://example.org/blog/newer</id>");
    BOOST_TEST((news != std::string::npos && talk != std::string::npos && post != std::string::npos));
    BOOST_TEST((news < talk && talk < post));
    BOOST_TEST(has(feed, "<content type=\"html\">&lt;p&gt;Paper &lt;em&gt;accepted&lt;/em&gt;.&lt;/p&gt;\n</content>"));
    BOOST_TEST(has(feed, "<summary>DB Seminar, Online</summary>\n<content type=\"html\">&lt;p&gt;We &lt;em&gt;met&lt;/em&gt;.&lt;/p&gt;"));
    // A tag's feed is its posts alone.
    BOOST_TEST(!has(tag_feed(c, "systems", {0}, place(0)), "news-7"));
}

BOOST_AUTO_TEST_CASE(sitemap_names_news_and_talks_only_when_there_are_some) {
    Content c = sample();
    for (const auto& e : sitemap_entries(c)) BOOST_TEST((e.path != "/news/" && e.path != "/talks/"));
    c.news = {{1, "2026-08-01", "x"}, {2, "2026-01-01", "y"}};
    c.talks = {{1, "2025-02-03", "T", "", "", "", "", "", ""}};
    auto entries = sitemap_entries(c);
    BOOST_TEST((std::find(entries.begin(), entries.end(), SitemapEntry{"/news/", "2026-08-01"}) != entries.end()));
    BOOST_TEST((std::find(entries.begin(), entries.end(), SitemapEntry{"/talks/", "2025-02-03"}) != entries.end()));
}

BOOST_AUTO_TEST_CASE(talks_json_ld_is_one_event_per_talk_escaped) {
    Content c = sample();
    c.talks = {{1, "2025-02-03", "</script> talk", "NeurIPS", "Vancouver", "", "", "https://neurips.cc", ""},
               {2, "2024-01-01", "Remote", "", "Online", "", "", "", ""}};
    std::string ld = talks_json_ld(c, "https://example.org");
    BOOST_TEST(ld.starts_with("{\"@context\":\"https://schema.org\",\"@graph\":[{\"@type\":\"Event\""));
    BOOST_TEST(!has(ld, "</script>"));
    BOOST_TEST(has(ld, "\"startDate\":\"2025-02-03\""));
    BOOST_TEST(has(ld, "\"location\":{\"@type\":\"Place\",\"name\":\"Vancouver\"}"));
    BOOST_TEST(has(ld, "\"superEvent\":{\"@type\":\"Event\",\"name\":\"NeurIPS\"}"));
    BOOST_TEST(has(ld, "\"url\":\"https://neurips.cc\""));
    BOOST_TEST(has(ld, "\"location\":{\"@type\":\"VirtualLocation\"}"));
    BOOST_TEST(has(ld, "\"performer\":{\"@type\":\"Person\",\"name\":\"Haoran Zhang\""));
}

BOOST_AUTO_TEST_CASE(project_json_ld_is_a_research_project_escaped) {
    Content c = sample();
    Project p;
    p.slug = "reefs";
    p.title = "</script> reefs";
    p.summary = "Counting *coral*.";
    std::string ld = project_json_ld(p, c, "https://example.org/projects/reefs", "https://example.org/files/0123456789ab/r.png");
    BOOST_TEST(ld.starts_with("{\"@context\":\"https://schema.org\",\"@type\":\"ResearchProject\""));
    BOOST_TEST(!has(ld, "</script>"));
    BOOST_TEST(has(ld, "\"url\":\"https://example.org/projects/reefs\""));
    BOOST_TEST(has(ld, "\"description\":\"Counting coral.\""));  // the text, not its Markdown
    BOOST_TEST(has(ld, "\"image\":\"https://example.org/files/0123456789ab/r.png\""));
    BOOST_TEST(has(ld, "\"member\":{\"@type\":\"Person\",\"name\":\"Haoran Zhang\"}"));
    BOOST_TEST(!has(project_json_ld(p, c, "u", ""), "\"image\""));
}

BOOST_AUTO_TEST_CASE(sitemap_names_projects_only_when_there_are_some) {
    Content c = sample();
    auto none = sitemap_entries(c);
    BOOST_TEST((std::find_if(none.begin(), none.end(), [](const SitemapEntry& e) { return e.path.starts_with("/projects/"); }) == none.end()));
    c.projects.push_back(Project{"reefs", "Reefs", "", "", "", {}, {}, {}});
    auto some = sitemap_entries(c);
    BOOST_TEST((std::find(some.begin(), some.end(), SitemapEntry{"/projects/", ""}) != some.end()));
    BOOST_TEST((std::find(some.begin(), some.end(), SitemapEntry{"/projects/reefs", ""}) != some.end()));
}

BOOST_AUTO_TEST_CASE(robots_allows_all_and_names_the_sitemap) {
    BOOST_TEST(robots_txt("https://example.org") == "User-agent: *\nAllow: /\n\nSitemap: https://example.org/sitemap.xml\n");
}

BOOST_AUTO_TEST_CASE(person_json_ld_states_only_what_the_content_has) {
    std::string json = person_json_ld(sample(), "https://example.org");
    BOOST_TEST(json == R"({"@context":"https://schema.org","@type":"Person","name":"Haoran Zhang",)"
                       R"("url":"https://example.org/","alumniOf":[{"@type":"EducationalOrganization",)"
                       R"("name":"University of Pennsylvania"},{"@type":"EducationalOrganization",)"
                       R"("name":"Tsinghua University"}]})");
    Content c = sample();
    c.links = {{"GitHub", "https://github.com/x"}, {"LinkedIn", ""}};
    BOOST_TEST(has(person_json_ld(c, "https://example.org"), R"("sameAs":["https://github.com/x"])"));
}

BOOST_AUTO_TEST_CASE(article_json_ld_names_authors_and_venue) {
    Publication p;
    p.kind = PublicationKind::journal;
    p.title = "A </script> title";
    p.venue = "JBO";
    p.year = 2020;
    p.authors = {{"Yankui Sun", false, false}, {"Haoran Zhang", true, false}};
    std::string json = article_json_ld(p, "https://example.org/publications/x");
    BOOST_TEST(!has(json, "</"));
    BOOST_TEST(has(json, R"("@type":"ScholarlyArticle")"));
    BOOST_TEST(has(json, R"("author":[{"@type":"Person","name":"Yankui Sun"},{"@type":"Person","name":"Haoran Zhang"}])"));
    BOOST_TEST(has(json, R"("datePublished":"2020")"));
    BOOST_TEST(has(json, R"("isPartOf":{"@type":"Periodical","name":"JBO"})"));
}

BOOST_AUTO_TEST_CASE(rfc3339_is_utc) {
    BOOST_TEST(rfc3339_utc(0) == "1970-01-01T00:00:00Z");
    BOOST_TEST(rfc3339_utc(1785110400) == "2026-07-27T00:00:00Z");
}

BOOST_AUTO_TEST_CASE(a_posts_html_is_sanitized_in_the_site_feed_and_its_tag_feed) {
    Content c = sample();
    c.posts = {{"pasted", "Pasted", "2026-07-25", "html", std::string(hostile_html), {"x"}, false, ""},
               {"written", "Written", "2026-07-24", "markdown", "Markdown with raw HTML:\n\n" + std::string(hostile_html),
                {"x"}, false, ""}};
    c.news = {{7, "2026-08-01", std::string(hostile_html)}};
    c.talks = {{2, "2026-07-26", "T", "", "", "", "", "", std::string(hostile_html)}};
    std::string feed = atom_feed(c, place(0));
    expect_sanitized(feed);
    expect_sanitized(tag_feed(c, "x", posts_by_tag(c).at("x"), place(0)));
    // What the post's page shows, the feed carries: the one body rule (body_html).
    BOOST_TEST(has(contents(feed), body_html(hostile_html, BodyFormat::html)));
}

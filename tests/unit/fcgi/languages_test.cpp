#define BOOST_TEST_MODULE languages
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "handler_fixture.hpp"
#include "http/router.hpp"
#include "render/template/catalogue.hpp"
#include "site/page_inputs.hpp"
#include "site/pages.hpp"
#include "store/model/translate.hpp"
#include "store/rows/content_store.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

// The fixture site with English (default), Chinese and Arabic; a few rows translated into Chinese.
const std::string languages_sql = R"sql(
INSERT INTO language (code, name, position, is_default) VALUES ('en', 'English', 1, 1), ('zh', '中文', 2, 0), ('ar', 'العربية', 3, 0);
INSERT INTO translation (language, item, key, field, text) VALUES
 ('zh', 'paragraph', '2', 'markdown', '在那之前，我是示例大学的*博士后*。'),
 ('zh', 'post', 'notes-on-sketches', 'title', '关于草图的笔记'),
 ('zh', 'publication', 'tidepool', 'abstract', '潮池：流图上的增量视图。'),
 ('zh', 'education', '2', 'degree', '数学学士'),
 ('zh', 'post', 'no-such-post', 'title', '无'),
 ('zh', 'post', 'reading-list', 'subtitle', '无');
)sql";

struct Site3 : HandlerFixture {
    Site3() : HandlerFixture(fixture_content() + languages_sql) {}
    Response get(std::string_view uri, std::string_view inm = {}) {
        return handler.handle({.method = "GET", .request_uri = uri, .if_none_match = inm, .remote_addr = "127.0.0.1"}, thread);
    }
    std::string body(std::string_view uri) {
        auto r = get(uri);
        BOOST_REQUIRE_MESSAGE(r.page, uri);
        return r.page->body;
    }
};

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

Catalogues catalogues_with(const std::map<std::string, std::string>& files) {
    TempDir dir;
    for (const auto& [name, text] : files) write_file(dir / name, text);
    return Catalogues::load(dir.path());
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_catalogue_falls_back_to_english_key_by_key_and_names_what_it_lacks) {
    auto c = catalogues_with({{"strings.de.json", R"({"nav_home": "Startseite", "date_day": "{d}. {mon} {y}", "month_7": "Juli"})"}});
    const Catalogue& de = c.for_language("de");
    BOOST_TEST(de.code() == "de");
    BOOST_TEST(de("nav_home") == "Startseite");
    BOOST_TEST(de("nav_blog") == "Blog");  // English
    BOOST_TEST(de.date("2026-07-05") == "5. Juli 2026");
    BOOST_TEST(de.missing().size() > 50u);
    BOOST_TEST(std::count(de.missing().begin(), de.missing().end(), "nav_home") == 0);
    BOOST_TEST(c.english()("nav_home") == "Home");  // built in when the directory has no strings.en.json
    BOOST_TEST(c.english().missing().empty());
}

BOOST_AUTO_TEST_CASE(a_language_finds_its_catalogue_by_script_region_then_english) {
    auto c = catalogues_with({{"strings.zh-Hans.json", R"({"nav_home": "首页"})"},
                              {"strings.zh-Hant.json", R"({"nav_home": "首頁"})"},
                              {"strings.pt.json", R"({"nav_home": "Início"})"}});
    BOOST_TEST(c.for_language("zh")("nav_home") == "首页");
    BOOST_TEST(c.for_language("zh-CN")("nav_home") == "首页");
    BOOST_TEST(c.for_language("zh-TW")("nav_home") == "首頁");
    BOOST_TEST(c.for_language("zh-Hant-HK")("nav_home") == "首頁");
    BOOST_TEST(c.for_language("zh-hant")("nav_home") == "首頁");
    BOOST_TEST(c.for_language("pt-BR")("nav_home") == "Início");
    BOOST_TEST(c.for_language("sw")("nav_home") == "Home");
}

BOOST_AUTO_TEST_CASE(a_broken_catalogue_is_refused_naming_the_file_and_key) {
    auto refused = [](const std::string& text, std::string_view says) {
        TempDir dir;
        write_file(dir / "strings.fr.json", text);
        BOOST_CHECK_EXCEPTION(Catalogues::load(dir.path()), Error, [&](const Error& e) {
            std::string what = e.what();
            return has(what, "strings.fr.json") && has(what, says);
        });
    };
    refused("{\"nav_home\": ", "not JSON");
    refused("[1, 2]", "not a JSON object");
    refused(R"({"nav_home": 3})", "\"nav_home\" is not a string");
}

BOOST_AUTO_TEST_CASE(format_joiner_and_dates_follow_the_catalogue) {
    const Catalogue& en = Catalogues::builtin_english().english();
    BOOST_TEST(en.format("reading_time", {{"n", "3"}}) == "3 min read");
    BOOST_TEST(en.format("description_tag", {{"name", "Ann"}, {"tag", "ml"}}) == "Posts by Ann tagged ml");
    BOOST_TEST(en.joiner(0, 3) == "");
    BOOST_TEST(en.joiner(1, 3) == ", ");
    BOOST_TEST(en.joiner(2, 3) == ", and ");
    BOOST_TEST(en.joiner(1, 2) == " and ");
    BOOST_TEST(en.date("2024-07") == "Jul 2024");
    BOOST_TEST(en.date("2024-13-01") == "2024-13-01");  // bad input passes through
    auto shipped = Catalogues::load(source_dir / "templates");
    BOOST_TEST(shipped.for_language("zh").date("2026-07-25") == "2026年7月25日");
    for (const char* code : {"zh-Hans", "zh-Hant", "de", "fr", "es", "ja", "ko", "pt", "ar"}) {
        BOOST_TEST_CONTEXT(code) {
            BOOST_TEST(shipped.for_language(code).code() == code);
            BOOST_TEST(shipped.for_language(code).missing().empty());  // every shipped catalogue is complete
        }
    }
}

BOOST_AUTO_TEST_CASE(routes_a_language_prefix_as_the_rest_of_the_path) {
    const std::vector<std::string> languages{"zh", "zh-Hant"};
    RouteContext site{.languages = languages};
    auto r = route("/zh/blog/notes-on-sketches", site);
    BOOST_TEST(static_cast<int>(r.kind) == static_cast<int>(RouteKind::post));
    BOOST_TEST(r.language == "zh");
    BOOST_TEST(r.language_index == 1u);
    BOOST_TEST(r.slug == "notes-on-sketches");
    BOOST_TEST(r.path == "/zh/blog/notes-on-sketches");  // the cache key keeps the prefix
    BOOST_TEST(route("/zh-Hant/", site).language == "zh-Hant");
    BOOST_TEST(route("/zh-Hant/", site).language_index == 2u);
    BOOST_TEST(static_cast<int>(route("/zh", site).kind) == static_cast<int>(RouteKind::redirect));
    BOOST_TEST(static_cast<int>(route("/zh/files/a.pdf", site).kind) == static_cast<int>(RouteKind::not_found));  // at the root only
    BOOST_TEST(static_cast<int>(route("/zh/sitemap.xml", site).kind) == static_cast<int>(RouteKind::not_found));
    BOOST_TEST(static_cast<int>(route("/blog/", site).kind) == static_cast<int>(RouteKind::blog_index));  // a section, not a language
    // A language the site lacks is no language: "/de" is any unknown path, "/de/…" not found.
    BOOST_TEST(static_cast<int>(route("/de", site).kind) == static_cast<int>(RouteKind::not_found));
    BOOST_TEST(static_cast<int>(route("/de/blog/", site).kind) == static_cast<int>(RouteKind::not_found));
    BOOST_TEST(route("/de/blog/", site).language.empty());
    BOOST_TEST(is_language_code("pt-BR"));
    BOOST_TEST(!is_language_code("blog"));
    BOOST_TEST(!is_language_code("Zh"));
    BOOST_TEST(!is_language_code("zh-"));
    BOOST_TEST(!is_language_code("x"));
    std::string longest = "zh-aaaaaaaa-bbbbbbbb-cccccccc-ddddd";  // subtags of at most 8
    BOOST_TEST(longest.size() == limits::max_language_code_chars);
    BOOST_TEST(is_language_code(longest));
    BOOST_TEST(!is_language_code(longest + "a"));
    // The schema refuses what the router does: one bound, in two languages.
    BOOST_TEST(read_file(source_dir / "data/schema.sql")
                   .find("length(code) BETWEEN 2 AND " + std::to_string(limits::max_language_code_chars)) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(translated_content_replaces_only_translated_fields_and_shares_the_other_rows) {
    TempDir dir;
    auto db = Db::open(make_db(dir, fixture_content() + languages_sql).string(), OpenMode::read_only);
    Content base = load_content(db);
    Content zh = translated(base, "zh");
    BOOST_TEST(zh.bio_markdown[1] == "在那之前，我是示例大学的*博士后*。");
    BOOST_TEST(zh.bio_markdown[0] == base.bio_markdown[0]);
    BOOST_TEST(zh.education[1].degree == "数学学士");
    BOOST_TEST(zh.posts[0].title == "关于草图的笔记");
    BOOST_TEST(zh.posts[0].body == base.posts[0].body);  // a field without a translation stays
    BOOST_TEST(zh.posts.shared(1) == base.posts.shared(1));  // an untranslated row is the same row
    BOOST_TEST(zh.posts.shared(0) != base.posts.shared(0));
    BOOST_TEST(zh.translated.contains("post:notes-on-sketches"));
    BOOST_TEST(zh.translated.contains("paragraph#1"));
    BOOST_TEST(!zh.translated.contains("post:reading-list"));
    Content ar = translated(base, "ar");
    BOOST_TEST(ar.translated.empty());
    BOOST_TEST((site_languages(base).front().code == "en"));
    BOOST_TEST(is_rtl("ar"));
    BOOST_TEST(is_rtl("fa-IR"));
    BOOST_TEST(!is_rtl("zh"));
    auto problems = translation_problems(base);
    BOOST_REQUIRE(problems.size() == 2u);
    BOOST_TEST(has(problems[0], "no post 'no-such-post'"));
    BOOST_TEST(has(problems[1], "no translatable field 'subtitle'"));
}

BOOST_AUTO_TEST_CASE(each_language_is_served_under_its_prefix_with_fallback_marked) {
    Site3 site;
    std::string home = site.body("/zh/");
    BOOST_TEST(has(home, "<html lang=\"zh\">"));
    BOOST_TEST(has(home, "在那之前，我是示例大学的<em>博士后</em>。"));
    BOOST_TEST(has(home, "<div lang=\"en\" dir=\"auto\"><p>I am a research scientist"));  // an untranslated paragraph keeps its language
    BOOST_TEST(has(home, "<h2 id=\"education\">教育背景</h2>"));
    BOOST_TEST(has(home, "href=\"/zh/blog/notes-on-sketches\">关于草图的笔记</a>"));
    BOOST_TEST(has(home, "<link rel=\"alternate\" hreflang=\"x-default\" href=\"http://127.0.0.1:8080/\">"));
    BOOST_TEST(has(home, "<link rel=\"alternate\" hreflang=\"ar\" href=\"http://127.0.0.1:8080/ar/\">"));
    BOOST_TEST(has(home, "<a href=\"/zh/\" hreflang=\"zh\" lang=\"zh\" aria-current=\"page\">中文</a>"));
    std::string en_post = site.body("/blog/notes-on-sketches");
    BOOST_TEST(has(en_post, "<html lang=\"en\">"));
    BOOST_TEST(has(en_post, "<a href=\"/zh/blog/notes-on-sketches\" hreflang=\"zh\" lang=\"zh\">中文</a>"));  // same page
    BOOST_TEST(has(site.body("/zh/blog/reading-list"), "<article class=\"post\" lang=\"en\" dir=\"auto\">"));
    BOOST_TEST(has(site.body("/ar/"), "<html lang=\"ar\" dir=\"rtl\">"));
    std::string paper = site.body("/zh/publications/tidepool");
    BOOST_TEST(has(paper, "潮池：流图上的增量视图。"));
    BOOST_TEST(has(paper, "href=\"/zh/publications/tidepool.bib\""));
    BOOST_TEST(!has(site.body("/ar/publications/tidepool"), "潮池"));
    BOOST_TEST(has(site.body("/zh/feed.xml"), "xml:lang=\"zh\""));
    BOOST_TEST(has(site.body("/zh/feed.xml"), "http://127.0.0.1:8080/zh/blog/notes-on-sketches"));
    std::string sitemap = site.body("/sitemap.xml");
    BOOST_TEST(has(sitemap, "<loc>http://127.0.0.1:8080/zh/publications/tidepool</loc>"));
    BOOST_TEST(has(sitemap, "<xhtml:link rel=\"alternate\" hreflang=\"ar\" href=\"http://127.0.0.1:8080/ar/blog/\"/>"));
}

BOOST_AUTO_TEST_CASE(a_language_the_site_lacks_is_not_found_and_has_no_redirect) {
    Site3 site;
    BOOST_TEST(site.get("/de/").status == 404);
    BOOST_TEST(site.get("/en/").status == 404);  // the default language lives at / only
    BOOST_TEST(site.get("/zh").status == 301);
    BOOST_TEST(site.get("/zh").location == "/zh/");
    BOOST_TEST(site.get("/de").status == 404);
    BOOST_TEST(site.get("/no-such-page").status == 404);
    auto missing = site.get("/zh/no/such/page");
    BOOST_TEST(missing.status == 404);
    BOOST_TEST(has(missing.page->body, "<h1>页面未找到</h1>"));
}

// The router decides the language and the representation together, once:
// a paper's URL in a language answers its citation there, named by its own URL.
BOOST_AUTO_TEST_CASE(a_papers_url_in_a_language_answers_its_citation_by_accept) {
    Site3 site;
    auto bib = site.handler.handle({.method = "GET", .request_uri = "/zh/publications/tidepool",
                                    .remote_addr = "127.0.0.1", .accept = "application/x-bibtex"},
                                   site.thread);
    BOOST_TEST(bib.status == 200);
    BOOST_TEST(bib.page->body.starts_with("@inproceedings{tidepool,"));
    BOOST_TEST(bib.content_location == "/zh/publications/tidepool.bib");
    BOOST_TEST(site.get("/zh/publications/tidepool.bib").page == bib.page);  // one cache entry
    auto lacking = site.handler.handle({.method = "GET", .request_uri = "/de/publications/tidepool",
                                        .remote_addr = "127.0.0.1", .accept = "application/x-bibtex"},
                                       site.thread);
    BOOST_TEST(lacking.status == 404);
    BOOST_TEST(lacking.content_location.empty());  // no language, so no paper: nothing to name
}

BOOST_AUTO_TEST_CASE(each_language_has_its_own_cached_page_and_etag) {
    Site3 site;
    auto en = site.get("/");
    auto zh = site.get("/zh/");
    BOOST_TEST(en.page->etag != zh.page->etag);
    BOOST_TEST(site.get("/zh/").cache_hit);
    BOOST_TEST(site.get("/zh/", zh.page->etag).status == 304);
}

BOOST_AUTO_TEST_CASE(a_translation_changes_only_its_languages_pages) {
    Site3 site;
    auto before = site.sites.current();
    exec_sql(site.db, "UPDATE translation SET text = '新标题' WHERE language = 'zh' AND item = 'post' AND key = 'notes-on-sketches'");
    BOOST_REQUIRE(site.sites.reload("test"));
    auto after = site.sites.current();
    std::set<std::string> changed;
    for (const auto& path : site_paths(*after))
        if (page_stamp(page_ref(site_route(*after, path), *after), *after) > before->generation) changed.insert(path);
    for (const auto& path : changed) BOOST_TEST_CONTEXT(path) { BOOST_TEST(path.starts_with("/zh/")); }
    BOOST_TEST(changed.contains("/zh/blog/notes-on-sketches"));
    BOOST_TEST(changed.contains("/zh/"));
    BOOST_TEST(changed.contains("/zh/feed.xml"));
    BOOST_TEST(!changed.contains("/blog/notes-on-sketches"));
    BOOST_TEST(!changed.contains("/ar/blog/notes-on-sketches"));
    BOOST_TEST(!changed.contains("/zh/publications/tidepool"));
    BOOST_TEST(has(site.body("/zh/blog/notes-on-sketches"), "新标题"));  // read-your-writes
}

BOOST_AUTO_TEST_CASE(a_site_without_languages_is_served_as_before) {
    HandlerFixture f;
    auto r = f.handler.handle({.method = "GET", .request_uri = "/", .remote_addr = "127.0.0.1"}, f.thread);
    BOOST_TEST(has(r.page->body, "<html lang=\"en\">"));
    BOOST_TEST(!has(r.page->body, "hreflang"));
    BOOST_TEST(!has(r.page->body, "class=\"langs\""));
    BOOST_TEST(f.sites.current()->language_count() == 1u);
    BOOST_TEST(f.handler.handle({.method = "GET", .request_uri = "/zh/", .remote_addr = "127.0.0.1"}, f.thread).status == 404);
}

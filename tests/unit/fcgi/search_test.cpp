#define BOOST_TEST_MODULE search
#include <boost/test/unit_test.hpp>

#include "base/limits.hpp"
#include "handler_fixture.hpp"
#include "render/views/search_views.hpp"
#include "store/model/search.hpp"
#include "store/rows/search_rows.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

// The fixture's site and a few rows with what people search for: accents,
// CJK names and titles, a DOI, an arXiv id, a draft.
const std::string extra_rows = R"sql(
UPDATE publication SET doi = '10.1145/3600006.3613146', keywords = 'serverless, cold starts',
    abstract = 'Functions start cold; we keep them warm.' WHERE slug = 'lattice-logs';
UPDATE publication SET arxiv = '2401.01234' WHERE slug = 'quorum-games';
INSERT INTO publication (id, slug, position, kind, title, venue, year, abstract) VALUES
 (7, 'laufer-paper', 7, 'journal', 'Tidal Flows in Estuaries', 'JFM', 2021, 'A serverless-free study.'),
 (8, 'tokyo-paper', 8, 'journal', '東京大学における分散システムの研究', '情報処理学会論文誌', 2020, ''),
 (9, 'seoul-paper', 9, 'journal', '서울대학교 데이터베이스 연구', '', 2019, '');
INSERT INTO publication_author VALUES (7, 1, 'Jörg Läufer', 0, 0), (7, 2, 'Inès Moreau', 1, 0),
    (8, 1, '王伟', 0, 0), (8, 2, 'Inès Moreau', 1, 0), (9, 1, '김민수', 0, 0);
INSERT INTO post (slug, title, published, body, status) VALUES ('secret-draft', 'Unpublished Zebra', '2025-01-01', 'zebra', 'draft');
INSERT INTO news (id, date, markdown) VALUES (3, '2025-02-01', 'Our paper on **Laufer** flows got in.');
)sql";

struct SearchDb {
    SearchDb() : path(make_db(dir, fixture_content() + extra_rows)), db(Db::open(path.string(), OpenMode::read_only)) {}
    SearchResults find(std::string_view typed, int page = 1) const {
        return search_site(db, parse_search_query(typed), {.page = page, .today = "2026-12-02"});
    }
    // "kind:key" of each hit, best first.
    std::vector<std::string> keys(std::string_view typed) const {
        std::vector<std::string> out;
        for (const auto& hit : find(typed).hits) out.push_back(hit.kind + ":" + hit.key);
        return out;
    }
    bool finds(std::string_view typed, std::string_view key) const {
        auto all = keys(typed);
        return std::find(all.begin(), all.end(), key) != all.end();
    }
    TempDir dir;
    std::filesystem::path path;
    Db db;
};

}  // namespace

BOOST_AUTO_TEST_CASE(words_phrases_and_prefixes_are_terms) {
    auto q = parse_search_query("  cold \"streaming graphs\" serverl* ");
    BOOST_REQUIRE(q.terms.size() == 3u);
    BOOST_TEST(q.terms[0].text == "cold");
    BOOST_TEST(q.terms[1].text == "streaming graphs");
    BOOST_TEST(q.terms[2].text == "serverl");
    BOOST_TEST(q.terms[2].prefix);
    BOOST_TEST(fts_expression(q) == "\"cold\" \"streaming graphs\" \"serverl\"*");
}

BOOST_AUTO_TEST_CASE(fts_syntax_is_only_text) {
    // A quote inside a word is doubled; operators are words; symbols alone are no term.
    BOOST_TEST(fts_expression(parse_search_query("a\"b")) == "\"a\" \"b\"");
    BOOST_TEST(fts_expression(parse_search_query("x AND y")) == "\"x\" \"AND\" \"y\"");
    BOOST_TEST(parse_search_query("( ) * ^ - + : \"\"").empty());
    BOOST_TEST(parse_search_query("\"unclosed phrase").terms.at(0).text == "unclosed phrase");
    std::string words;
    for (std::size_t i = 0; i <= limits::max_search_terms; ++i) words += "w" + std::to_string(i) + " ";
    auto over = parse_search_query(words);
    BOOST_TEST(over.too_many_terms);
    BOOST_TEST(over.terms.size() == limits::max_search_terms);
}

BOOST_AUTO_TEST_CASE(cjk_terms_go_to_the_trigram_index) {
    auto q = parse_search_query("東京大学 王伟 data");
    BOOST_TEST(q.cjk());
    BOOST_TEST(q.terms[0].cjk);
    BOOST_TEST(!q.terms[2].cjk);
    BOOST_TEST(trigram_expression(q) == "\"東京大学\" \"data\"");
    BOOST_TEST((like_patterns(q) == std::vector<std::string>{"%王伟%"}));
    BOOST_TEST(is_cjk(U'カ'));
    BOOST_TEST(is_cjk(U'한'));
    BOOST_TEST(!is_cjk(U'é'));
    BOOST_TEST((like_patterns(parse_search_query("5%")) == std::vector<std::string>{"%5\\%%"}));
}

BOOST_AUTO_TEST_CASE(marks_become_html_and_the_rest_is_escaped) {
    std::string marked = "a <b> " + std::string(mark_open) + "x&y" + std::string(mark_close) + " " +
                         std::string(mark_close) + std::string(mark_open) + "open";
    BOOST_TEST(marked_html(marked) == "a &lt;b&gt; <mark>x&amp;y</mark> <mark>open</mark>");
}

BOOST_AUTO_TEST_CASE(every_word_must_match_and_accents_fold_both_ways) {
    SearchDb s;
    BOOST_TEST(s.finds("Laufer", "publication:laufer-paper"));
    BOOST_TEST(s.finds("Läufer", "publication:laufer-paper"));
    BOOST_TEST(s.finds("Läufer", "news:3"));  // written 'Laufer' there
    BOOST_TEST(s.finds("ines moreau", "bio:"));
    BOOST_TEST(s.finds("Wrobel", "publication:tidepool"));
    BOOST_TEST(s.keys("tidepool laufer").empty());
    BOOST_TEST(s.finds("\"streaming graphs\"", "publication:tidepool"));
    BOOST_TEST(s.keys("\"graphs streaming\"").empty());
    BOOST_TEST(s.finds("serverl*", "publication:lattice-logs"));
    BOOST_TEST(s.keys("serverl").empty());
}

BOOST_AUTO_TEST_CASE(a_doi_and_an_arxiv_id_find_their_paper) {
    SearchDb s;
    BOOST_TEST(s.keys("10.1145/3600006.3613146") == std::vector<std::string>{"publication:lattice-logs"});
    BOOST_TEST(s.keys("2401.01234") == std::vector<std::string>{"publication:quorum-games"});
}

BOOST_AUTO_TEST_CASE(cjk_finds_by_substring_short_or_long) {
    SearchDb s;
    BOOST_TEST(s.keys("東京大学") == std::vector<std::string>{"publication:tokyo-paper"});
    BOOST_TEST(s.keys("分散システム") == std::vector<std::string>{"publication:tokyo-paper"});
    BOOST_TEST(s.keys("王伟") == std::vector<std::string>{"publication:tokyo-paper"});  // two characters: LIKE
    BOOST_TEST(s.keys("서울대학교") == std::vector<std::string>{"publication:seoul-paper"});
    BOOST_TEST(s.keys("김민수") == std::vector<std::string>{"publication:seoul-paper"});
    auto hit = s.find("東京").hits.at(0);
    BOOST_TEST(hit.title.find(std::string(mark_open) + "東京" + std::string(mark_close)) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_title_match_ranks_above_an_abstract_match) {
    SearchDb s;
    // 'serverless' is in lattice-logs' keywords and laufer-paper's abstract; add it to a title.
    exec_sql(s.path, "UPDATE publication SET title = 'Serverless Sketches' WHERE slug = 'sketchbook'");
    auto keys = s.keys("serverless");
    BOOST_REQUIRE(keys.size() == 3u);
    BOOST_TEST(keys[0] == "publication:sketchbook");
    // An author's surname ranks the papers they wrote.
    BOOST_TEST(s.keys("Watanabe").size() == 2u);
}

BOOST_AUTO_TEST_CASE(snippets_mark_the_matches) {
    SearchDb s;
    auto hits = s.find("warm").hits;
    BOOST_REQUIRE(hits.size() == 1u);
    BOOST_TEST(hits[0].snippet.find(std::string(mark_open) + "warm" + std::string(mark_close)) != std::string::npos);
    auto by_author = s.find("raman").hits;
    BOOST_REQUIRE(!by_author.empty());
    BOOST_TEST(by_author[0].authors.find(std::string(mark_open) + "Raman") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(drafts_and_scheduled_posts_are_not_found) {
    SearchDb s;
    BOOST_TEST(s.keys("zebra").empty());
    exec_sql(s.path, "INSERT INTO post (slug, title, published, body) VALUES ('later', 'Future Zebra', '2030-01-01', '')");
    BOOST_TEST(s.keys("zebra").empty());
    exec_sql(s.path, "UPDATE post SET status = 'published' WHERE slug = 'secret-draft'");
    BOOST_TEST(s.keys("zebra") == std::vector<std::string>{"post:secret-draft"});
}

BOOST_AUTO_TEST_CASE(every_client_s_edit_is_found_at_once) {
    SearchDb s;
    exec_sql(s.path, "UPDATE publication_author SET name = 'Zygmunt Öhlund' WHERE publication_id = 5 AND position = 1");
    BOOST_TEST(s.keys("ohlund") == std::vector<std::string>{"publication:quorum-games"});
    exec_sql(s.path, "UPDATE publication SET slug = 'quorum-games-2' WHERE id = 5");
    BOOST_TEST(s.keys("ohlund") == std::vector<std::string>{"publication:quorum-games-2"});
    exec_sql(s.path, "DELETE FROM publication WHERE id = 5");
    BOOST_TEST(s.keys("ohlund").empty());
    exec_sql(s.path, "INSERT INTO translation (language, item, key, field, text) VALUES "
                     "('en', 'publication', 'tidepool', 'title', 'Gezeitenbecken')");
    BOOST_TEST(s.keys("gezeitenbecken") == std::vector<std::string>{"publication:tidepool"});
    exec_sql(s.path, "INSERT INTO talk (id, date, title, event) VALUES (4, '2025-05-05', 'On Quokkas', 'QuokkaConf')");
    BOOST_TEST(s.keys("quokkas") == std::vector<std::string>{"talk:4"});
    exec_sql(s.path, "UPDATE profile_paragraph SET markdown = 'I breed axolotls.' WHERE position = 3");
    BOOST_TEST(s.keys("axolotls") == std::vector<std::string>{"bio:"});
    BOOST_TEST(search_index_problems(Db::open(s.path.string(), OpenMode::read_write)).empty());
}

BOOST_AUTO_TEST_CASE(pages_hold_ten_hits_each) {
    SearchDb s;
    std::string rows;
    for (int i = 0; i < 23; ++i)
        rows += "INSERT INTO publication (id, slug, position, kind, title) VALUES (" + std::to_string(100 + i) + ", 'w" +
                std::to_string(i) + "', " + std::to_string(100 + i) + ", 'other', 'Wombat " + std::to_string(i) + "');";
    exec_sql(s.path, rows);
    BOOST_TEST(s.find("wombat").total == 23);
    BOOST_TEST(s.find("wombat", 1).hits.size() == 10u);
    BOOST_TEST(s.find("wombat", 3).hits.size() == 3u);
    BOOST_TEST(s.find("wombat", 4).hits.empty());
}

BOOST_AUTO_TEST_CASE(check_finds_an_index_out_of_step) {
    SearchDb s;
    auto db = Db::open(s.path.string(), OpenMode::read_write);
    BOOST_TEST(search_index_problems(db).empty());
    // A client that dropped the triggers and wrote behind them.
    db.exec("DROP TRIGGER search_publication_update; UPDATE publication SET title = 'Renamed' WHERE slug = 'tidepool'");
    auto problems = search_index_problems(db);
    BOOST_REQUIRE(!problems.empty());
    BOOST_TEST(problems[0].find("publication 'tidepool'") != std::string::npos, problems[0]);
}

BOOST_AUTO_TEST_CASE(the_handler_answers_search_from_the_index_never_from_the_cache) {
    HandlerFixture f(fixture_content() + extra_rows);
    auto get = [&f](std::string_view uri) {
        return f.handler.handle({.method = "GET", .request_uri = uri, .remote_addr = "127.0.0.1"}, f.thread);
    };
    auto first = get("/search/?q=L%C3%A4ufer");
    BOOST_TEST(first.status == 200);
    BOOST_TEST(!first.cache_hit);
    BOOST_TEST(first.page->unlisted);
    BOOST_TEST(first.page->body.find("<a href=\"/publications/laufer-paper\">Tidal Flows in Estuaries</a>") != std::string::npos);
    BOOST_TEST(first.page->body.find("<mark>Läufer</mark>") != std::string::npos);
    BOOST_TEST(!get("/search/?q=L%C3%A4ufer").cache_hit);
    auto markup = get("/search/?q=%3Cb%3Ebold%3C%2Fb%3E");
    BOOST_TEST(markup.status == 200);
    BOOST_TEST(markup.page->body.find("&lt;b&gt;bold&lt;/b&gt;") != std::string::npos);
    BOOST_TEST(markup.page->body.find("<b>bold") == std::string::npos);
    BOOST_TEST(get("/search/?q=" + std::string(limits::max_search_query_bytes + 1, 'x')).status == 400);
    BOOST_TEST(get("/search/?q=x&page=0").status == 400);
    BOOST_TEST(get("/search/?q=x&page=2%zz").status == 400);  // bad encoding, not page 2
    BOOST_TEST(get("/search/?q=%").status == 400);
    BOOST_TEST(get("/search/?q=AND+OR+NOT+(").status == 200);
    BOOST_TEST(get("/search/").status == 200);
    BOOST_TEST(get("/search").status == 301);
}

// The writers of core/store/write/: each writes the rows it says, at the
// positions next_position() gives, and each write shows in change_log (the
// worker reads again only what the log names). A fresh database with the
// real schema and its triggers for each case.
#define BOOST_TEST_MODULE store_writers
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/awards.hpp"
#include "store/write/files.hpp"
#include "store/write/languages.hpp"
#include "store/write/position.hpp"
#include "store/write/posts.hpp"
#include "store/write/profile.hpp"
#include "store/write/projects.hpp"
#include "store/write/publications.hpp"
#include "store/write/sections.hpp"
#include "store/write/teaching.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

// A database with the schema and nothing else, and its change log read from a mark.
struct Fresh {
    TempDir dir;
    Db db = Db::open(make_db(dir, "").string(), OpenMode::read_write);

    // The first column of every row `sql` selects (the test joins the
    // columns it checks with ||), rows joined by '\n'.
    std::string rows(const std::string& sql) const {
        auto stmt = db.prepare(sql);
        std::string out;
        while (stmt.step()) out += (out.empty() ? "" : "\n") + stmt.text_at(0);
        return out;
    }
    std::int64_t mark() const {
        auto stmt = db.prepare("SELECT coalesce(max(seq), 0) FROM change_log");
        stmt.step();
        return stmt.int_at(0);
    }
    // The entries after `seq`, as "item:key" (key empty when NULL), in order.
    std::string log_since(std::int64_t seq) const {
        auto stmt = db.prepare("SELECT item, coalesce(key, '') FROM change_log WHERE seq > ? ORDER BY seq");
        stmt.bind(1, seq);
        std::string out;
        while (stmt.step()) out += (out.empty() ? "" : " ") + stmt.text_at(0) + ":" + stmt.text_at(1);
        return out;
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(next_position_comes_after_the_last_row_of_the_table_or_of_one_parent) {
    Fresh f;
    BOOST_TEST(next_position(f.db, "award") == 1);
    exec_sql(f.db.path(), "INSERT INTO award (position, name) VALUES (7, 'Old');");
    BOOST_TEST(next_position(f.db, "award") == 8);  // after the last, not the count
    insert_post(f.db, {.slug = "a", .title = "A", .published = "2024-01-01", .body_format = "markdown", .body = "",
                       .tags = {"x", "y"}, .draft = false, .preview_token = ""});
    BOOST_TEST(next_position(f.db, "post_tag", "post_slug", std::string_view("a")) == 3);
    BOOST_TEST(next_position(f.db, "post_tag", "post_slug", std::string_view("b")) == 1);
    BOOST_CHECK_THROW(next_position(f.db, "award; DROP TABLE award"), Error);
    BOOST_CHECK_THROW(next_position(f.db, "post_tag", "post_slug = 1 OR 1", std::string_view("a")), Error);
}

BOOST_AUTO_TEST_CASE(awards_and_teaching_are_appended_with_every_column) {
    Fresh f;
    auto seq = f.mark();
    BOOST_TEST(insert_award(f.db, {.year = 2024, .name = "Best Paper Award", .issuer = "OSDI"}) == 1);
    BOOST_TEST(insert_award(f.db, {.year = std::nullopt, .name = "Fellowship", .issuer = ""}) == 2);
    BOOST_TEST(f.rows("SELECT position || '|' || coalesce(year, 'NULL') || '|' || name || '|' || issuer FROM award ORDER BY position") ==
               "1|2024|Best Paper Award|OSDI\n2|NULL|Fellowship|");
    BOOST_TEST(insert_teaching(f.db, {.course = "CS 101", .title = "Intro", .term = "Fall 2024", .role = "Instructor"}) == 1);
    BOOST_TEST(insert_teaching(f.db, {.course = "CS 102", .title = "More", .term = "Spring 2025", .role = ""}) == 2);
    BOOST_TEST(f.rows("SELECT position || '|' || course || '|' || title || '|' || term || '|' || role FROM teaching ORDER BY position") ==
               "1|CS 101|Intro|Fall 2024|Instructor\n2|CS 102|More|Spring 2025|");
    BOOST_TEST(f.log_since(seq) == "sections: sections: sections: sections:");
}

BOOST_AUTO_TEST_CASE(news_talks_and_the_cv_sections_are_written_as_given) {
    Fresh f;
    auto seq = f.mark();
    BOOST_TEST(insert_news(f.db, {.id = 0, .date = "2024-05-01", .markdown = "Joined *X*."}) == 1);
    BOOST_TEST(insert_talk(f.db, {.id = 0, .date = "2024-06-01", .title = "Logs", .event = "NeurIPS", .place = "Online",
                                  .url_slides = "/files/s.pdf", .url_video = "https://v.example/1",
                                  .url_event = "https://e.example", .abstract = "About logs."}) == 1);
    BOOST_TEST(insert_education(f.db, {.start_year = 2010, .end_year = 2014, .degree = "BSc", .institution = "ETH"}) == 1);
    BOOST_TEST(insert_service(f.db, {.role = "Reviewer", .venue = "OSDI"}) == 1);
    BOOST_TEST(insert_service(f.db, {.role = "Chair", .venue = "HotOS"}) == 2);
    BOOST_TEST(insert_experience(f.db, {.organization = "Acme", .location = "Zurich", .role = "Intern",
                                        .start_month = "2013-06", .end_month = ""}) == 1);
    BOOST_TEST(f.rows("SELECT id || '|' || date || '|' || markdown FROM news") == "1|2024-05-01|Joined *X*.");
    BOOST_TEST(f.rows("SELECT title || '|' || event || '|' || place || '|' || url_slides || '|' || url_video || '|' || "
                      "url_event || '|' || abstract FROM talk") ==
               "Logs|NeurIPS|Online|/files/s.pdf|https://v.example/1|https://e.example|About logs.");
    BOOST_TEST(f.rows("SELECT position || '|' || start_year || '|' || end_year || '|' || degree || '|' || institution FROM education") ==
               "1|2010|2014|BSc|ETH");
    BOOST_TEST(f.rows("SELECT position || '|' || role || '|' || venue FROM service ORDER BY position") ==
               "1|Reviewer|OSDI\n2|Chair|HotOS");
    BOOST_TEST(f.rows("SELECT position || '|' || organization || '|' || location || '|' || role || '|' || start_month || '|' || "
                      "end_month FROM experience") == "1|Acme|Zurich|Intern|2013-06|");
    BOOST_TEST(f.log_since(seq) == "sections: sections: sections: sections: sections: sections:");
}

BOOST_AUTO_TEST_CASE(the_profile_row_is_made_then_replaced_and_its_lists_appended) {
    Fresh f;
    auto seq = f.mark();
    Content p;
    p.name = "Ada Lovelace";
    p.affiliation = "Analytical Engines";
    upsert_profile(f.db, p);
    p.job_title = "Countess";
    upsert_profile(f.db, p);
    BOOST_TEST(f.rows("SELECT id || '|' || name || '|' || affiliation || '|' || job_title || '|' || photo FROM profile") ==
               "1|Ada Lovelace|Analytical Engines|Countess|");
    BOOST_TEST(insert_profile_paragraph(f.db, "First.") == 1);
    BOOST_TEST(insert_profile_paragraph(f.db, "Second.") == 2);
    BOOST_TEST(insert_profile_email(f.db, {.address = "ada [at] example [dot] org", .label = "work"}) == 1);
    BOOST_TEST(insert_profile_link(f.db, {.label = "GitHub", .url = "https://github.com/ada"}) == 1);
    BOOST_TEST(insert_profile_name_variant(f.db, "A. Lovelace") == 1);
    BOOST_TEST(f.rows("SELECT position || '|' || markdown FROM profile_paragraph ORDER BY position") == "1|First.\n2|Second.");
    BOOST_TEST(f.rows("SELECT address || '|' || label FROM profile_email") == "ada [at] example [dot] org|work");
    BOOST_TEST(f.rows("SELECT label || '|' || url FROM profile_link") == "GitHub|https://github.com/ada");
    BOOST_TEST(f.rows("SELECT name FROM profile_name_variant") == "A. Lovelace");
    set_profile_photo(f.db, "me.png");
    clear_profile_photo(f.db, "other.png");  // not the photo: kept
    BOOST_TEST(f.rows("SELECT photo FROM profile") == "me.png");
    clear_profile_photo(f.db, "me.png");
    BOOST_TEST(f.rows("SELECT photo FROM profile") == "");
    // Made, replaced, 5 list rows, the photo set, then cleared (an UPDATE that matches nothing logs nothing).
    BOOST_TEST(f.log_since(seq) == "profile: profile: profile: profile: profile: profile: profile: profile: profile:");
}

BOOST_AUTO_TEST_CASE(posts_are_written_tagged_untagged_and_published) {
    Fresh f;
    auto seq = f.mark();
    insert_post(f.db, {.slug = "hello", .title = "Hello", .published = "2024-01-02", .body_format = "markdown",
                       .body = "Hi.", .tags = {"ml", "systems"}, .draft = true, .preview_token = std::string(32, 'a')});
    BOOST_TEST(f.rows("SELECT slug || '|' || title || '|' || published || '|' || body_format || '|' || body || '|' || status || "
                      "'|' || preview_token FROM post") ==
               "hello|Hello|2024-01-02|markdown|Hi.|draft|" + std::string(32, 'a'));
    BOOST_TEST(add_post_tags(f.db, "hello", {"ml", "theory"}) == 1);  // ml is there already
    BOOST_TEST(f.rows("SELECT position || '|' || tag FROM post_tag ORDER BY position") == "1|ml\n2|systems\n3|theory");
    BOOST_TEST(remove_post_tag(f.db, "hello", "systems"));
    BOOST_TEST(!remove_post_tag(f.db, "hello", "systems"));
    BOOST_TEST(add_post_tags(f.db, "hello", {"systems"}) == 1);
    BOOST_TEST(f.rows("SELECT position || '|' || tag FROM post_tag ORDER BY position") == "1|ml\n3|theory\n4|systems");
    BOOST_TEST(publish_draft(f.db, "hello").value_or("none") == "2024-01-02");
    BOOST_TEST(!publish_draft(f.db, "hello").has_value());  // not a draft any more
    BOOST_TEST(!publish_draft(f.db, "missing").has_value());
    BOOST_TEST(f.rows("SELECT status || '|' || preview_token FROM post") == "published|");
    BOOST_TEST(f.log_since(seq) == "post:hello post:hello post:hello post:hello post:hello post:hello post:hello");
}

BOOST_AUTO_TEST_CASE(a_project_is_written_with_its_links_and_relations_and_removed_with_them) {
    Fresh f;
    Publication paper;
    paper.slug = "lattice-logs";
    paper.title = "Lattice Logs";
    auto paper_id = insert_publication(f.db, paper);
    insert_post(f.db, {.slug = "launch", .title = "Launch", .published = "2024-01-02", .body_format = "markdown",
                       .body = "", .tags = {}, .draft = false, .preview_token = ""});
    auto seq = f.mark();
    insert_project(f.db, {.slug = "vitae", .title = "Vitae", .summary = "A server.", .markdown = "Body.", .image = "",
                          .links = {{.label = "Code", .url = "https://github.com/x/vitae"}, {.label = "Paper", .url = "/files/p.pdf"}},
                          .publications = {"lattice-logs"}, .posts = {"launch"}});
    insert_project(f.db, {.slug = "other", .title = "Other", .summary = "", .markdown = "", .image = "pic.png",
                          .links = {}, .publications = {}, .posts = {}});
    insert_project_link(f.db, "vitae", {.label = "Docs", .url = "https://docs.example"});
    relate_project_publication(f.db, "vitae", paper_id);  // there already: kept
    relate_project_post(f.db, "other", "no-such-post");   // nothing
    BOOST_TEST(f.rows("SELECT slug || '|' || position || '|' || title || '|' || summary || '|' || markdown || '|' || image "
                      "FROM project ORDER BY position") == "vitae|1|Vitae|A server.|Body.|\nother|2|Other|||pic.png");
    BOOST_TEST(f.rows("SELECT project_slug || '|' || position || '|' || label || '|' || url FROM project_link ORDER BY position") ==
               "vitae|1|Code|https://github.com/x/vitae\nvitae|2|Paper|/files/p.pdf\nvitae|3|Docs|https://docs.example");
    BOOST_TEST(f.rows("SELECT project_slug || '|' || publication_id FROM project_publication") == "vitae|" + std::to_string(paper_id));
    BOOST_TEST(f.rows("SELECT project_slug || '|' || post_slug FROM project_post") == "vitae|launch");
    BOOST_CHECK_THROW(insert_project(f.db, {.slug = "bad", .title = "Bad", .summary = "", .markdown = "", .image = "",
                                            .links = {}, .publications = {"no-such-paper"}, .posts = {}}),
                      Error);
    // vitae and its 2 links, paper and post; other; the third link. Ignored relations log nothing.
    BOOST_TEST(f.log_since(seq).starts_with("sections: sections: sections: sections: sections: sections: sections:"));
    clear_project_image(f.db, "pic.png");
    BOOST_TEST(f.rows("SELECT image FROM project WHERE slug = 'other'") == "");
    seq = f.mark();
    BOOST_TEST(remove_project(f.db, "vitae"));
    BOOST_TEST(!remove_project(f.db, "vitae"));
    BOOST_TEST(f.rows("SELECT count(*) FROM project_link") == "0");
    BOOST_TEST(f.rows("SELECT (SELECT count(*) FROM project_publication) + (SELECT count(*) FROM project_post)") == "0");
    BOOST_TEST(f.log_since(seq).starts_with("sections:"));
}

BOOST_AUTO_TEST_CASE(a_publication_is_appended_replaced_given_extras_and_deleted) {
    Fresh f;
    Publication a;
    a.slug = "first";
    a.title = "First";
    a.year = 2020;
    a.authors = {{.name = "Ada Lovelace", .is_owner = true, .equal_contribution = false}};
    a.links = {{.label = "PDF", .url = "https://a.example/a.pdf"}};
    a.fields = {{.name = "preview", .value = "a.png"}};
    Publication b = a;
    b.slug = "second";
    b.year = 2023;
    auto seq = f.mark();
    auto first = insert_publication(f.db, a);
    auto second = insert_publication(f.db, b);
    BOOST_TEST(f.rows("SELECT id || '|' || slug || '|' || position || '|' || year FROM publication ORDER BY position") ==
               std::to_string(first) + "|first|1|2020\n" + std::to_string(second) + "|second|2|2023");
    auto id = std::to_string(first);
    BOOST_TEST(f.log_since(seq).starts_with("publication:" + id + " publication:" + id + " publication:" + id +
                                             " publication:" + id));
    a.title = "First, revised";
    a.authors.push_back({.name = "Charles Babbage", .is_owner = false, .equal_contribution = false});
    update_publication(f.db, first, a);
    BOOST_TEST(f.rows("SELECT title || '|' || position FROM publication WHERE id = " + id) == "First, revised|1");
    BOOST_TEST(f.rows("SELECT position || '|' || name || '|' || is_owner FROM publication_author WHERE publication_id = " + id +
                      " ORDER BY position") == "1|Ada Lovelace|1\n2|Charles Babbage|0");
    append_publication_link(f.db, first, {.label = "PDF again", .url = "https://a.example/a.pdf"});  // that URL: kept as is
    append_publication_link(f.db, first, {.label = "Code", .url = "https://github.com/a"});
    BOOST_TEST(f.rows("SELECT position || '|' || label FROM publication_link WHERE publication_id = " + id + " ORDER BY position") ==
               "1|PDF\n2|Code");
    select_publication(f.db, first);
    set_publication_preview(f.db, first, "a.png");
    set_publication_preview(f.db, second, "a.png");
    BOOST_TEST(f.rows("SELECT selected || '|' || preview FROM publication WHERE id = " + id) == "1|a.png");
    clear_publication_preview(f.db, "a.png");
    BOOST_TEST(f.rows("SELECT count(*) FROM publication WHERE preview <> ''") == "0");
    order_publications_by_year(f.db);  // newest first
    BOOST_TEST(f.rows("SELECT slug || '|' || position FROM publication ORDER BY position") == "second|1\nfirst|2");
    seq = f.mark();
    delete_publication(f.db, first);
    BOOST_TEST(f.rows("SELECT count(*) FROM publication_author WHERE publication_id = " + id) == "0");
    BOOST_TEST(f.log_since(seq).find("publication:" + id) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(files_are_put_replaced_and_removed_with_their_copies) {
    Fresh f;
    auto seq = f.mark();
    auto pdf = put_file(f.db, "paper.pdf", "%PDF-1.4 one", "");
    BOOST_TEST(f.rows("SELECT name || '|' || type || '|' || size || '|' || digest || '|' || variant_of FROM file") ==
               "paper.pdf|application/pdf|12|" + pdf.digest + "|");
    put_file(f.db, "paper-small.pdf", "%PDF-1.4 small", "", "paper.pdf");
    BOOST_TEST(f.log_since(seq) == "file: file:");
    remove_variants(f.db, "paper.pdf");
    BOOST_TEST(f.rows("SELECT name FROM file") == "paper.pdf");
    BOOST_CHECK_THROW(put_file(f.db, "paper.png", "%PDF-1.4", ""), Error);  // the bytes are not a PNG
    BOOST_TEST(remove_file(f.db, "paper.pdf"));
    BOOST_TEST(!remove_file(f.db, "paper.pdf"));
    BOOST_TEST(f.rows("SELECT count(*) FROM file") == "0");
}

BOOST_AUTO_TEST_CASE(languages_keep_one_default_and_translations_are_replaced_and_removed) {
    Fresh f;
    auto seq = f.mark();
    insert_language(f.db, {.code = "en", .name = "English", .is_default = true});
    insert_language(f.db, {.code = "de", .name = "Deutsch", .is_default = false});
    insert_language(f.db, {.code = "fr", .name = "Français", .is_default = true});
    BOOST_TEST(f.rows("SELECT code || '|' || position || '|' || is_default FROM language ORDER BY position") ==
               "en|1|0\nde|2|0\nfr|3|1");
    Translation t{.language = "de", .item = "post", .key = "hello", .field = "title", .text = "Hallo", .index = -1};
    upsert_translation(f.db, t);
    t.text = "Servus";
    upsert_translation(f.db, t);
    BOOST_TEST(f.rows("SELECT language || '|' || item || '|' || key || '|' || field || '|' || text FROM translation") ==
               "de|post|hello|title|Servus");
    BOOST_TEST(f.log_since(seq).starts_with("sections: sections: sections:"));
    BOOST_TEST(remove_translation(f.db, t));
    BOOST_TEST(!remove_translation(f.db, t));
    upsert_translation(f.db, t);
    remove_language(f.db, "de");  // its translations go with it
    BOOST_TEST(f.rows("SELECT count(*) FROM translation") == "0");
    BOOST_TEST(f.rows("SELECT group_concat(code) FROM language") == "en,fr");
}

// The store's last word on a link (rules/link's require_link): whatever
// path reaches a writer, a link no page may make is refused and no row moves.
BOOST_AUTO_TEST_CASE(every_writer_of_a_link_refuses_one_no_page_may_make) {
    Fresh f;
    Publication paper;
    paper.slug = "paper";
    paper.title = "Paper";
    auto id = insert_publication(f.db, paper);
    const std::string before = f.rows("SELECT count(*) FROM publication") + f.rows("SELECT count(*) FROM publication_link");
    for (std::string url : {"javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", " vbscript:x", "java\tscript:x"}) {
        BOOST_TEST_CONTEXT(url) {
            Publication bad = paper;
            bad.slug = "bad";
            bad.links = {{.label = "PDF", .url = url}};
            BOOST_CHECK_THROW(insert_publication(f.db, bad), Error);
            bad.slug = "paper";
            BOOST_CHECK_THROW(update_publication(f.db, id, bad), Error);
            BOOST_CHECK_THROW(append_publication_link(f.db, id, {.label = "PDF", .url = url}), Error);
            BOOST_CHECK_THROW(insert_profile_link(f.db, {.label = "X", .url = url}), Error);
            BOOST_CHECK_THROW(put_profile_link(f.db, 1, {.label = "X", .url = url}), Error);
            BOOST_CHECK_THROW(insert_talk(f.db, {.id = 0, .date = "2024-01-01", .title = "T", .event = "", .place = "",
                                                 .url_slides = url, .url_video = "", .url_event = "", .abstract = ""}),
                              Error);
            BOOST_CHECK_THROW(insert_project(f.db, {.slug = "p", .title = "P", .summary = "", .markdown = "", .image = "",
                                                    .links = {{.label = "X", .url = url}}, .publications = {}, .posts = {}}),
                              Error);
        }
    }
    BOOST_TEST(f.rows("SELECT count(*) FROM publication") + f.rows("SELECT count(*) FROM publication_link") == before);
    BOOST_TEST(f.rows("SELECT count(*) FROM profile_link") + f.rows("SELECT count(*) FROM talk") == "00");
    try {
        insert_profile_link(f.db, {.label = "X", .url = "javascript:alert(1)"});
    } catch (const Error& e) {
        BOOST_TEST(std::string(e.what()) == "profile link \"X\": \"javascript:alert(1)\" is not an http(s) or mailto: URL nor a "
                                            "path on this site such as /files/NAME");
    }
}

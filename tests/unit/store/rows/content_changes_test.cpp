// load_changes: after each kind of edit, reading only the changed rows gives
// exactly what a whole load gives, the rows an edit did not touch are the
// very rows of the version before, and whatever the log cannot vouch for
// (pruned, reset, schema or triggers changed, the owner renamed) asks for a
// whole load instead of guessing.
#define BOOST_TEST_MODULE content_changes
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <set>

#include "store/rows/content_changes.hpp"
#include "store/rows/content_store.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

struct Loaded {
    Content content;
    ChangeMark mark;
};

Loaded whole(const std::filesystem::path& path) {
    auto db = Db::open(path.string(), OpenMode::read_only);
    Loaded out;
    out.content = load_content(db, {}, &out.mark);
    return out;
}

std::optional<Loaded> changes(const std::filesystem::path& path, const Loaded& before) {
    auto db = Db::open(path.string(), OpenMode::read_only);
    Loaded out;
    auto content = load_changes(db, before.content, before.mark, out.mark);
    if (!content) return std::nullopt;
    out.content = std::move(*content);
    return out;
}

// Index of the publication / post with this slug.
template <typename Rows>
std::size_t at(const Rows& rows, std::string_view slug) {
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].slug == slug) return i;
    BOOST_FAIL("no row " << slug);
    return 0;
}

struct Site {
    TempDir dir;
    std::filesystem::path db = make_db(dir, fixture_content());
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_fresh_database_has_a_usable_change_log) {
    Site site;
    auto loaded = whole(site.db);
    BOOST_TEST(loaded.mark.usable);
    BOOST_TEST(loaded.mark.seq > 0);  // the fixture's own inserts
    BOOST_TEST(loaded.mark.publication_ids.size() == loaded.content.publications.size());
}

BOOST_AUTO_TEST_CASE(each_kind_of_edit_read_alone_equals_a_whole_load_and_shares_untouched_rows) {
    Site site;
    struct Edit {
        std::string sql;
        std::set<std::string> papers;  // the publications whose rows it touches (or adds)
    };
    const Edit edits[] = {
        {"UPDATE publication SET title = 'Tidepool, revised' WHERE slug = 'tidepool'", {"tidepool"}},
        {"UPDATE publication_author SET name = 'K. Watanabe' WHERE publication_id = 3 AND position = 1", {"lattice-logs"}},
        {"INSERT INTO publication_link (publication_id, position, label, url) VALUES (4, 9, 'Data', 'https://d.example')",
         {"coral-reef-survey"}},
        {"DELETE FROM publication WHERE slug = 'quorum-games'", {}},
        {"INSERT INTO publication (id, slug, position, kind, title) VALUES (40, 'new-one', 0, 'journal', 'New')", {"new-one"}},
        {"UPDATE publication SET position = 100 WHERE slug = 'tidepool'", {"tidepool"}},  // moved to the end
        {"UPDATE post SET body = 'Rewritten.' WHERE slug = 'reading-list'", {}},
        {"INSERT INTO post (slug, title, published) VALUES ('2024', 'A slug of digits', '2030-01-01')", {}},
        {"UPDATE post SET title = 'Digits, renamed' WHERE slug = '2024'", {}},
        {"INSERT INTO post_tag (post_slug, position, tag) VALUES ('reading-list', 1, 'books'), ('reading-list', 2, 'ml')", {}},
        {"UPDATE post_tag SET tag = 'machine-learning' WHERE post_slug = 'reading-list' AND tag = 'ml'", {}},
        {"DELETE FROM post_tag WHERE post_slug = 'reading-list' AND tag = 'books'", {}},
        {"DELETE FROM post WHERE slug = 'reading-list'", {}},
        {"UPDATE profile_paragraph SET markdown = 'A new first paragraph.' WHERE position = 1", {}},
        {"INSERT INTO teaching (position, course, title, term) VALUES (9, 'DB101', 'Databases', 'Fall 2026')", {}},
        {"UPDATE profile SET affiliation = 'Elsewhere' WHERE id = 1", {}},
        {"INSERT INTO news (date, markdown) VALUES ('2026-02-01', 'Paper *accepted*.'), ('2026-03-01', 'Talk given.')", {}},
        {"UPDATE news SET markdown = 'Paper accepted at VLDB.' WHERE date = '2026-02-01'", {}},
        {"DELETE FROM news WHERE date = '2026-03-01'", {}},
        {"INSERT INTO talk (date, title, event, place) VALUES ('2025-11-02', 'Tidepools', 'DB Seminar', 'Online')", {}},
        {"UPDATE talk SET url_slides = '/files/slides.pdf' WHERE title = 'Tidepools'", {}},
        {"DELETE FROM talk", {}},
        {"UPDATE publication SET preview = 'reef.png' WHERE slug = 'tidepool'", {"tidepool"}},
        {"INSERT INTO project (slug, position, title, summary, markdown, image) "
         "VALUES ('reefs', 1, 'Reefs', 'Coral *reefs*.', 'Body.', 'reef.png')", {}},
        {"INSERT INTO project_link (project_slug, position, label, url) VALUES ('reefs', 1, 'Code', 'https://c.example')", {}},
        {"INSERT INTO project_publication (project_slug, publication_id) VALUES ('reefs', 4), ('reefs', 40)", {}},
        {"INSERT INTO project_post (project_slug, post_slug) VALUES ('reefs', '2024')", {}},
        {"UPDATE project SET title = 'Reef surveys' WHERE slug = 'reefs'", {}},
        {"DELETE FROM publication WHERE id = 40", {}},
        {"DELETE FROM project", {}},
        {"INSERT INTO award (position, year, name, issuer) VALUES (1, 2025, 'Best Paper', 'VLDB'), (2, NULL, 'Fellowship', '')", {}},
        {"UPDATE award SET issuer = 'NSF' WHERE position = 2", {}},
        {"UPDATE teaching SET role = 'Instructor' WHERE position = 1", {}},
        {"DELETE FROM award WHERE position = 1", {}},
    };
    Loaded before = whole(site.db);
    for (const auto& edit : edits) {
        BOOST_TEST_CONTEXT(edit.sql) {
            exec_sql(site.db, edit.sql);
            auto after = changes(site.db, before);
            BOOST_REQUIRE(after.has_value());
            Loaded expected = whole(site.db);
            BOOST_TEST((after->content == expected.content));
            BOOST_TEST(after->mark.seq == expected.mark.seq);
            BOOST_TEST((after->mark.publication_ids == expected.mark.publication_ids));
            // Every publication the edit did not change is the very row the version before held.
            const auto& a = after->content.publications;
            const auto& b = before.content.publications;
            for (std::size_t i = 0; i < a.size(); ++i) {
                if (a[i].slug == "new-one" && !b.empty() && edit.papers.contains("new-one")) continue;  // not there before
                if (edit.papers.contains(a[i].slug)) BOOST_TEST(a.shared(i) != b.shared(at(b, a[i].slug)));  // read again
                else BOOST_TEST(a.shared(i) == b.shared(at(b, a[i].slug)), a[i].slug << " was read again");
            }
            before = std::move(*after);
        }
    }
}

BOOST_AUTO_TEST_CASE(news_and_talks_are_read_newest_first_and_again_after_an_edit) {
    Site site;
    exec_sql(site.db, "INSERT INTO news (id, date, markdown) VALUES (1, '2025-01-01', 'Old.'), (2, '2026-01-01', 'New.'),"
                      " (3, '2026-01-01', 'Same day, later.');"
                      "INSERT INTO talk (id, date, title) VALUES (1, '2024-05-05', 'First'), (2, '2025-05-05', 'Second')");
    Loaded before = whole(site.db);
    BOOST_REQUIRE(before.content.news.size() == 3u);
    BOOST_TEST(before.content.news[0].id == 3);  // newest first; a day's later row first
    BOOST_TEST(before.content.news[2].markdown == "Old.");
    BOOST_REQUIRE(before.content.talks.size() == 2u);
    BOOST_TEST(before.content.talks[0].title == "Second");
    exec_sql(site.db, "UPDATE talk SET place = 'Kyoto' WHERE id = 1");
    auto after = changes(site.db, before);
    BOOST_REQUIRE(after.has_value());
    BOOST_TEST(after->content.talks[1].place == "Kyoto");
    BOOST_TEST((after->content.news == before.content.news));
    BOOST_TEST(after->content.publications.shared(0) == before.content.publications.shared(0));
}

BOOST_AUTO_TEST_CASE(projects_are_read_in_order_with_links_papers_and_posts) {
    Site site;
    exec_sql(site.db,
             "INSERT INTO project (slug, position, title, image) VALUES ('second', 2, 'Second', ''), ('first', 1, 'First', 'a.png');"
             "INSERT INTO project_link (project_slug, position, label, url) VALUES ('first', 2, 'Data', '/files/d.csv'),"
             " ('first', 1, 'Code', 'https://c.example');"
             "INSERT INTO project_publication (project_slug, publication_id) VALUES ('first', 4), ('first', 3);"
             "INSERT INTO project_post (project_slug, post_slug) VALUES ('first', 'reading-list');"
             "UPDATE publication SET preview = 'a.png' WHERE id = 3");
    Loaded before = whole(site.db);
    const auto& projects = before.content.projects;
    BOOST_REQUIRE(projects.size() == 2u);
    BOOST_TEST(projects[0].slug == "first");
    BOOST_TEST(projects[0].image == "a.png");
    BOOST_REQUIRE(projects[0].links.size() == 2u);
    BOOST_TEST(projects[0].links[0].label == "Code");
    // The papers by slug, in the publications' order.
    std::vector<std::string> papers;
    for (const auto& p : before.content.publications)
        if (p.slug == "lattice-logs" || p.slug == "coral-reef-survey") papers.push_back(p.slug);
    BOOST_TEST(projects[0].publications == papers);
    BOOST_TEST(projects[0].posts == std::vector<std::string>{"reading-list"});
    BOOST_TEST(projects[1].links.empty());
    BOOST_TEST(before.content.publications[at(before.content.publications, "lattice-logs")].preview == "a.png");

    // A paper's new slug reaches the project, though only the paper's row was logged.
    exec_sql(site.db, "UPDATE publication SET slug = 'reef-survey' WHERE id = 4");
    auto after = changes(site.db, before);
    BOOST_REQUIRE(after.has_value());
    BOOST_TEST((after->content == whole(site.db).content));
    const auto& now = after->content.projects[0].publications;
    BOOST_TEST((std::find(now.begin(), now.end(), "reef-survey") != now.end()));
}

BOOST_AUTO_TEST_CASE(a_changed_row_is_read_again_and_the_others_are_not) {
    Site site;
    Loaded before = whole(site.db);
    exec_sql(site.db, "UPDATE publication SET venue = 'SIGMOD 2025' WHERE slug = 'tidepool'");
    auto after = changes(site.db, before);
    BOOST_REQUIRE(after.has_value());
    auto& a = after->content.publications;
    auto& b = before.content.publications;
    BOOST_TEST(a[at(a, "tidepool")].venue == "SIGMOD 2025");
    BOOST_TEST(a.shared(at(a, "tidepool")) != b.shared(at(b, "tidepool")));
    BOOST_TEST(a.shared(at(a, "lattice-logs")) == b.shared(at(b, "lattice-logs")));
    BOOST_TEST(after->content.posts.shared(0) == before.content.posts.shared(0));
}

BOOST_AUTO_TEST_CASE(a_tag_edit_reads_its_post_again_with_its_tags_and_no_other_post) {
    Site site;
    Loaded before = whole(site.db);
    exec_sql(site.db, "INSERT INTO post_tag (post_slug, position, tag) VALUES "
                      "('notes-on-sketches', 2, 'streaming'), ('notes-on-sketches', 1, 'sketches')");
    auto after = changes(site.db, before);
    BOOST_REQUIRE(after.has_value());
    const auto& a = after->content.posts;
    const auto& b = before.content.posts;
    BOOST_TEST((a[at(a, "notes-on-sketches")].tags == std::vector<std::string>{"sketches", "streaming"}));
    BOOST_TEST(a.shared(at(a, "notes-on-sketches")) != b.shared(at(b, "notes-on-sketches")));
    BOOST_TEST(a.shared(at(a, "reading-list")) == b.shared(at(b, "reading-list")));
    BOOST_TEST((after->content == whole(site.db).content));
}

BOOST_AUTO_TEST_CASE(no_commit_since_gives_the_same_content) {
    Site site;
    Loaded before = whole(site.db);
    auto after = changes(site.db, before);
    BOOST_REQUIRE(after.has_value());
    BOOST_TEST((after->content == before.content));
    BOOST_TEST(after->mark.seq == before.mark.seq);
}

BOOST_AUTO_TEST_CASE(renaming_the_owner_asks_for_a_whole_load) {
    Site site;  // every author's owner flag depends on the name
    Loaded before = whole(site.db);
    exec_sql(site.db, "UPDATE profile SET name = 'Inès M. Moreau' WHERE id = 1");
    BOOST_TEST(!changes(site.db, before).has_value());
    exec_sql(site.db, "INSERT INTO profile_name_variant (position, name) VALUES (1, 'I. Moreau')");
    BOOST_TEST(!changes(site.db, before).has_value());
}

BOOST_AUTO_TEST_CASE(a_log_pruned_or_reset_past_the_version_asks_for_a_whole_load) {
    Site site;
    Loaded before = whole(site.db);
    exec_sql(site.db, "UPDATE publication SET title = 'T1' WHERE id = 1; UPDATE publication SET title = 'T2' WHERE id = 2;");
    exec_sql(site.db, "DELETE FROM change_log WHERE seq = " + std::to_string(before.mark.seq + 1));
    BOOST_TEST(!changes(site.db, before).has_value());

    Site other;
    Loaded b2 = whole(other.db);
    exec_sql(other.db, "DELETE FROM change_log; UPDATE sqlite_sequence SET seq = 0 WHERE name = 'change_log';");
    BOOST_TEST(!changes(other.db, b2).has_value());
}

BOOST_AUTO_TEST_CASE(many_changes_at_once_ask_for_a_whole_load) {
    Site site;
    Loaded before = whole(site.db);
    std::string sql = "BEGIN;";
    for (int i = 0; i < 600; ++i) sql += "UPDATE profile SET job_title = 'J" + std::to_string(i) + "' WHERE id = 1;";
    exec_sql(site.db, sql + "COMMIT;");
    BOOST_TEST(!changes(site.db, before).has_value());
}

BOOST_AUTO_TEST_CASE(a_dropped_trigger_is_seen_and_the_log_no_longer_trusted) {
    Site site;
    Loaded before = whole(site.db);
    exec_sql(site.db, "DROP TRIGGER log_publication_update");
    BOOST_TEST(!changes(site.db, before).has_value());  // the schema changed
    Loaded again = whole(site.db);
    BOOST_TEST(!again.mark.usable);  // from now on, every load is whole
    exec_sql(site.db, "UPDATE publication SET title = 'Unlogged' WHERE id = 1");
    BOOST_TEST(!changes(site.db, again).has_value());
}

BOOST_AUTO_TEST_CASE(the_log_keeps_its_latest_entries_only) {
    Site site;
    std::string sql = "BEGIN;";
    for (int i = 0; i < 5000; ++i) sql += "UPDATE profile SET job_title = 'J" + std::to_string(i) + "' WHERE id = 1;";
    exec_sql(site.db, sql + "COMMIT;");
    auto db = Db::open(site.db.string(), OpenMode::read_only);
    auto count = db.prepare("SELECT count(*) FROM change_log");
    BOOST_REQUIRE(count.step());
    BOOST_TEST(count.int_at(0) <= 4096 + 1024);
}

BOOST_AUTO_TEST_CASE(awards_and_teaching_roles_are_read_in_order_and_again_after_an_edit) {
    Site site;
    exec_sql(site.db, "INSERT INTO award (position, year, name, issuer) VALUES (2, NULL, 'Fellowship', ''),"
                      " (1, 2025, 'Best Paper', 'VLDB 2025'); UPDATE teaching SET role = 'Instructor' WHERE position = 2");
    Loaded before = whole(site.db);
    BOOST_REQUIRE(before.content.awards.size() == 2u);
    BOOST_TEST(before.content.awards[0].name == "Best Paper");  // by position
    BOOST_TEST((before.content.awards[0].year == std::optional<int>(2025)));
    BOOST_TEST(!before.content.awards[1].year.has_value());
    BOOST_TEST(before.content.teaching[0].role == "");
    BOOST_TEST(before.content.teaching[1].role == "Instructor");
    exec_sql(site.db, "UPDATE award SET year = 2020 WHERE position = 2; UPDATE teaching SET role = 'TA' WHERE position = 1");
    auto after = changes(site.db, before);
    BOOST_REQUIRE(after.has_value());
    BOOST_TEST((after->content.awards[1].year == std::optional<int>(2020)));
    BOOST_TEST(after->content.teaching[0].role == "TA");
    BOOST_TEST(after->content.publications.shared(0) == before.content.publications.shared(0));
}

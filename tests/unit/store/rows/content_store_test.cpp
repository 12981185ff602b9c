#define BOOST_TEST_MODULE content_store
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
#include "store/rows/content_store.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

BOOST_AUTO_TEST_CASE(loads_every_table_in_the_owners_order) {
    TempDir dir;
    auto db = Db::open(make_db(dir, fixture_content()), OpenMode::read_only);
    check_database(db);
    Content c = load_content(db);
    BOOST_TEST(c.name == "Inès Moreau");
    BOOST_TEST(c.affiliation == "Institut Fictif de Recherche");
    BOOST_TEST(c.job_title == "Research Scientist");
    BOOST_TEST(c.bio_markdown.size() == 3u);
    BOOST_TEST(c.bio_markdown[2].find("Lac Léman ⛵") != std::string::npos);
    BOOST_TEST(c.emails.size() == 2u);
    BOOST_TEST(c.links.size() == 2u);
    BOOST_REQUIRE(c.education.size() == 3u);
    BOOST_TEST(c.education[2].degree.empty());
    BOOST_REQUIRE(c.publications.size() == fixture::publications);
    BOOST_TEST(c.publications.front().slug == "tidepool");
    BOOST_TEST((c.publications.back().kind == PublicationKind::preprint));
    BOOST_TEST(!c.publications.back().year.has_value());
    BOOST_TEST(c.publications[1].title == R"(Fast & Fair: Ranking <Top-k> Queries with "Bounded" Regret)");  // stored raw
    const auto& tidepool = c.publications.front();
    BOOST_REQUIRE(tidepool.authors.size() == 3u);
    BOOST_TEST(tidepool.authors[0].is_owner);
    BOOST_TEST(tidepool.authors[2].name == "Priya Raman");
    BOOST_TEST(tidepool.awards.size() == 2u);
    BOOST_TEST(tidepool.links.size() == 3u);
    BOOST_TEST(tidepool.links[0].url.empty());
    BOOST_TEST(tidepool.abstract == "We keep views fresh.");
    BOOST_TEST(c.publications[1].authors[1].equal_contribution);  // fast-and-fair: Moreau*
    BOOST_TEST(c.teaching.size() == 2u);
    BOOST_TEST(c.services.size() == 2u);
    BOOST_REQUIRE(c.experiences.size() == 3u);
    BOOST_TEST(c.experiences[0].end_month.empty());
    BOOST_REQUIRE(c.posts.size() == fixture::posts);
    BOOST_TEST(c.posts[0].slug == "notes-on-sketches");  // newest first
    BOOST_TEST(c.posts[1].body.empty());
}

BOOST_AUTO_TEST_CASE(loads_each_posts_tags_in_their_order) {
    TempDir dir;
    auto path = make_db(dir, fixture_content() +
                                 "INSERT INTO post_tag (post_slug, position, tag) VALUES "
                                 "('notes-on-sketches', 2, 'streaming'), ('notes-on-sketches', 1, 'sketches');");
    auto db = Db::open(path, OpenMode::read_only);
    check_database(db);
    Content c = load_content(db);
    BOOST_TEST((c.posts[0].tags == std::vector<std::string>{"sketches", "streaming"}));
    BOOST_TEST(c.posts[1].tags.empty());
    auto by_tag = posts_by_tag(c);
    BOOST_TEST(by_tag.size() == 2u);
    BOOST_TEST((by_tag.at("sketches") == std::vector<std::size_t>{0}));
}

BOOST_AUTO_TEST_CASE(a_tag_that_is_not_a_slug_is_refused_by_the_schema) {
    TempDir dir;
    auto path = make_db(dir, fixture_content());
    BOOST_CHECK_THROW(exec_sql(path, "INSERT INTO post_tag (post_slug, position, tag) VALUES ('reading-list', 1, 'Machine Learning')"),
                      std::exception);
    // As every vitae command opens it (a bare sqlite3 shell does not check references; the loader ignores such a row).
    BOOST_CHECK_THROW(exec_sql(path, "PRAGMA foreign_keys = ON; "
                                     "INSERT INTO post_tag (post_slug, position, tag) VALUES ('no-such-post', 1, 'ml')"),
                      std::exception);
}

BOOST_AUTO_TEST_CASE(rejects_missing_file_naming_it) {
    TempDir dir;
    auto path = (dir / "absent.db").string();
    try {
        auto db = Db::open(path, OpenMode::read_only);
        check_database(db);
        BOOST_FAIL("no error for a missing database");
    } catch (const Error& e) {
        BOOST_TEST(std::string(e.what()).find(path) != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(rejects_file_that_is_not_sqlite) {
    TempDir dir;
    write_file(dir / "garbage.db", std::string(4096, 'x'));
    auto db = Db::open((dir / "garbage.db").string(), OpenMode::read_only);
    try {
        check_database(db);
        BOOST_FAIL("no error for a non-database file");
    } catch (const Error& e) {
        BOOST_TEST(std::string(e.what()).find("not a database") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(rejects_database_with_wrong_schema_version) {
    TempDir dir;
    exec_sql(dir / "empty.db", "CREATE TABLE t(x);");
    auto db = Db::open((dir / "empty.db").string(), OpenMode::read_only);
    BOOST_CHECK_EXCEPTION(check_database(db), Error, [](const Error& e) {
        return std::string(e.what()).find("schema version 0, expected " + std::to_string(schema_version)) != std::string::npos;
    });
}

BOOST_AUTO_TEST_CASE(rejects_right_version_without_tables) {
    TempDir dir;
    exec_sql(dir / "fake.db", "PRAGMA user_version = " + std::to_string(schema_version) + "; CREATE TABLE profile(id, name);");
    auto db = Db::open((dir / "fake.db").string(), OpenMode::read_only);
    BOOST_CHECK_EXCEPTION(check_database(db), Error, [](const Error& e) {
        return std::string(e.what()).find("lacks the expected schema") != std::string::npos;
    });
}

BOOST_AUTO_TEST_CASE(rejects_database_without_profile_row) {
    TempDir dir;
    auto db = Db::open(make_db(dir, ""), OpenMode::read_only);
    BOOST_CHECK_THROW(load_content(db), Error);
}

BOOST_AUTO_TEST_CASE(connection_is_read_only) {
    TempDir dir;
    auto db = Db::open(make_db(dir, fixture_content()), OpenMode::read_only);
    BOOST_CHECK_THROW(db.exec("DELETE FROM post"), Error);
}

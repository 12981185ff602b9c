#define BOOST_TEST_MODULE content_store
#include <boost/test/unit_test.hpp>

#include "content_store.hpp"
#include "error.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

BOOST_AUTO_TEST_CASE(loads_shipped_content_in_seed_order) {
    TempDir dir;
    auto db = Db::open(make_db(dir, shipped_content()), OpenMode::read_only);
    check_database(db);
    Content c = load_content(db);
    BOOST_TEST(c.name == "Haoran Zhang");
    BOOST_TEST(c.bio_markdown.size() == 3u);
    BOOST_TEST(c.bio_markdown[2].find("瓜皮 (➔)") != std::string::npos);
    BOOST_REQUIRE(c.publications.size() == 8u);
    BOOST_TEST(c.publications.front().slug == "causalmesh");
    BOOST_TEST((c.publications.back().kind == PublicationKind::preprint));
    const auto& causalmesh = c.publications.front();
    BOOST_REQUIRE(causalmesh.authors.size() == 4u);
    BOOST_TEST(causalmesh.authors[0].is_owner);
    BOOST_TEST(causalmesh.authors[3].name == "Vincent Liu");
    BOOST_TEST(causalmesh.awards.size() == 2u);
    BOOST_TEST(causalmesh.links.size() == 3u);
    BOOST_TEST(causalmesh.links[0].url.empty());
    BOOST_TEST(c.publications[2].authors[1].equal_contribution);  // Mucache: Kallas*
    BOOST_TEST(c.experiences.size() == 7u);
    BOOST_TEST(c.posts.size() == 1u);
    BOOST_TEST(c.posts[0].body.empty());
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
    auto db = Db::open(make_db(dir, shipped_content()), OpenMode::read_only);
    BOOST_CHECK_THROW(db.exec("DELETE FROM post"), Error);
}

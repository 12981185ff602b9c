#define BOOST_TEST_MODULE cli_schema
#include <boost/test/unit_test.hpp>

#include <functional>
#include <sstream>

#include "base/error.hpp"
#include "cli/run/commands.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/search_rows.hpp"
#include "store/schema/schema.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
using namespace vitae::test;

namespace {

// The schema as SQLite stores it, plus the version: two databases with equal
// answers have the same tables, columns and constraints.
std::string schema_of(const std::filesystem::path& path) {
    auto db = Db::open(path.string(), OpenMode::read_only);
    std::string out = "version " + std::to_string(db.pragma_int("user_version")) + "\n";
    auto stmt = db.prepare("SELECT type, name, sql FROM sqlite_schema ORDER BY name");
    while (stmt.step()) out += stmt.text_at(0) + " " + stmt.text_at(1) + ": " + stmt.text_at(2) + "\n";
    return out;
}

std::filesystem::path reference_db(const TempDir& dir) {
    return make_db(dir, "", "reference.db");
}

std::size_t files_in(const TempDir& dir) {
    return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir.path()), {}));
}

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

BOOST_AUTO_TEST_CASE(embedded_schema_is_data_schema_sql_and_has_one_migration_per_version) {
    BOOST_TEST(migrations().size() == static_cast<std::size_t>(schema_version));
    BOOST_TEST(latest_version() == schema_version);
    BOOST_TEST(migrations()[0].from_version == 0);
    BOOST_TEST(std::string(migrations()[0].sql) == read_file(source_dir / "data/schema.sql"));
}

BOOST_AUTO_TEST_CASE(init_creates_the_current_schema_and_leaves_no_temp_files) {
    TempDir dir;
    auto path = dir / "new.db";
    init_database(path.string(), "Ada Lovelace");
    BOOST_TEST(schema_of(path) == schema_of(reference_db(dir)));
    auto db = Db::open(path.string(), OpenMode::read_only);
    check_database(db);
    BOOST_TEST(load_content(db).name == "Ada Lovelace");
    BOOST_TEST(files_in(dir) == 2u);  // new.db and reference.db
}

BOOST_AUTO_TEST_CASE(init_refuses_an_existing_file_and_keeps_it) {
    TempDir dir;
    write_file(dir / "taken.db", "precious");
    BOOST_TEST(error_of([&] { init_database((dir / "taken.db").string(), ""); }).find("file exists") !=
               std::string::npos);
    BOOST_TEST(read_file(dir / "taken.db") == "precious");
    BOOST_TEST(files_in(dir) == 1u);
}

BOOST_AUTO_TEST_CASE(migrate_brings_an_empty_database_to_the_latest_version_after_a_backup) {
    TempDir dir;
    auto path = dir / "old.db";
    write_file(path, "");  // a zero-byte file is an empty SQLite database, user_version 0
    auto result = migrate_database(path.string(), 1700000000);
    BOOST_TEST(result.from == 0);
    BOOST_TEST(result.to == schema_version);
    BOOST_TEST(result.backup_path == path.string() + ".bak-1700000000");
    BOOST_TEST(std::filesystem::exists(result.backup_path));
    BOOST_TEST(schema_of(path) == schema_of(reference_db(dir)));
}

BOOST_AUTO_TEST_CASE(migrate_reports_a_current_database_and_changes_nothing) {
    TempDir dir;
    auto path = make_db(dir, fixture_content());
    auto bytes = read_file(path);
    std::ostringstream out, err;
    std::vector<std::string> argv = {"migrate", path.string()};
    BOOST_TEST(run(argv, out, err) == 0);
    BOOST_TEST(out.str() == "already at version " + std::to_string(latest_version()) + "\n");
    BOOST_TEST(read_file(path) == bytes);
    BOOST_TEST(files_in(dir) == 1u);  // no backup
}

BOOST_AUTO_TEST_CASE(migrate_refuses_a_newer_database_untouched) {
    TempDir dir;
    auto path = make_db(dir, "PRAGMA user_version = " + std::to_string(latest_version() + 1) + ";");
    auto bytes = read_file(path);
    BOOST_TEST(error_of([&] { migrate_database(path.string(), 1); }).find("newer than this vitae") !=
               std::string::npos);
    BOOST_TEST(read_file(path) == bytes);
    BOOST_TEST(files_in(dir) == 1u);
}

BOOST_AUTO_TEST_CASE(migrate_refuses_version_zero_with_tables) {
    TempDir dir;
    auto path = dir / "other.db";
    exec_sql(path, "CREATE TABLE t (x);");
    BOOST_TEST(error_of([&] { migrate_database(path.string(), 1); }).find("not a Vitae database") != std::string::npos);
    BOOST_TEST(schema_of(path).find("table t:") != std::string::npos);
    BOOST_TEST(files_in(dir) == 1u);
}

BOOST_AUTO_TEST_CASE(migrate_refuses_to_overwrite_an_existing_backup) {
    TempDir dir;
    auto path = dir / "old.db";
    write_file(path, "");
    write_file(path.string() + ".bak-5", "earlier backup");
    BOOST_TEST(error_of([&] { migrate_database(path.string(), 5); }) != "no error");
    BOOST_TEST(read_file(path.string() + ".bak-5") == "earlier backup");
    BOOST_TEST(schema_of(path).starts_with("version 0\n"));
}

BOOST_AUTO_TEST_CASE(migrate_and_init_refuse_what_is_not_there_or_not_sqlite) {
    TempDir dir;
    BOOST_TEST(error_of([&] { migrate_database((dir / "absent.db").string(), 1); }).find("no such file") !=
               std::string::npos);
    write_file(dir / "text.db", "this is not a database, just some text that is long enough to have a header");
    BOOST_TEST(error_of([&] { migrate_database((dir / "text.db").string(), 1); }).find("not a database") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(init_command_names_the_file_and_refuses_twice) {
    TempDir dir;
    auto path = (dir / "site.db").string();
    std::ostringstream out, err;
    std::vector<std::string> argv = {"init", path, "--name", "Ada"};
    BOOST_TEST(run(argv, out, err) == 0);
    BOOST_TEST(out.str() == "created " + path + " (schema version " + std::to_string(latest_version()) + ")\n");
    std::ostringstream out2, err2;
    BOOST_TEST(run(argv, out2, err2) == 1);
    BOOST_TEST(err2.str().find("file exists") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(migrate_brings_a_version_1_database_to_the_latest_keeping_rows) {
    TempDir dir;
    // tests/fixtures/schema-v<N>.sql: data/schema.sql as it was at version N.
    auto path = dir / "v1.db";
    exec_sql(path, read_file(fixtures_dir / "schema-v1.sql") + "INSERT INTO profile (id, name) VALUES (1, 'Ann');");
    auto result = migrate_database(path.string(), schema_version);
    BOOST_TEST(result.from == 1);
    BOOST_TEST(result.to == latest_version());
    auto db = Db::open(path.string(), OpenMode::read_only);
    BOOST_TEST(db.user_version() == latest_version());
    auto row = db.prepare("SELECT name, affiliation, job_title FROM profile");
    BOOST_REQUIRE(row.step());
    BOOST_TEST(row.text_at(0) == "Ann");
    BOOST_TEST(row.text_at(1).empty());
}

BOOST_AUTO_TEST_CASE(migrate_brings_a_version_2_database_to_3_keeping_every_publication_row) {
    TempDir dir;
    auto path = dir / "v2.db";
    exec_sql(path, read_file(fixtures_dir / "schema-v2.sql") + R"sql(
INSERT INTO profile (id, name) VALUES (1, 'Ann');
INSERT INTO publication (id, slug, position, kind, title, venue, year, abstract) VALUES
    (7, 'paper', 1, 'conference', 'A Paper', 'OSDI', 2024, 'Abstract.'),
    (9, 'draft', 2, 'preprint', 'A Draft', '', NULL, '');
INSERT INTO publication_author VALUES (7, 1, 'Ann', 1, 0), (7, 2, 'Bo', 0, 1), (9, 1, 'Ann', 1, 0);
INSERT INTO publication_link VALUES (7, 1, 'PDF', 'https://example.org/a.pdf');
INSERT INTO publication_award VALUES (7, 1, 'Best Paper');
)sql");
    auto before = publication_rows(path);
    migrate_database(path.string(), schema_version);
    auto db = Db::open(path.string(), OpenMode::read_only);
    check_database(db);
    Content c = load_content(db);
    BOOST_REQUIRE(c.publications.size() == 2u);
    const Publication& p = c.publications[0];
    BOOST_TEST(p.slug == "paper");
    BOOST_TEST(p.title == "A Paper");
    BOOST_TEST(p.authors.size() == 2u);
    BOOST_TEST(p.links.size() == 1u);
    BOOST_TEST(p.awards.size() == 1u);
    BOOST_TEST(p.doi.empty());
    BOOST_TEST(!c.publications[1].year.has_value());
    // The child rows still point at their publications, the ids kept.
    auto after = publication_rows(path);
    BOOST_TEST(after.find("7|1|Ann|1|0|") != std::string::npos, after);
    BOOST_TEST(before.find("7|1|Ann|1|0|") != std::string::npos, before);
    auto fk = db.prepare("PRAGMA foreign_key_check");
    BOOST_TEST(!fk.step());
}

// Each fixture is data/schema.sql as it was at that version: migrated, it
// must have the very schema a new database has (each step runs exactly its
// own part of the file), and its posts take tags and keep their rows.
BOOST_AUTO_TEST_CASE(migrate_brings_version_4_to_8_databases_to_the_latest_like_a_new_one) {
    for (int version : {4, 5, 6, 7, 8}) {
        BOOST_TEST_CONTEXT("version " << version) {
            TempDir dir;
            auto path = dir / "old.db";
            exec_sql(path, read_file(fixtures_dir / ("schema-v" + std::to_string(version) + ".sql")) +
                               "INSERT INTO profile (id, name) VALUES (1, 'Ann');"
                               "INSERT INTO post (slug, title, published, body) VALUES ('kept', 'Kept', '2025-01-01', 'Body.');");
            auto result = migrate_database(path.string(), schema_version);
            BOOST_TEST(result.from == version);
            BOOST_TEST(result.to == latest_version());
            BOOST_TEST(schema_of(path) == schema_of(reference_db(dir)));
            exec_sql(path, "INSERT INTO post_tag (post_slug, position, tag) VALUES ('kept', 1, 'old-post')");
            auto db = Db::open(path.string(), OpenMode::read_only);
            check_database(db);
            Content c = load_content(db);
            BOOST_REQUIRE(c.posts.size() == 1u);
            BOOST_TEST(!c.posts[0].draft);
            BOOST_TEST(c.posts[0].preview_token.empty());
            BOOST_TEST((c.posts[0].tags == std::vector<std::string>{"old-post"}));
        }
    }
}

// v9: the search index is built from the rows a v8 database has, and kept
// by the triggers from then on.
BOOST_AUTO_TEST_CASE(migrate_from_version_8_builds_the_search_index) {
    TempDir dir;
    auto path = dir / "v8.db";
    exec_sql(path, read_file(fixtures_dir / "schema-v8.sql") + R"sql(
INSERT INTO profile (id, name) VALUES (1, 'Jörg Läufer');
INSERT INTO profile_paragraph (position, markdown) VALUES (1, 'I study tides.');
INSERT INTO publication (id, slug, position, kind, title, abstract) VALUES (7, 'tides', 1, 'journal', 'Tidal Flows', 'Estuaries.');
INSERT INTO publication_author VALUES (7, 1, 'Jörg Läufer', 1, 0), (7, 2, '王伟', 0, 0);
INSERT INTO talk (id, date, title) VALUES (3, '2025-01-01', 'On Tides');
)sql");
    migrate_database(path.string(), schema_version);
    auto db = Db::open(path.string(), OpenMode::read_only);
    auto count = [&db](const char* sql) {
        auto stmt = db.prepare(sql);
        return stmt.step() ? stmt.int_at(0) : -1;
    };
    BOOST_TEST(count("SELECT count(*) FROM search_doc") == 3);
    BOOST_TEST(count("SELECT count(*) FROM search WHERE search MATCH 'laufer'") == 2);  // the bio and the paper
    BOOST_TEST(count("SELECT count(*) FROM search_cjk WHERE (authors || '') LIKE '%王伟%'") == 1);
    BOOST_TEST(count("SELECT count(*) FROM search_stale") == 0);
    BOOST_TEST(search_index_problems(db).empty());
}

BOOST_AUTO_TEST_CASE(log_prints_the_edit_log_newest_first_and_refuses_a_bad_limit) {
    TempDir dir;
    auto path = (dir / "site.db").string();
    init_database(path, "Ann");
    exec_sql(path, R"(INSERT INTO edit_log (at, who, item, key, action, before, after) VALUES
        ('2026-12-01T10:00:00Z', 'ann', 'profile_link', '1', 'insert', NULL, '{"label":"A","url":""}'),
        ('2026-12-01T10:05:00Z', 'bea', 'profile_link', '1', 'delete', '{"label":"A","url":""}', NULL);)");
    std::ostringstream out, err;
    std::vector<std::string> argv = {"log", path, "--limit", "1"};
    BOOST_TEST(run(argv, out, err) == 0);
    BOOST_TEST(out.str().find(" bea delete profile_link 1\n  before: {\"label\":\"A\",\"url\":\"\"}\n  after:  none\n") !=
                   std::string::npos, out.str());
    BOOST_TEST(out.str().find("ann") == std::string::npos);
    std::ostringstream out2, err2;
    argv[3] = "x";
    BOOST_TEST(run(argv, out2, err2) == 2);
    BOOST_TEST(err2.str().find("--limit \"x\": give a whole number from 1 to 1000") != std::string::npos, err2.str());
}

#define BOOST_TEST_MODULE cli_backup
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "base/error.hpp"
#include "cli_test_support.hpp"
#include "store/rows/content_store.hpp"
#include "store/schema/backup.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

// Temp files (`X.tmp-XXXXXX`) and SQLite journals left in `dir`.
std::size_t leftovers_in(const TempDir& dir) {
    std::size_t n = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        auto name = entry.path().filename().string();
        if (name.find(".tmp-") != std::string::npos || name.ends_with("-journal") || name.ends_with("-wal") ||
            name.ends_with("-shm"))
            ++n;
    }
    return n;
}

std::string text_query(const std::filesystem::path& path, const char* sql) {
    auto db = Db::open(path.string(), OpenMode::read_only);
    auto stmt = db.prepare(sql);
    return stmt.step() ? stmt.text_at(0) : "";
}

std::string integrity(const std::filesystem::path& path) { return text_query(path, "PRAGMA integrity_check"); }
std::string journal_mode(const std::filesystem::path& path) { return text_query(path, "PRAGMA journal_mode"); }
std::string owner(const std::filesystem::path& path) { return text_query(path, "SELECT name FROM profile"); }

ino_t inode(const std::filesystem::path& path) {
    struct stat st {};
    BOOST_REQUIRE(::stat(path.c_str(), &st) == 0);
    return st.st_ino;
}

std::filesystem::path site_db(const TempDir& dir, const std::string& name, std::string_view file = "site.db") {
    auto path = make_db(dir, fixture_content(), file);
    exec_sql(path, "UPDATE profile SET name = '" + name + "'");
    return path;
}

std::vector<std::filesystem::path> backups_of(const TempDir& dir, const std::filesystem::path& db) {
    std::vector<std::filesystem::path> out;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
        if (entry.path().filename().string().starts_with(db.filename().string() + ".bak-")) out.push_back(entry.path());
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(backup)

BOOST_AUTO_TEST_CASE(copies_every_row_into_a_checked_rollback_journal_file) {
    TempDir dir;
    auto db = site_db(dir, "Ada");
    auto dest = dir / "copy.db";
    auto ran = vitae_cli({"backup", db.string(), dest.string()});
    BOOST_TEST(ran.status == 0, ran.err);
    BOOST_TEST(ran.out == "backed up " + db.string() + " to " + dest.string() + "\n");
    BOOST_TEST(publication_rows(dest) == publication_rows(db));
    BOOST_TEST(owner(dest) == "Ada");
    BOOST_TEST(integrity(dest) == "ok");
    BOOST_TEST(journal_mode(dest) == "delete");
    check_database(Db::open(dest.string(), OpenMode::read_only));
    BOOST_TEST(leftovers_in(dir) == 0u);
}

BOOST_AUTO_TEST_CASE(copies_a_wal_database_into_one_self_contained_file) {
    TempDir dir;
    auto db = site_db(dir, "Ada");
    exec_sql(db, "PRAGMA journal_mode = WAL;");
    auto dest = dir / "copy.db";
    auto ran = vitae_cli({"backup", db.string(), dest.string()});
    BOOST_TEST(ran.status == 0, ran.err);
    BOOST_TEST(leftovers_in(dir) == 0u);  // before the read-only checks below, which leave a -wal
    BOOST_TEST(journal_mode(dest) == "delete");
    BOOST_TEST(publication_rows(dest) == publication_rows(db));
}

BOOST_AUTO_TEST_CASE(refuses_an_existing_dest_unless_forced) {
    TempDir dir;
    auto db = site_db(dir, "Ada");
    auto dest = dir / "copy.db";
    write_file(dest, "precious");
    auto ran = vitae_cli({"backup", db.string(), dest.string()});
    BOOST_TEST(ran.status == 1);
    BOOST_TEST(ran.err.find("file exists") != std::string::npos, ran.err);
    BOOST_TEST(read_file(dest) == "precious");
    ran = vitae_cli({"backup", db.string(), dest.string(), "--force"});
    BOOST_TEST(ran.status == 0, ran.err);
    BOOST_TEST(owner(dest) == "Ada");
    BOOST_TEST(leftovers_in(dir) == 0u);
}

BOOST_AUTO_TEST_CASE(refuses_bad_arguments_and_leaves_nothing) {
    TempDir dir;
    auto db = site_db(dir, "Ada");
    auto bytes = read_file(db);
    BOOST_TEST(vitae_cli({"backup", db.string()}).status == 2);
    BOOST_TEST(vitae_cli({"backup", db.string(), (dir / "x.db").string(), "--bogus"}).status == 2);
    auto itself = vitae_cli({"backup", db.string(), db.string(), "--force"});
    BOOST_TEST(itself.status == 1);
    BOOST_TEST(itself.err.find("database itself") != std::string::npos, itself.err);
    auto missing = vitae_cli({"backup", (dir / "absent.db").string(), (dir / "x.db").string()});
    BOOST_TEST(missing.status == 1);
    BOOST_TEST(missing.err.find("no such file") != std::string::npos, missing.err);
    auto no_dir = vitae_cli({"backup", db.string(), (dir / "no/such/dir/x.db").string()});
    BOOST_TEST(no_dir.status == 1);
    BOOST_TEST(no_dir.err.find("create temp file") != std::string::npos, no_dir.err);
    BOOST_TEST(read_file(db) == bytes);
    BOOST_TEST(!std::filesystem::exists(dir / "x.db"));
    BOOST_TEST(leftovers_in(dir) == 0u);
}

BOOST_AUTO_TEST_CASE(refuses_a_database_the_worker_would_refuse_and_leaves_no_temp_file) {
    TempDir dir;
    auto newer = make_db(dir, fixture_content() + "PRAGMA user_version = 99;", "newer.db");
    auto ran = vitae_cli({"backup", newer.string(), (dir / "copy.db").string()});
    BOOST_TEST(ran.status == 1);
    BOOST_TEST(ran.err.find("schema version") != std::string::npos, ran.err);
    write_file(dir / "text.db", "this is not a database, just some text that is long enough to have a header");
    ran = vitae_cli({"backup", (dir / "text.db").string(), (dir / "copy.db").string()});
    BOOST_TEST(ran.status == 1);
    BOOST_TEST(!std::filesystem::exists(dir / "copy.db"));
    BOOST_TEST(leftovers_in(dir) == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(restore)

BOOST_AUTO_TEST_CASE(swaps_in_the_backup_and_keeps_the_previous_content) {
    TempDir dir;
    auto db = site_db(dir, "Now");
    auto src = site_db(dir, "Then", "then.db");
    exec_sql(src, "DELETE FROM publication_award;");
    auto before = inode(db);
    auto old_rows = publication_rows(db);
    auto result = restore_database(db.string(), src.string(), 1700000000);
    BOOST_TEST(result.kept_path == db.string() + ".bak-1700000000");
    BOOST_TEST(owner(db) == "Then");
    BOOST_TEST(publication_rows(db) == publication_rows(src));
    BOOST_TEST(inode(db) != before);  // renamed over, as the worker expects
    BOOST_TEST(owner(result.kept_path) == "Now");
    BOOST_TEST(publication_rows(result.kept_path) == old_rows);
    BOOST_TEST(journal_mode(db) == "delete");
    check_database(Db::open(db.string(), OpenMode::read_only));
    BOOST_TEST(leftovers_in(dir) == 0u);
}

BOOST_AUTO_TEST_CASE(command_names_the_kept_copy) {
    TempDir dir;
    auto db = site_db(dir, "Now");
    auto src = site_db(dir, "Then", "then.db");
    auto ran = vitae_cli({"restore", db.string(), src.string()});
    BOOST_TEST(ran.status == 0, ran.err);
    auto kept = backups_of(dir, db);
    BOOST_REQUIRE(kept.size() == 1u);
    BOOST_TEST(ran.out == "restored " + db.string() + " from " + src.string() + " (previous content: " +
                              kept[0].string() + ")\n");
    BOOST_TEST(owner(db) == "Then");
}

BOOST_AUTO_TEST_CASE(refuses_a_source_the_worker_would_refuse_and_changes_nothing) {
    TempDir dir;
    auto db = site_db(dir, "Now");
    auto bytes = read_file(db);
    auto newer = make_db(dir, fixture_content() + "PRAGMA user_version = 99;", "newer.db");
    auto lacking = make_db(dir, "DROP TABLE post;", "lacking.db");
    write_file(dir / "text.db", "this is not a database, just some text that is long enough to have a header");
    for (auto src : {newer, lacking, dir / "text.db", dir / "absent.db"}) {
        auto ran = vitae_cli({"restore", db.string(), src.string()});
        BOOST_TEST(ran.status == 1, src);
        BOOST_TEST(ran.err.find(src.string()) != std::string::npos, ran.err);
    }
    BOOST_TEST(vitae_cli({"restore", db.string(), db.string()}).status == 1);
    BOOST_TEST(vitae_cli({"restore", db.string()}).status == 2);
    BOOST_TEST(read_file(db) == bytes);
    BOOST_TEST(backups_of(dir, db).empty());
    BOOST_TEST(leftovers_in(dir) == 0u);
}

BOOST_AUTO_TEST_CASE(refuses_a_database_whose_wal_file_exists) {
    TempDir dir;
    auto db = site_db(dir, "Now");
    auto src = site_db(dir, "Then", "then.db");
    auto bytes = read_file(db);
    write_file(db.string() + "-wal", "");
    auto ran = vitae_cli({"restore", db.string(), src.string()});
    BOOST_TEST(ran.status == 1);
    BOOST_TEST(ran.err.find("-wal\" exists") != std::string::npos, ran.err);
    BOOST_TEST(read_file(db) == bytes);
    BOOST_TEST(backups_of(dir, db).empty());
}

BOOST_AUTO_TEST_CASE(keeps_the_live_databases_wal_mode_and_leaves_no_log_behind) {
    TempDir dir;
    auto db = site_db(dir, "Now");
    exec_sql(db, "PRAGMA journal_mode = WAL;");  // the last close removes the -wal
    auto src = site_db(dir, "Then", "then.db");
    auto result = restore_database(db.string(), src.string(), 5);
    BOOST_TEST(leftovers_in(dir) == 0u);  // before the read-only checks below, which leave a -wal
    BOOST_TEST(owner(db) == "Then");
    BOOST_TEST(journal_mode(db) == "wal");
    BOOST_TEST(journal_mode(result.kept_path) == "delete");
    BOOST_TEST(owner(result.kept_path) == "Now");
}

BOOST_AUTO_TEST_CASE(never_overwrites_an_earlier_kept_copy) {
    TempDir dir;
    auto db = site_db(dir, "Now");
    auto src = site_db(dir, "Then", "then.db");
    write_file(db.string() + ".bak-5", "earlier");
    BOOST_CHECK_THROW(restore_database(db.string(), src.string(), 5), Error);
    BOOST_TEST(read_file(db.string() + ".bak-5") == "earlier");
    BOOST_TEST(owner(db) == "Now");
    BOOST_TEST(leftovers_in(dir) == 0u);
}

BOOST_AUTO_TEST_CASE(creates_a_missing_database) {
    TempDir dir;
    auto src = site_db(dir, "Then", "then.db");
    auto result = restore_database((dir / "site.db").string(), src.string(), 5);
    BOOST_TEST(result.kept_path.empty());
    BOOST_TEST(owner(dir / "site.db") == "Then");
}

BOOST_AUTO_TEST_SUITE_END()

// Backups while the owner commits and the worker reads. Every edit writes a
// pair (the same n into two tables, and the owner's name), so a committed
// state has the pair equal and any torn copy does not; the padding makes the
// file several MB, more than one backup step, so copies restart for real.
namespace {

constexpr const char* load_schema =
    "CREATE TABLE edit_a (n INTEGER PRIMARY KEY, pad BLOB);"
    "CREATE TABLE edit_b (n INTEGER PRIMARY KEY);";

void edit_loop(const std::string& path, int writer, std::atomic<bool>& stop, std::atomic<int>& commits) {
    auto db = Db::open(path, OpenMode::read_write);
    auto a = db.prepare("INSERT INTO edit_a (n, pad) VALUES (?, randomblob(3000))");
    auto b = db.prepare("INSERT INTO edit_b (n) VALUES (?)");
    auto name = db.prepare("UPDATE profile SET name = 'Owner ' || ?");
    for (std::int64_t i = 0; !stop; ++i) {
        std::int64_t n = writer * 1000000 + i;
        try {
            Transaction transaction(db);
            for (Stmt* s : {&a, &b, &name}) {
                s->bind(1, n);
                s->step();
                s->reset();
            }
            transaction.commit();
            ++commits;
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        } catch (const Error&) {
            for (Stmt* s : {&a, &b, &name}) s->reset();  // busy beyond the timeout: try the next one
        }
    }
}

void read_loop(const std::string& path, std::atomic<bool>& stop) {
    auto db = Db::open(path, OpenMode::read_only);
    while (!stop) {
        try {
            Transaction transaction(db, Transaction::Mode::read);
            auto count = db.prepare("SELECT count(*) FROM edit_a");
            count.step();
            std::this_thread::sleep_for(std::chrono::milliseconds(3));  // a reload holding its snapshot
        } catch (const Error&) {
        }
    }
}

// "" when `copy` is one committed state, else what is wrong.
std::string torn(const std::filesystem::path& copy) {
    if (auto result = integrity(copy); result != "ok") return "integrity_check: " + result;
    auto db = Db::open(copy.string(), OpenMode::read_only);
    auto stmt = db.prepare(
        "SELECT (SELECT count(*) FROM edit_a), (SELECT count(*) FROM edit_b),"
        " (SELECT count(*) FROM edit_a JOIN edit_b USING (n)),"
        " (SELECT count(*) FROM edit_b WHERE 'Owner ' || n = (SELECT name FROM profile))");
    stmt.step();
    if (stmt.int_at(0) != stmt.int_at(1) || stmt.int_at(1) != stmt.int_at(2))
        return "pairs differ: " + std::to_string(stmt.int_at(0)) + " / " + std::to_string(stmt.int_at(1));
    if (stmt.int_at(1) > 0 && stmt.int_at(3) != 1) return "the owner's name is from no edit in the copy";
    return "";
}

void backups_under_load(const std::string& journal) {
    TempDir dir;
    auto db = make_db(dir, fixture_content() + load_schema);
    exec_sql(db, "PRAGMA journal_mode = " + journal + ";");
    std::atomic<bool> stop{false};
    std::atomic<int> commits{0};
    std::vector<std::thread> threads;
    for (int w = 1; w <= 2; ++w) threads.emplace_back(edit_loop, db.string(), w, std::ref(stop), std::ref(commits));
    for (int r = 0; r < 2; ++r) threads.emplace_back(read_loop, db.string(), std::ref(stop));
    // > 1 MB: several backup steps. Writers that stall fail the test, never hang it.
    constexpr int wanted = 300;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (commits < wanted && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (commits < wanted) {
        stop = true;
        for (auto& t : threads) t.join();
        BOOST_FAIL("only " << commits.load() << " of " << wanted << " commits within 60 s");
    }
    int before = commits;
    constexpr int copies = 15;
    std::vector<std::string> failures;
    for (int i = 0; i < copies; ++i) {
        auto dest = dir / ("copy-" + std::to_string(i) + ".db");
        auto ran = vitae_cli({"backup", db.string(), dest.string()});
        if (ran.status != 0) failures.push_back(ran.err);
    }
    int during = commits - before;
    stop = true;
    for (auto& t : threads) t.join();
    BOOST_TEST(failures.empty(), (failures.empty() ? std::string() : failures[0]));
    BOOST_TEST(during > copies, "commits during the backups: " << during);
    for (int i = 0; i < copies; ++i) {
        auto dest = dir / ("copy-" + std::to_string(i) + ".db");
        if (!std::filesystem::exists(dest)) continue;
        BOOST_TEST(torn(dest) == "", dest);
        auto db_copy = Db::open(dest.string(), OpenMode::read_only);
        check_database(db_copy);
    }
    BOOST_TEST(torn(db) == "");
    BOOST_TEST_MESSAGE(journal << ": " << during << " commits during " << copies << " backups");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(under_load)

BOOST_AUTO_TEST_CASE(every_backup_is_one_committed_state_while_edits_commit_in_rollback_journal_mode) {
    backups_under_load("DELETE");
}

BOOST_AUTO_TEST_CASE(every_backup_is_one_committed_state_while_edits_commit_in_wal_mode) {
    backups_under_load("WAL");
}

BOOST_AUTO_TEST_SUITE_END()

// ContentProbe: what each request's check sees. A commit moves SQLite's
// data_version; a database file written over in place (cp onto it, same
// inode) need not: SQLite compares only the header's change counter and page
// counts, which another state of the same history can share. The probe's own
// marks (size, mtime, header, WAL index) must catch that.
#define BOOST_TEST_MODULE content_probe
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include "site/content_probe.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

FileId id_of(const fs::path& path) {
    struct stat st {};
    BOOST_REQUIRE(::stat(path.c_str(), &st) == 0);
    return {st.st_dev, st.st_ino};
}

// Header bytes 24-39: the change counter, the size in pages and the freelist,
// what SQLite reads to decide whether its cache (and data_version) moved.
std::string sqlite_version_bytes(const fs::path& path) { return read_file(path).substr(24, 16); }

}  // namespace

BOOST_AUTO_TEST_CASE(a_commit_is_seen_once) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    ContentProbe probe(db.string());
    auto file = id_of(db);
    BOOST_TEST(probe.changed(file), "a first look");
    BOOST_TEST(!probe.changed(file));
    exec_sql(db, "UPDATE profile SET name = 'Someone Else' WHERE id = 1");
    BOOST_TEST(probe.changed(file));
    BOOST_TEST(!probe.changed(file));
}

BOOST_AUTO_TEST_CASE(a_file_written_over_in_place_with_the_same_change_counter_is_seen) {
    TempDir dir;
    auto db = make_db(dir, fixture_content() + "UPDATE profile SET name = 'Owner AAAA' WHERE id = 1;");
    auto other = make_db(dir, fixture_content() + "UPDATE profile SET name = 'Owner BBBB' WHERE id = 1;", "other.db");
    BOOST_REQUIRE(read_file(db) != read_file(other));
    BOOST_REQUIRE_MESSAGE(sqlite_version_bytes(db) == sqlite_version_bytes(other),
                          "the two states must look the same to SQLite for this test to mean anything");
    ContentProbe probe(db.string());
    auto file = id_of(db);
    BOOST_TEST(probe.changed(file), "a first look");
    BOOST_TEST(!probe.changed(file), "no change since");
    write_file(db, read_file(other));  // truncates and writes the same inode
    BOOST_REQUIRE(id_of(db) == file);
    BOOST_TEST(probe.changed(file), "the bytes served are no longer the file's");
    BOOST_TEST(!probe.changed(file));
}

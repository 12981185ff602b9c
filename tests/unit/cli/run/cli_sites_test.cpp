// `vitae site ...` and `vitae migrate|backup|check SITES`: what each makes on
// disk, that a refusal makes and changes nothing (exit 2, one line naming the
// value), and that one failing site never stops the others.
#define BOOST_TEST_MODULE cli_sites
#include <boost/test/unit_test.hpp>

#include "cli_test_support.hpp"
#include "store/registry/registry.hpp"
#include "store/rows/content_store.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

#include <sys/stat.h>

using namespace vitae;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

struct Sites {
    TempDir dir;
    std::string path = (dir / "sites").string();

    Ran add(std::vector<std::string> rest) const {
        std::vector<std::string> argv{"site", "add", path};
        argv.insert(argv.end(), rest.begin(), rest.end());
        return vitae_cli(argv);
    }
    std::string registry_bytes() const { return read_file(registry_path(path)); }
    std::string profile_name(const std::string& name) const {
        auto db = Db::open(site_db_path(path, name).string(), OpenMode::read_only);
        auto row = db.prepare("SELECT name FROM profile");
        return row.step() ? row.text_at(0) : "";
    }
    // The home and one member, as most tests start.
    void department() const {
        BOOST_REQUIRE(add({"dept", "--host", "cs.example.edu", "--home", "--name", "Computer Science"}).status == 0);
        BOOST_REQUIRE(add({"carol", "--host", "cs.example.edu", "--prefix", "~carol", "--name", "Carol Chen", "--group",
                           "Faculty"}).status == 0);
    }
};

// Every path under `dir`, to see that a refusal made nothing.
std::vector<std::string> tree(const fs::path& dir) {
    std::vector<std::string> out;
    if (!fs::exists(dir)) return out;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) out.push_back(entry.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(site_add_makes_the_directory_the_registry_and_the_database) {
    Sites s;
    auto r = s.add({"carol", "--host", "Carol.Example.EDU", "--host", "www.carol.example.edu", "--name", "Carol Chen"});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(has(r.out, "created " + registry_path(s.path).string()));
    BOOST_TEST(has(r.out, "created " + site_db_path(s.path, "carol").string()));
    BOOST_TEST(has(r.out, "added site carol at carol.example.edu/ (also www.carol.example.edu)"), r.out);
    auto db = Db::open(site_db_path(s.path, "carol").string(), OpenMode::read_only);
    check_database(db);  // what the worker accepts, as `vitae init` made it
    BOOST_TEST(s.profile_name("carol") == "Carol Chen");
    auto registry = read_registry(s.path);
    BOOST_REQUIRE(registry.find("carol"));
    BOOST_TEST((registry.find("carol")->hosts == std::vector<std::string>{"carol.example.edu", "www.carol.example.edu"}));
    // Nothing else: no temp file, no -journal, -wal or -shm beside the registry.
    BOOST_TEST((tree(s.path) == std::vector<std::string>{s.path + "/carol", s.path + "/carol/site.db",
                                                         s.path + "/registry.db"}));
}

BOOST_AUTO_TEST_CASE(site_add_refuses_bad_values_with_exit_2_and_makes_nothing) {
    Sites s;
    struct Case {
        std::vector<std::string> args;
        std::string says;
    };
    const std::vector<Case> cases{
        {{"Carol", "--host", "carol.example.edu"}, "site name \"Carol\" has upper case"},
        {{"../x", "--host", "carol.example.edu"}, "site name \"../x\""},
        {{"carol", "--host", "x_y"}, "host \"x_y\""},
        {{"carol", "--host", "carol.example.edu:8080"}, "port"},
        {{"carol", "--host", "../x"}, "host \"../x\""},
        {{"carol", "--host", std::string(300, 'a')}, "longer than 253"},
        {{"carol", "--host", ""}, "host \"\" is empty"},
        {{"carol", "--host", "cs.example.edu", "--prefix", "/blog/"}, "prefix \"/blog/\""},
        {{"carol", "--host", "cs.example.edu", "--prefix", "de"}, "language"},
        {{"carol", "--host", "cs.example.edu", "--prefix", "/a/b/"}, "more than one path segment"},
    };
    for (const auto& c : cases) {
        auto r = s.add(c.args);
        BOOST_TEST(r.status == 2, c.args[0]);
        BOOST_TEST(has(r.err, c.says), r.err);
        BOOST_TEST(std::count(r.err.begin(), r.err.end(), '\n') == 1);  // one line
        BOOST_TEST(!fs::exists(s.path), "nothing made for " + r.err);
    }
    BOOST_TEST(vitae_cli({"site", "add", s.path, "carol"}).status == 2);  // --host is required
}

BOOST_AUTO_TEST_CASE(a_conflict_is_refused_and_the_registry_stays_byte_for_byte) {
    Sites s;
    s.department();
    const std::string before = s.registry_bytes();
    const auto files = tree(s.path);
    for (const auto& [args, says] :
         {std::pair{std::vector<std::string>{"bob", "--host", "cs.example.edu", "--prefix", "/~carol/"}, "already site \"carol\"'s"},
          std::pair{std::vector<std::string>{"bob", "--host", "cs.example.edu"}, "already site \"dept\"'s"},
          std::pair{std::vector<std::string>{"bob", "--host", "bob.example.edu", "--home"}, "cannot be the home"},
          std::pair{std::vector<std::string>{"carol", "--host", "carol.example.edu"}, "is taken"}}) {
        auto r = s.add(args);
        BOOST_TEST(r.status == 2, r.out);
        BOOST_TEST(has(r.err, says), r.err);
        BOOST_TEST((s.registry_bytes() == before));
        BOOST_TEST((tree(s.path) == files));  // no SITES/bob made
    }
}

BOOST_AUTO_TEST_CASE(site_add_adopts_an_existing_database_and_refuses_one_that_is_not) {
    Sites s;
    s.department();
    fs::create_directories(fs::path(s.path) / "dan");
    fs::copy_file(site_db_path(s.path, "carol"), site_db_path(s.path, "dan"));
    auto r = s.add({"dan", "--host", "dan.example.edu"});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(has(r.out, "adopted " + site_db_path(s.path, "dan").string() + " as it is"), r.out);
    BOOST_TEST(s.profile_name("dan") == "Carol Chen");  // untouched
    // Not a Vitae database: refused, the file kept, no entry, nothing else left.
    fs::create_directories(fs::path(s.path) / "eve");
    write_file(site_db_path(s.path, "eve"), "not a database, just text that is long enough to be read as a header");
    const std::string before = s.registry_bytes();
    auto bad = s.add({"eve", "--host", "eve.example.edu"});
    BOOST_TEST(bad.status == 1, bad.out);
    BOOST_TEST((s.registry_bytes() == before));
    BOOST_TEST(fs::exists(site_db_path(s.path, "eve")));
    BOOST_TEST(!read_registry(s.path).find("eve"));
}

BOOST_AUTO_TEST_CASE(a_failed_add_removes_the_directory_and_registry_it_made) {
    TempDir dir;
    const fs::path sites = dir / "sites";
    fs::create_directories(sites / "carol");
    write_file(sites / "carol" / "site.db", "garbage garbage garbage garbage garbage garbage garbage garbage garbage");
    auto r = vitae_cli({"site", "add", sites.string(), "carol", "--host", "carol.example.edu"});
    BOOST_TEST(r.status == 1);
    BOOST_TEST(!fs::exists(registry_path(sites)));  // made by this add, so removed
    BOOST_TEST(fs::exists(sites / "carol" / "site.db"));  // not made by it: kept
    TempDir fresh;
    // SITES is a file: nothing can be made in it, nothing is left.
    write_file(fresh / "sites", "x");
    BOOST_TEST(vitae_cli({"site", "add", (fresh / "sites").string(), "carol", "--host", "c.example.edu"}).status != 0);
    BOOST_TEST(read_file(fresh / "sites") == "x");
}

BOOST_AUTO_TEST_CASE(site_ls_prints_a_table) {
    Sites s;
    s.department();
    fs::remove(site_db_path(s.path, "dept"));
    auto r = vitae_cli({"site", "ls", s.path});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.out == "NAME   HOSTS           PREFIX    GROUP    HOME  SITE.DB\n"
                        "carol  cs.example.edu  /~carol/  Faculty  -     yes\n"
                        "dept   cs.example.edu  /         -        home  missing\n");
}

BOOST_AUTO_TEST_CASE(site_rm_removes_the_entry_and_keeps_the_folder) {
    Sites s;
    s.department();
    auto r = vitae_cli({"site", "rm", s.path, "carol"});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(has(r.out, "kept " + site_dir(s.path, "carol").string()));
    BOOST_TEST(has(r.out, "rm -r " + site_dir(s.path, "carol").string()));
    BOOST_TEST(fs::exists(site_db_path(s.path, "carol")));
    BOOST_TEST(!read_registry(s.path).find("carol"));
    auto again = vitae_cli({"site", "rm", s.path, "carol"});
    BOOST_TEST(again.status == 2);
    BOOST_TEST(has(again.err, "no site \"carol\""));
    // Added again, the kept folder is adopted.
    BOOST_TEST(has(s.add({"carol", "--host", "carol.example.edu"}).out, "adopted"));
}

BOOST_AUTO_TEST_CASE(site_set_replaces_hosts_in_order_and_refuses_without_a_change) {
    Sites s;
    s.department();
    auto r = vitae_cli({"site", "set", s.path, "carol", "--host", "carol.example.edu", "--host", "CS.example.edu",
                        "--prefix", "/~chen", "--group", "Emeriti"});
    BOOST_TEST(r.status == 0, r.err);
    auto carol = *read_registry(s.path).find("carol");
    BOOST_TEST((carol.hosts == std::vector<std::string>{"carol.example.edu", "cs.example.edu"}));
    BOOST_TEST(carol.prefix == "/~chen/");
    BOOST_TEST(carol.group == "Emeriti");
    BOOST_TEST(carol.owner_name == "Carol Chen");  // what was not given stays
    // Each refused, and nothing changed.
    const std::string before = s.registry_bytes();
    for (const auto& [args, says] :
         {std::pair{std::vector<std::string>{"carol", "--home"}, "cannot be the home"},
          std::pair{std::vector<std::string>{"dept", "--host", "carol.example.edu", "--prefix", "~chen"}, "already site \"carol\"'s"},
          std::pair{std::vector<std::string>{"carol", "--prefix", "/"}, "already site \"dept\"'s"},
          std::pair{std::vector<std::string>{"carol", "--prefix", "/cv/"}, "prefix \"/cv/\""},
          std::pair{std::vector<std::string>{"carol", "--host", "a..b"}, "host \"a..b\""},
          std::pair{std::vector<std::string>{"carol"}, "nothing to change"},
          std::pair{std::vector<std::string>{"carol", "--home", "--no-home"}, "not both"},
          std::pair{std::vector<std::string>{"nobody", "--group", "x"}, "no site \"nobody\""}}) {
        std::vector<std::string> argv{"site", "set", s.path};
        argv.insert(argv.end(), args.begin(), args.end());
        auto refused = vitae_cli(argv);
        BOOST_TEST(refused.status == 2, args[0]);
        BOOST_TEST(has(refused.err, says), refused.err);
        BOOST_TEST((s.registry_bytes() == before));
    }
    BOOST_TEST(vitae_cli({"site", "set", s.path, "dept", "--no-home"}).status == 0);
    BOOST_TEST(vitae_cli({"site", "set", s.path, "carol", "--home"}).status == 0);
    BOOST_TEST(read_registry(s.path).home()->name == "carol");
}

BOOST_AUTO_TEST_CASE(site_rename_moves_the_folder_and_the_entry) {
    Sites s;
    s.department();
    auto r = vitae_cli({"site", "rename", s.path, "carol", "carol-chen"});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(!fs::exists(site_dir(s.path, "carol")));
    BOOST_TEST(fs::exists(site_db_path(s.path, "carol-chen")));
    auto registry = read_registry(s.path);
    BOOST_TEST(!registry.find("carol"));
    BOOST_REQUIRE(registry.find("carol-chen"));
    BOOST_TEST(registry.find("carol-chen")->prefix == "/~carol/");
    const std::string before = s.registry_bytes();
    for (const auto& [to, says] : {std::pair{"dept", "is taken"}, std::pair{"Carol", "upper case"}}) {
        auto refused = vitae_cli({"site", "rename", s.path, "carol-chen", to});
        BOOST_TEST(refused.status == 2);
        BOOST_TEST(has(refused.err, says), refused.err);
        BOOST_TEST((s.registry_bytes() == before));
        BOOST_TEST(fs::exists(site_db_path(s.path, "carol-chen")));
    }
    fs::create_directory(site_dir(s.path, "cc"));  // a folder of that name is in the way
    auto blocked = vitae_cli({"site", "rename", s.path, "carol-chen", "cc"});
    BOOST_TEST(blocked.status == 2);
    BOOST_TEST(has(blocked.err, "exists"));
    BOOST_TEST(fs::exists(site_db_path(s.path, "carol-chen")));
}

BOOST_AUTO_TEST_CASE(migrate_backup_and_check_take_a_sites_directory) {
    Sites s;
    s.department();
    auto migrate = vitae_cli({"migrate", s.path});
    BOOST_TEST(migrate.status == 0, migrate.err);
    BOOST_TEST(migrate.out == "registry: already at version 1\ncarol: already at version " +
                                  std::to_string(schema_version) + "\ndept: already at version " +
                                  std::to_string(schema_version) + "\n");
    const fs::path dest = s.dir / "backup";
    auto backup = vitae_cli({"backup", s.path, dest.string()});
    BOOST_TEST(backup.status == 0, backup.err);
    BOOST_TEST(read_registry(dest).sites.size() == 2u);
    check_database(Db::open(site_db_path(dest, "carol").string(), OpenMode::read_only));
    check_database(Db::open(site_db_path(dest, "dept").string(), OpenMode::read_only));
    auto again = vitae_cli({"backup", s.path, dest.string()});
    BOOST_TEST(again.status == 1);
    BOOST_TEST(has(again.err, "--force"));
    BOOST_TEST(vitae_cli({"backup", s.path, dest.string(), "--force"}).status == 0);
    auto check = vitae_cli({"check", s.path});
    BOOST_TEST(check.status == 0, check.err);
    BOOST_TEST(has(check.out, "registry: ok"));
    BOOST_TEST(has(check.out, "carol: ok: " + site_db_path(s.path, "carol").string()));
    BOOST_TEST(has(check.out, "dept: ok: "));
}

BOOST_AUTO_TEST_CASE(one_broken_site_fails_the_command_but_not_the_others) {
    Sites s;
    s.department();
    write_file(site_db_path(s.path, "carol"), "this is no longer a database, it is a text file of some length");
    auto check = vitae_cli({"check", s.path});
    BOOST_TEST(check.status == 1);
    BOOST_TEST(has(check.out, "carol: error: "), check.out);
    BOOST_TEST(has(check.out, "dept: ok: "), check.out);
    BOOST_TEST(has(check.err, "1 of 2 sites failed"), check.err);
    auto migrate = vitae_cli({"migrate", s.path});
    BOOST_TEST(migrate.status == 1);
    BOOST_TEST(has(migrate.out, "dept: already at version"), migrate.out);
    const fs::path dest = s.dir / "backup";
    auto backup = vitae_cli({"backup", s.path, dest.string()});
    BOOST_TEST(backup.status == 1);
    BOOST_TEST(has(backup.out, "dept: backed up to"), backup.out);
    BOOST_TEST(fs::exists(site_db_path(dest, "dept")));
    BOOST_TEST(!fs::exists(site_db_path(dest, "carol")));
}

// vitae-admin runs with UMask=0007; a site it adds must still be readable by
// the worker (which reads as "other") and writable by the editor's group.
BOOST_AUTO_TEST_CASE(a_new_site_takes_the_modes_of_sites_and_its_registry_whatever_the_umask) {
    Sites s;
    s.department();
    fs::permissions(s.path, fs::perms(02775), fs::perm_options::replace);
    fs::permissions(registry_path(s.path), fs::perms(0664), fs::perm_options::replace);
    mode_t before = ::umask(0077);
    auto r = s.add({"dan", "--host", "dan.example.edu"});
    ::umask(before);
    BOOST_TEST(r.status == 0, r.err);
    auto mode = [](const fs::path& p) { return static_cast<unsigned>(fs::status(p).permissions()) & 07777u; };
    BOOST_TEST(mode(site_dir(s.path, "dan")) == 02775u);
    BOOST_TEST(mode(site_db_path(s.path, "dan")) == 0664u);
    // As root with the usual 0755 and 0644, the usual modes.
    fs::permissions(s.path, fs::perms(0755), fs::perm_options::replace);
    fs::permissions(registry_path(s.path), fs::perms(0644), fs::perm_options::replace);
    BOOST_TEST(s.add({"eve", "--host", "eve.example.edu"}).status == 0);
    BOOST_TEST(mode(site_dir(s.path, "eve")) == 0755u);
    BOOST_TEST(mode(site_db_path(s.path, "eve")) == 0644u);
}

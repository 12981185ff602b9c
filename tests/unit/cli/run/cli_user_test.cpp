// `vitae user ...`: accounts of vitae-admin from the command line. The
// password comes on standard input (std::cin's buffer swapped here), the
// hash cost from the environment (1 pass, 1 MiB: quick); every refusal is
// exit 2 with one line naming the value, and changes nothing.
#define BOOST_TEST_MODULE cli_user
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <cstdlib>
#include <iostream>
#include <sstream>

#include "auth/accounts.hpp"
#include "auth/limits.hpp"
#include "base/error.hpp"
#include "cli/commands/user_commands.hpp"
#include "cli_test_support.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }
int lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

struct CheapHashes {
    CheapHashes() {
        ::setenv("VITAE_ARGON2_OPS", "1", 1);
        ::setenv("VITAE_ARGON2_MEM_MB", "1", 1);
    }
};
BOOST_TEST_GLOBAL_FIXTURE(CheapHashes);

struct Auth {
    TempDir dir;
    std::string path = (dir / "auth.db").string();

    // `vitae ARGV...` with `input` on standard input.
    Ran run(std::vector<std::string> argv, const std::string& input = "") const {
        std::istringstream in(input);
        auto* saved = std::cin.rdbuf(in.rdbuf());
        auto ran = vitae_cli(std::move(argv));
        std::cin.rdbuf(saved);
        return ran;
    }
    Ran add(const std::string& name, std::vector<std::string> rest = {}, const std::string& input = "a good password\n") const {
        std::vector<std::string> argv{"user", "add", path, name, "--password-stdin"};
        argv.insert(argv.end(), rest.begin(), rest.end());
        return run(argv, input);
    }
    bool logs_in(const std::string& name, const std::string& password) const {
        auto accounts = Accounts::open(path, OpenMode::read_write);
        return accounts.log_in(name, password, "192.0.2.1", 1'800'000'000).outcome == LoginOutcome::ok;
    }
    std::string bytes() const { return read_file(path); }
};

void refused(const Ran& ran, std::string_view says) {
    BOOST_TEST(ran.status == 2);
    BOOST_TEST(has(ran.err, says), ran.err);
    BOOST_TEST(lines(ran.err) == 1);
}

}  // namespace

BOOST_FIXTURE_TEST_CASE(add_makes_a_private_file_and_ls_lists_the_users, Auth) {
    auto ran = add("carol", {"--site", "carol", "--site", "lab"});
    BOOST_TEST(ran.status == 0, ran.err);
    BOOST_TEST(has(ran.out, "added user carol to " + path + ": carol, lab"), ran.out);
    BOOST_TEST(add("root", {"--admin"}).status == 0);
    struct stat st {};
    BOOST_REQUIRE(::stat(path.c_str(), &st) == 0);
    BOOST_TEST((st.st_mode & 0777) == 0600u);
    auto ls = run({"user", "ls", path});
    BOOST_TEST(ls.status == 0);
    BOOST_TEST(ls.out == "NAME   ADMIN  SITES\ncarol  -      carol,lab\nroot   admin  -\n");
    BOOST_TEST(logs_in("carol", "a good password"));
}

BOOST_FIXTURE_TEST_CASE(the_password_is_one_line_of_stdin_never_printed, Auth) {
    BOOST_TEST(add("carol", {}, "secret with spaces\r\nnext line\n").status == 0);
    BOOST_TEST(logs_in("carol", "secret with spaces"));
    BOOST_TEST(add("dave", {}, "no line end at all").status == 0);
    BOOST_TEST(logs_in("dave", "no line end at all"));
    auto ran = add("erin", {}, "erins password\n");
    BOOST_TEST(!has(ran.out + ran.err, "erins password"));
}

BOOST_FIXTURE_TEST_CASE(a_bad_password_is_refused_and_makes_no_file, Auth) {
    refused(add("carol", {}, "\n"), "user add: --password-stdin: the line is empty");
    refused(add("carol", {}, ""), "the line is empty");
    refused(add("carol", {}, std::string(limits::max_password_bytes + 1, 'p') + "\n"), "longer than 1 KiB");
    refused(add("carol", {}, "short\n"), "shorter than 8 bytes");
    BOOST_TEST(!fs::exists(path));
}

BOOST_FIXTURE_TEST_CASE(bad_names_sites_and_duplicates_are_refused_changing_nothing, Auth) {
    BOOST_REQUIRE(add("carol", {"--site", "carol"}).status == 0);
    auto before = bytes();
    refused(add("Carol"), "user add: user name \"Carol\"");
    refused(add("dave", {"--site", "Dave's"}), "Dave's");
    refused(add("carol"), "user \"carol\" exists");
    refused(run({"user", "grant", path, "carol", "lab_x"}), "user grant: site name \"lab_x\"");
    refused(run({"user", "grant", path, "nobody", "lab"}), "user grant: no user \"nobody\"");
    refused(run({"user", "revoke", path, "carol", "lab"}), "user revoke: user \"carol\" has no grant for site \"lab\"");
    refused(run({"user", "rm", path, "nobody"}), "user rm: no user \"nobody\"");
    refused(run({"user", "passwd", path, "nobody", "--password-stdin"}, "a new password\n"), "user passwd: no user \"nobody\"");
    refused(run({"user", "add", path, "dave"}, "a good password\n"), "--password-stdin");  // required
    BOOST_TEST(bytes() == before);
}

BOOST_FIXTURE_TEST_CASE(passwd_changes_the_password_and_ends_sessions, Auth) {
    BOOST_REQUIRE(add("carol").status == 0);
    std::string token;
    {
        auto accounts = Accounts::open(path, OpenMode::read_write);
        token = accounts.start_session(*accounts.user("carol"), 1'800'000'000);
    }
    auto ran = run({"user", "passwd", path, "carol", "--password-stdin"}, "another password\n");
    BOOST_TEST(ran.status == 0, ran.err);
    BOOST_TEST(has(ran.out, "every session of carol ended"));
    BOOST_TEST(!logs_in("carol", "a good password"));
    BOOST_TEST(logs_in("carol", "another password"));
    auto accounts = Accounts::open(path, OpenMode::read_write);
    BOOST_TEST(!accounts.find_session(token, 1'800'000'001).has_value());
}

BOOST_FIXTURE_TEST_CASE(grant_revoke_and_rm, Auth) {
    BOOST_REQUIRE(add("carol").status == 0);
    BOOST_TEST(run({"user", "grant", path, "carol", "lab"}).out == "granted site lab to carol\n");
    BOOST_TEST(run({"user", "grant", path, "carol", "lab"}).status == 0);  // again: nothing changes
    BOOST_TEST(has(run({"user", "ls", path}).out, "carol  -      lab"));
    BOOST_TEST(run({"user", "revoke", path, "carol", "lab"}).out == "revoked site lab from carol\n");
    BOOST_TEST(has(run({"user", "ls", path}).out, "carol  -      -"));
    BOOST_TEST(run({"user", "rm", path, "carol"}).status == 0);
    BOOST_TEST(run({"user", "ls", path}).out == "NAME  ADMIN  SITES\n");
}

BOOST_FIXTURE_TEST_CASE(a_missing_file_or_a_bad_cost_is_an_error_naming_it, Auth) {
    auto ran = run({"user", "ls", path});
    BOOST_TEST(ran.status == 1);
    BOOST_TEST(has(ran.err, "no such file (vitae user add makes it)"), ran.err);
    ::setenv("VITAE_ARGON2_MEM_MB", "lots", 1);
    ran = add("carol");
    ::setenv("VITAE_ARGON2_MEM_MB", "1", 1);
    BOOST_TEST(ran.status == 1);
    BOOST_TEST(has(ran.err, "VITAE_ARGON2_MEM_MB=\"lots\": not a whole number"), ran.err);
    BOOST_TEST(!fs::exists(path));
}

BOOST_AUTO_TEST_CASE(reading_the_password_stops_at_the_bound) {
    std::istringstream endless(std::string(10 * limits::max_password_bytes, 'p'));
    BOOST_CHECK_THROW(cli::read_password_line(endless, "user add"), UsageError);
    BOOST_TEST(endless.tellg() == static_cast<std::streamoff>(limits::max_password_bytes + 1));
    std::istringstream exact(std::string(limits::max_password_bytes, 'p') + "\n");
    BOOST_TEST(cli::read_password_line(exact, "user add").size() == limits::max_password_bytes);
}

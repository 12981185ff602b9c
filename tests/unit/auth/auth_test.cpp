// Accounts (core/auth on store/auth): Argon2id hashes, users and grants,
// logins throttled per name and per address with time as a parameter, and
// sessions whose token the database never holds. Hashes at libsodium's
// minimum cost (1 pass, 8 KiB), so the whole file takes well under a second.
#define BOOST_TEST_MODULE auth
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <atomic>
#include <cstdlib>
#include <thread>
#include <ctime>

#include "auth/accounts.hpp"
#include "auth/limits.hpp"
#include "auth/password.hpp"
#include "auth/throttle.hpp"
#include "auth/tokens.hpp"
#include "base/error.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

constexpr std::int64_t t0 = 1'800'000'000;
const std::string good = "correct horse";

// Every row of `sql` in the file, columns joined by '|', NULs kept.
std::string rows_text(const std::filesystem::path& path, const std::string& sql) {
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* stmt = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK)
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
                const auto* bytes = static_cast<const char*>(sqlite3_column_blob(stmt, i));
                out.append(bytes ? bytes : "", static_cast<std::size_t>(sqlite3_column_bytes(stmt, i)));
                out += '|';
            }
            out += '\n';
        }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return out;
}

struct Fixture {
    TempDir dir;
    std::filesystem::path path = dir / "auth.db";
    Accounts accounts = Accounts::open(path.string(), OpenMode::create);
    Fixture() {
        accounts.add_user("alice", good, UserRole::member, {"alice", "lab"}, min_hash_cost());
        accounts.add_user("root", good, UserRole::admin, {}, min_hash_cost());
    }
    LoginResult try_login(std::string_view name, std::string_view password, std::int64_t now,
                          std::string_view address = "192.0.2.1") {
        return accounts.log_in(name, password, address, now);
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_hash_is_argon2id_and_verifies_only_its_password) {
    auto hash = hash_password(good, min_hash_cost());
    BOOST_TEST(hash.starts_with("$argon2id$"));
    BOOST_TEST(verify_password(hash, good));
    BOOST_TEST(!verify_password(hash, "correct horsf"));
    BOOST_TEST(!verify_password("$argon2i$v=19$m=8,t=1,p=1$x$y", good));
    BOOST_TEST(hash_password(good, min_hash_cost()) != hash);  // salted
    auto cost = hash_cost_of(hash);
    BOOST_REQUIRE(cost.has_value());
    BOOST_TEST(cost->ops == min_hash_cost().ops);
    BOOST_TEST(cost->mem_bytes == min_hash_cost().mem_bytes);
}

BOOST_AUTO_TEST_CASE(the_default_cost_is_interactive_unless_the_environment_says_otherwise) {
    ::unsetenv("VITAE_ARGON2_OPS");
    ::unsetenv("VITAE_ARGON2_MEM_MB");
    BOOST_TEST(default_hash_cost().ops == 2u);
    BOOST_TEST(default_hash_cost().mem_bytes == 64u * 1024 * 1024);
    ::setenv("VITAE_ARGON2_OPS", "3", 1);
    ::setenv("VITAE_ARGON2_MEM_MB", "16", 1);
    BOOST_TEST(default_hash_cost().ops == 3u);
    BOOST_TEST(default_hash_cost().mem_bytes == 16u * 1024 * 1024);
    for (const char* bad : {"0", "abc", "3x", "", "100000"}) {
        ::setenv("VITAE_ARGON2_MEM_MB", bad, 1);
        try {
            default_hash_cost();
            BOOST_ERROR("accepted VITAE_ARGON2_MEM_MB=" << bad);
        } catch (const Error& e) {
            BOOST_TEST(std::string(e.what()).starts_with("VITAE_ARGON2_MEM_MB=\"" + std::string(bad) + "\""), e.what());
        }
    }
    ::unsetenv("VITAE_ARGON2_OPS");
    ::unsetenv("VITAE_ARGON2_MEM_MB");
}

BOOST_FIXTURE_TEST_CASE(users_are_read_back_sorted_with_their_grants, Fixture) {
    auto all = accounts.users();
    BOOST_REQUIRE_EQUAL(all.size(), 2u);
    BOOST_TEST(all[0].name == "alice");
    BOOST_TEST(!all[0].admin);
    BOOST_TEST((all[0].sites == std::vector<std::string>{"alice", "lab"}));
    BOOST_TEST(all[1].admin);
    BOOST_TEST(!accounts.user("bob").has_value());
    BOOST_TEST(accounts.user("alice")->id == all[0].id);
    // The hash is stored, never the password.
    BOOST_TEST(rows_text(path, "SELECT * FROM user").find(good) == std::string::npos);
    BOOST_TEST(rows_text(path, "SELECT password_hash FROM user WHERE name = 'alice'").starts_with("$argon2id$"));
}

BOOST_FIXTURE_TEST_CASE(bad_input_is_refused_naming_the_value_and_changes_nothing, Fixture) {
    auto before = rows_text(path, "SELECT * FROM user") + rows_text(path, "SELECT * FROM user_site");
    auto refused = [&](auto call, std::string_view says) {
        try {
            call();
            BOOST_ERROR("accepted: " << says);
        } catch (const UsageError& e) {
            BOOST_TEST(std::string(e.what()).find(says) != std::string::npos, e.what());
        }
    };
    auto cost = min_hash_cost();
    refused([&] { accounts.add_user("Bob", good, UserRole::member, {}, cost); }, "user name \"Bob\"");
    refused([&] { accounts.add_user("-bob", good, UserRole::member, {}, cost); }, "\"-bob\"");
    refused([&] { accounts.add_user(std::string(33, 'b'), good, UserRole::member, {}, cost); }, "longer than 32");
    refused([&] { accounts.add_user("bob", "", UserRole::member, {}, cost); }, "password is empty");
    refused([&] { accounts.add_user("bob", "short", UserRole::member, {}, cost); }, "shorter than 8");
    refused([&] { accounts.add_user("bob", std::string(1025, 'p'), UserRole::member, {}, cost); }, "longer than 1 KiB");
    refused([&] { accounts.add_user("bob", good, UserRole::member, {"ok", "Not_A_Site"}, cost); }, "Not_A_Site");
    refused([&] { accounts.add_user("alice", good, UserRole::member, {}, cost); }, "user \"alice\" exists");
    refused([&] { accounts.set_password("bob", good, cost); }, "no user \"bob\"");
    refused([&] { accounts.grant("alice", "a_b"); }, "a_b");
    refused([&] { accounts.revoke("alice", "other"); }, "no grant for site \"other\"");
    refused([&] { accounts.remove_user("bob"); }, "no user \"bob\"");
    refused([&] { accounts.set_sites("alice", {"lab", "Bad!"}); }, "Bad!");
    refused([&] { accounts.set_sites("bob", {"lab"}); }, "no user \"bob\"");
    BOOST_TEST(rows_text(path, "SELECT * FROM user") + rows_text(path, "SELECT * FROM user_site") == before);
}

BOOST_FIXTURE_TEST_CASE(grants_and_may_edit, Fixture) {
    accounts.grant("alice", "extra");
    accounts.grant("alice", "extra");  // already there: nothing changes
    auto alice = *accounts.user("alice");
    BOOST_TEST((alice.sites == std::vector<std::string>{"alice", "extra", "lab"}));
    BOOST_TEST(may_edit(alice, "extra"));
    BOOST_TEST(!may_edit(alice, "bob"));
    accounts.revoke("alice", "extra");
    BOOST_TEST(!may_edit(*accounts.user("alice"), "extra"));
    BOOST_TEST(may_edit(*accounts.user("root"), "any-site-at-all"));
}

BOOST_FIXTURE_TEST_CASE(set_sites_makes_the_grants_exactly_the_sites_given, Fixture) {
    accounts.set_sites("alice", {"lab", "new-site"});  // alice dropped, lab kept, new-site added
    BOOST_TEST((accounts.user("alice")->sites == std::vector<std::string>{"lab", "new-site"}));
    accounts.set_sites("alice", {});
    BOOST_TEST(accounts.user("alice")->sites.empty());
    BOOST_TEST(!may_edit(*accounts.user("alice"), "lab"));
}

BOOST_FIXTURE_TEST_CASE(an_unknown_user_and_a_wrong_password_get_the_same_answer, Fixture) {
    auto ok = try_login("alice", good, t0);
    BOOST_TEST((ok.outcome == LoginOutcome::ok));
    BOOST_TEST(ok.user->name == "alice");
    auto wrong = try_login("alice", "wrong password", t0);
    auto unknown = try_login("nobody", good, t0);
    auto invalid = try_login("Not A Name", good, t0);
    for (const auto& r : {wrong, unknown, invalid}) {
        BOOST_TEST((r.outcome == LoginOutcome::refused));
        BOOST_TEST(!r.user.has_value());
        BOOST_TEST(r.retry_after_s == 0);
    }
}

// CPU time of this thread, not wall time: the box's load does not move it.
double thread_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

BOOST_AUTO_TEST_CASE(an_unknown_user_costs_a_hash_as_a_wrong_password_does) {
    TempDir dir;
    auto accounts = Accounts::open((dir / "auth.db").string(), OpenMode::create);
    accounts.add_user("alice", good, UserRole::member, {}, {.ops = 1, .mem_bytes = 16 * 1024 * 1024});  // ~15 ms a check
    auto cpu_of = [&](std::string_view name, int n) {
        double start = thread_cpu_ms();
        for (int i = 0; i < 3; ++i) accounts.log_in(name, "wrong password", "192.0.2." + std::to_string(n + i), t0);
        return thread_cpu_ms() - start;
    };
    cpu_of("warm-up", 0);  // the dummy hash is made here, once
    double wrong = cpu_of("alice", 10), unknown = cpu_of("nobody", 20);
    // A band of 4x either way: without the dummy hash the gap is over 10x, and a
    // loaded box moves one thread's CPU time by up to 2x.
    BOOST_TEST(unknown > 0.25 * wrong, "unknown " << unknown << " ms, wrong password " << wrong << " ms");
    BOOST_TEST(unknown < 4 * wrong, "unknown " << unknown << " ms, wrong password " << wrong << " ms");
}

BOOST_FIXTURE_TEST_CASE(failures_throttle_a_name_with_a_growing_wait_then_recover, Fixture) {
    std::int64_t now = t0;
    for (int i = 0; i < limits::login_free_failures_per_account; ++i)
        BOOST_TEST((try_login("alice", "wrong password", now++).outcome == LoginOutcome::refused));
    auto throttled = try_login("alice", good, now);  // even the right password waits
    BOOST_TEST((throttled.outcome == LoginOutcome::throttled));
    BOOST_TEST(throttled.retry_after_s == limits::login_first_delay_s - 1);
    BOOST_TEST(!throttled.user.has_value());
    now += throttled.retry_after_s;
    BOOST_TEST((try_login("alice", "wrong password", now).outcome == LoginOutcome::refused));
    BOOST_TEST(try_login("alice", good, now).retry_after_s == 2 * limits::login_first_delay_s);
    // The same holds for a name nobody has: a throttled answer names no user.
    for (int i = 0; i < limits::login_free_failures_per_account; ++i) try_login("nobody", "x", now, "198.51.100.7");
    BOOST_TEST((try_login("nobody", "x", now, "198.51.100.7").outcome == LoginOutcome::throttled));
    // A window with no failure forgets them all.
    now += limits::login_window_s;
    BOOST_TEST((try_login("alice", good, now).outcome == LoginOutcome::ok));
}

BOOST_FIXTURE_TEST_CASE(a_success_clears_the_names_count, Fixture) {
    for (int round = 0; round < 2; ++round) {
        for (int i = 0; i + 1 < limits::login_free_failures_per_account; ++i)
            BOOST_TEST((try_login("alice", "wrong password", t0).outcome == LoginOutcome::refused));
        BOOST_TEST((try_login("alice", good, t0).outcome == LoginOutcome::ok));
    }
}

BOOST_FIXTURE_TEST_CASE(an_address_is_throttled_across_names_and_processes, Fixture) {
    auto other = Accounts::open(path.string(), OpenMode::read_write);  // another vitae-admin process
    for (int i = 0; i < limits::login_free_failures_per_address; ++i) {
        auto& which = i % 2 ? other : accounts;
        // One IPv6 /64 is one address, whatever its host part.
        auto from = "2001:db8:1:2::" + std::to_string(i + 1);
        BOOST_TEST((which.log_in("user" + std::to_string(i), "x", from, t0).outcome == LoginOutcome::refused));
    }
    BOOST_TEST((accounts.log_in("alice", good, "2001:db8:1:2:ffff::1", t0).outcome == LoginOutcome::throttled));
    BOOST_TEST((other.log_in("alice", good, "2001:db8:1:3::1", t0).outcome == LoginOutcome::ok));
}

BOOST_FIXTURE_TEST_CASE(threads_log_in_at_once_each_on_its_own_connection, Fixture) {
    std::vector<std::thread> threads;
    std::atomic<int> ok{0};
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([this, t, &ok] {
            auto mine = Accounts::open(path.string(), OpenMode::read_write);
            if (mine.log_in("alice", good, "192.0.2." + std::to_string(t), t0).outcome == LoginOutcome::ok) ++ok;
        });
    for (auto& thread : threads) thread.join();
    BOOST_TEST(ok.load() == 4);
}

BOOST_AUTO_TEST_CASE(addresses_are_counted_per_host_or_per_ipv6_64) {
    BOOST_TEST(throttle_address("192.0.2.1") == "192.0.2.1");
    BOOST_TEST(throttle_address("::ffff:192.0.2.1") == "192.0.2.1");
    BOOST_TEST(throttle_address("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64");
    BOOST_TEST(throttle_address("2001:DB8:1:2::9") == "2001:db8:1:2::/64");
    BOOST_TEST(throttle_address(std::string(200, 'a')).size() == limits::max_address_bytes);
}

BOOST_AUTO_TEST_CASE(the_file_is_private_and_refuses_what_it_is_not) {
    TempDir dir;
    auto path = dir / "auth.db";
    BOOST_CHECK_THROW(Accounts::open(path.string(), OpenMode::read_write), Error);
    Accounts::open(path.string(), OpenMode::create);
    struct stat st {};
    BOOST_REQUIRE(::stat(path.c_str(), &st) == 0);
    BOOST_TEST((st.st_mode & 0777) == 0600u);
    BOOST_TEST(rows_text(path, "PRAGMA journal_mode") == "delete|\n");
    auto site = dir / "site.db";  // any other SQLite file: a site's, a registry
    exec_sql(site, "CREATE TABLE t (x)");
    BOOST_CHECK_THROW(Accounts::open(site.string(), OpenMode::read_write), Error);
    BOOST_CHECK_THROW(Accounts::open(site.string(), OpenMode::create), Error);
}

// Sessions of vitae-admin (core/auth): a random token of which the database
// keeps only the SHA-256, idle and absolute expiry with time as a
// parameter, and the ends: logout, a password change, a removed user.
#define BOOST_TEST_MODULE auth_session
#include <boost/test/unit_test.hpp>

#include <set>

#include "auth/accounts.hpp"
#include "auth/limits.hpp"
#include "auth/password.hpp"
#include "auth/tokens.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

constexpr std::int64_t t0 = 1'800'000'000;
const std::string good = "correct horse";
constexpr SessionLimits limits_{.idle_s = 600, .absolute_s = 3600};

std::string column_bytes(const std::filesystem::path& path, const std::string& sql) {
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* stmt = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK)
        while (sqlite3_step(stmt) == SQLITE_ROW)
            for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
                const auto* bytes = static_cast<const char*>(sqlite3_column_blob(stmt, i));
                out.append(bytes ? bytes : "", static_cast<std::size_t>(sqlite3_column_bytes(stmt, i)));
                out += '|';
            }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return out;
}

struct Fixture {
    TempDir dir;
    std::filesystem::path path = dir / "auth.db";
    Accounts accounts = Accounts::open(path.string(), OpenMode::create);
    AccountUser alice;
    Fixture() {
        accounts.add_user("alice", good, UserRole::member, {"alice"}, min_hash_cost());
        alice = *accounts.user("alice");
    }
    bool alive(const std::string& token, std::int64_t now) { return accounts.find_session(token, now, limits_).has_value(); }
};

}  // namespace

BOOST_FIXTURE_TEST_CASE(a_session_is_found_by_its_token_which_is_not_stored, Fixture) {
    auto token = accounts.start_session(alice, t0, limits_);
    BOOST_TEST(token.size() == 43u);
    BOOST_TEST(is_token(token));
    auto session = accounts.find_session(token, t0 + 1, limits_);
    BOOST_REQUIRE(session.has_value());
    BOOST_TEST(session->user.name == "alice");
    BOOST_TEST(session->started == t0);
    BOOST_TEST(is_token(session->csrf_token));
    BOOST_TEST(session->csrf_token != token);
    auto table = column_bytes(path, "SELECT * FROM session");
    BOOST_TEST(table.find(token) == std::string::npos);
    BOOST_TEST(column_bytes(path, "SELECT token_hash FROM session") == token_hash(token) + "|");
    BOOST_TEST(token_hash(token).size() == 32u);
    // Another token, or a changed one, opens nothing.
    BOOST_TEST(accounts.start_session(alice, t0, limits_) != token);
    std::string changed = token;
    changed[0] = changed[0] == 'A' ? 'B' : 'A';
    BOOST_TEST(!alive(changed, t0 + 1));
    BOOST_TEST(!alive("", t0 + 1));
    BOOST_TEST(!alive(token + "=", t0 + 1));
}

BOOST_FIXTURE_TEST_CASE(a_session_ends_when_idle_and_at_its_absolute_limit, Fixture) {
    auto token = accounts.start_session(alice, t0, limits_);
    BOOST_TEST(alive(token, t0 + limits_.idle_s - 1));                      // and touched
    BOOST_TEST(alive(token, t0 + 2 * limits_.idle_s - 2));                  // idle counts from the touch
    BOOST_TEST(!alive(token, t0 + 3 * limits_.idle_s - 2));                 // idle too long
    BOOST_TEST(!alive(token, t0 + 2 * limits_.idle_s - 2));                 // and gone for good
    auto busy = accounts.start_session(alice, t0, limits_);
    std::int64_t now = t0;
    for (; now < t0 + limits_.absolute_s; now += limits_.idle_s / 2) BOOST_TEST(alive(busy, now));
    BOOST_TEST(!alive(busy, t0 + limits_.absolute_s));  // however busy
}

BOOST_FIXTURE_TEST_CASE(touching_writes_last_seen_at_most_once_a_minute, Fixture) {
    auto token = accounts.start_session(alice, t0, limits_);
    accounts.find_session(token, t0 + limits::session_touch_interval_s - 1, limits_);
    BOOST_TEST(column_bytes(path, "SELECT last_seen FROM session") == std::to_string(t0) + "|");
    accounts.find_session(token, t0 + limits::session_touch_interval_s, limits_);
    BOOST_TEST(column_bytes(path, "SELECT last_seen FROM session") ==
               std::to_string(t0 + limits::session_touch_interval_s) + "|");
}

BOOST_FIXTURE_TEST_CASE(logout_ends_one_session, Fixture) {
    auto one = accounts.start_session(alice, t0, limits_);
    auto two = accounts.start_session(alice, t0, limits_);
    accounts.end_session(one);
    accounts.end_session(one);  // again: nothing to do
    accounts.end_session("not a token");
    BOOST_TEST(!alive(one, t0 + 1));
    BOOST_TEST(alive(two, t0 + 1));
}

BOOST_FIXTURE_TEST_CASE(a_password_change_ends_every_session_of_that_user, Fixture) {
    accounts.add_user("bob", good, UserRole::member, {}, min_hash_cost());
    auto bobs = accounts.start_session(*accounts.user("bob"), t0, limits_);
    auto one = accounts.start_session(alice, t0, limits_);
    auto two = accounts.start_session(alice, t0, limits_);
    accounts.set_password("alice", "another good one", min_hash_cost());
    BOOST_TEST(!alive(one, t0 + 1));
    BOOST_TEST(!alive(two, t0 + 1));
    BOOST_TEST(alive(bobs, t0 + 1));
    BOOST_TEST((accounts.log_in("alice", good, "192.0.2.1", t0).outcome == LoginOutcome::refused));
    BOOST_TEST((accounts.log_in("alice", "another good one", "192.0.2.1", t0).outcome == LoginOutcome::ok));
}

BOOST_FIXTURE_TEST_CASE(removing_a_user_ends_its_sessions, Fixture) {
    auto token = accounts.start_session(alice, t0, limits_);
    accounts.remove_user("alice");
    BOOST_TEST(!alive(token, t0 + 1));
    BOOST_TEST(column_bytes(path, "SELECT count(*) FROM session") == "0|");
    BOOST_TEST(column_bytes(path, "SELECT count(*) FROM user_site") == "0|");
    BOOST_TEST(!accounts.user("alice").has_value());
}

BOOST_FIXTURE_TEST_CASE(a_session_sees_grants_as_they_are_now, Fixture) {
    auto token = accounts.start_session(alice, t0, limits_);
    accounts.revoke("alice", "alice");
    accounts.grant("alice", "lab");
    auto session = accounts.find_session(token, t0 + 1, limits_);
    BOOST_REQUIRE(session.has_value());
    BOOST_TEST(!may_edit(session->user, "alice"));
    BOOST_TEST(may_edit(session->user, "lab"));
}

BOOST_FIXTURE_TEST_CASE(a_user_keeps_only_the_newest_sessions, Fixture) {
    std::vector<std::string> tokens;
    for (std::int64_t i = 0; i <= limits::max_sessions_per_user; ++i) tokens.push_back(accounts.start_session(alice, t0 + i, limits_));
    BOOST_TEST(!alive(tokens.front(), t0 + 100));
    for (std::size_t i = 1; i < tokens.size(); ++i) BOOST_TEST(alive(tokens[i], t0 + 100));
}

BOOST_AUTO_TEST_CASE(tokens_are_random_and_compared_in_constant_time) {
    std::set<std::string> seen;
    for (int i = 0; i < 100; ++i) seen.insert(random_token());
    BOOST_TEST(seen.size() == 100u);
    BOOST_TEST(same_secret("abc", "abc"));
    BOOST_TEST(!same_secret("abc", "abd"));
    BOOST_TEST(!same_secret("abc", "abcd"));
}

#define BOOST_TEST_MODULE admin_config
#include <boost/test/unit_test.hpp>

#include <vector>

#include "admin/config.hpp"
#include "admin/server.hpp"
#include "base/error.hpp"

using namespace vitae;

namespace {

const char* no_env(const char*) { return nullptr; }

AdminConfig parse(std::vector<const char*> args) {
    args.insert(args.begin(), "vitae-admin");
    return parse_admin_config(static_cast<int>(args.size()), args.data(), no_env);
}

}  // namespace

BOOST_AUTO_TEST_CASE(takes_the_workers_options_and_its_own) {
    auto c = parse({"--db", "s.db", "--auth=a.db", "--templates", "t", "--listen", "unix:/x.sock", "--socket-mode", "0600"});
    BOOST_TEST(c.db_path == "s.db");
    BOOST_TEST(c.auth_path == "a.db");
    BOOST_TEST(c.listen == "unix:/x.sock");
    BOOST_TEST(c.socket_mode == 0600u);
    BOOST_TEST(c.threads == limits::default_admin_threads);
    BOOST_TEST(admin_usage("vitae-admin").find("request threads (default " + std::to_string(c.threads) + ")") !=
               std::string::npos);  // the help prints the constant the program starts at
    BOOST_TEST(!c.trust_user_header);  // off unless asked
    BOOST_TEST(parse({"--sites", "S", "--auth", "a", "--templates", "t", "--trust-user-header"}).trust_user_header);
}

BOOST_AUTO_TEST_CASE(refuses_what_it_cannot_serve) {
    BOOST_CHECK_THROW(parse({"--auth", "a", "--templates", "t"}), UsageError);                            // no site
    BOOST_CHECK_THROW(parse({"--db", "d", "--sites", "s", "--auth", "a", "--templates", "t"}), UsageError);
    BOOST_CHECK_THROW(parse({"--db", "d", "--templates", "t"}), UsageError);                              // no accounts
    BOOST_CHECK_THROW(parse({"--db", "d", "--auth", "a"}), UsageError);
    BOOST_CHECK_THROW(parse({"--db", "d", "--auth", "a", "--templates", "t", "--listen", "nowhere"}), UsageError);
    BOOST_CHECK_THROW(parse({"--db", "d", "--auth", "a", "--templates", "t", "--trust-user-header=1"}), UsageError);
}

BOOST_AUTO_TEST_CASE(bounds_a_body_by_its_type) {
    BOOST_TEST(body_bound("application/x-www-form-urlencoded") == limits::max_urlencoded_body_bytes);
    BOOST_TEST(body_bound("multipart/form-data; boundary=x") == limits::max_multipart_body_bytes);
    BOOST_TEST(body_bound("application/json") == 0u);
    BOOST_TEST(body_bound("") == 0u);
}

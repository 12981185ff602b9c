// Which site a request's host and path name (core/sites/host_map).
#define BOOST_TEST_MODULE host_map
#include <boost/test/unit_test.hpp>

#include "sites/host_map.hpp"

using namespace vitae;

namespace {

RegisteredSite site(std::string name, std::vector<std::string> hosts, std::string prefix = "/") {
    RegisteredSite out;
    out.name = std::move(name);
    out.hosts = std::move(hosts);
    out.prefix = std::move(prefix);
    return out;
}

// A department at dept.example.edu, Carol under its /~carol/, Bob on hosts of his own.
Registry department() {
    Registry r;
    r.sites = {site("bob", {"bob.example.org", "www.bob.example.org"}), site("carol", {"dept.example.edu"}, "/~carol/"),
               site("dept", {"dept.example.edu"})};
    return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(hosts_are_lower_cased_without_port_or_trailing_dot) {
    BOOST_TEST(normalize_host("Bob.Example.ORG").value() == "bob.example.org");
    BOOST_TEST(normalize_host("bob.example.org:8080").value() == "bob.example.org");
    BOOST_TEST(normalize_host("bob.example.org.").value() == "bob.example.org");
    BOOST_TEST(normalize_host("127.0.0.1:80").value() == "127.0.0.1");
}

BOOST_AUTO_TEST_CASE(hostile_hosts_name_no_site) {
    for (std::string_view bad : {"", "../x", "x/../y", "bob.example.org:", "bob.example.org:port", "a b", "x..y",
                                 "bob.example.org:123456", "_", "evil\r\nHost: x"})
        BOOST_TEST(!normalize_host(bad), bad);
    BOOST_TEST(!normalize_host(std::string(300, 'a')));
}

BOOST_AUTO_TEST_CASE(a_site_answers_on_each_of_its_hosts_and_only_there) {
    HostMap map(department());
    for (std::string_view host : {"bob.example.org", "www.bob.example.org"}) {
        auto m = map.match(host, "/publications/");
        BOOST_TEST_REQUIRE(m.has_value());
        BOOST_TEST(m->site == 0u);
        BOOST_TEST(m->path == "/publications/");
    }
    BOOST_TEST(!map.match("x.bob.example.org", "/"));
    BOOST_TEST(!map.match("bob.example.org.evil", "/"));
    BOOST_TEST(!map.match("example.org", "/"));
}

BOOST_AUTO_TEST_CASE(on_a_shared_host_the_longest_prefix_wins) {
    HostMap map(department());
    auto carol = map.match("dept.example.edu", "/~carol/publications/x");
    BOOST_TEST_REQUIRE(carol.has_value());
    BOOST_TEST(carol->site == 1u);
    BOOST_TEST(carol->path == "/publications/x");
    auto root = map.match("dept.example.edu", "/~carol/");
    BOOST_TEST_REQUIRE(root.has_value());
    BOOST_TEST(root->path == "/");
    auto dept = map.match("dept.example.edu", "/people/");
    BOOST_TEST_REQUIRE(dept.has_value());
    BOOST_TEST(dept->site == 2u);
    BOOST_TEST(dept->path == "/people/");
    // Not Carol's: a longer segment that starts the same.
    auto other = map.match("dept.example.edu", "/~carolyn/");
    BOOST_TEST_REQUIRE(other.has_value());
    BOOST_TEST(other->site == 2u);
}

BOOST_AUTO_TEST_CASE(a_prefix_without_its_slash_is_sent_to_it) {
    HostMap map(department());
    auto m = map.match("dept.example.edu", "/~carol");
    BOOST_TEST_REQUIRE(m.has_value());
    BOOST_TEST(m->site == 1u);
    BOOST_TEST(m->needs_slash);
}

BOOST_AUTO_TEST_CASE(a_host_with_prefixed_sites_only_has_nothing_at_its_root) {
    Registry r;
    r.sites = {site("carol", {"people.example.edu"}, "/~carol/")};
    HostMap map(r);
    BOOST_TEST(!map.match("people.example.edu", "/"));
    BOOST_TEST(!map.match("people.example.edu", "/~bob/"));
    BOOST_TEST(map.match("people.example.edu", "/~carol/").has_value());
}

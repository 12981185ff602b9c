// The registry of a directory of sites (core/store/registry): what a site's
// name, host and prefix may be, which sites cannot share a host, and the
// file: written in one transaction each, read back whole, untouched by a refusal.
#define BOOST_TEST_MODULE registry
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
#include "rules/route_paths.hpp"
#include "store/registry/registry.hpp"
#include "store/registry/registry_writer.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

RegisteredSite site(std::string name, std::vector<std::string> hosts, std::string prefix = "/", bool home = false) {
    return {.name = std::move(name), .hosts = std::move(hosts), .prefix = std::move(prefix), .owner_name = "",
            .group = "", .home = home};
}

struct Sites {
    TempDir dir;
    fs::path path = dir / "sites";
    Sites() { create_registry(path); }
    std::string bytes() const { return read_file(registry_path(path)); }
};

}  // namespace

BOOST_AUTO_TEST_CASE(paths_inside_a_sites_directory) {
    BOOST_TEST(registry_path("/srv/sites") == fs::path("/srv/sites/registry.db"));
    BOOST_TEST(site_dir("/srv/sites", "carol") == fs::path("/srv/sites/carol"));
    BOOST_TEST(site_db_path("/srv/sites", "carol") == fs::path("/srv/sites/carol/site.db"));
    BOOST_TEST(site_templates_dir("/srv/sites", "carol") == fs::path("/srv/sites/carol/templates"));
    TempDir dir;
    BOOST_TEST(!is_sites_dir(dir.path()));
    BOOST_TEST(create_registry(dir / "sites"));
    BOOST_TEST(is_sites_dir(dir / "sites"));
    BOOST_TEST(!create_registry(dir / "sites"));  // there already: left as it is
}

BOOST_AUTO_TEST_CASE(sites_written_are_read_back_whole_sorted_by_name) {
    Sites s;
    RegisteredSite carol{.name = "carol", .hosts = {"dept.example.edu", "carol.example.edu"}, .prefix = "/~carol/",
                         .owner_name = "Carol Chen", .group = "Faculty", .home = false};
    add_registered_site(s.path, carol);
    add_registered_site(s.path, site("dept", {"dept.example.edu"}, "/", true));
    auto registry = read_registry(s.path);
    BOOST_TEST(registry.dir == s.path);
    BOOST_REQUIRE(registry.sites.size() == 2u);
    BOOST_TEST(registry.sites[0].name == "carol");
    BOOST_TEST(registry.sites[1].name == "dept");
    const RegisteredSite* got = registry.find("carol");
    BOOST_REQUIRE(got);
    BOOST_TEST(got->hosts == carol.hosts);  // in order: the first is canonical
    BOOST_TEST(got->prefix == "/~carol/");
    BOOST_TEST(got->owner_name == "Carol Chen");
    BOOST_TEST(got->group == "Faculty");
    BOOST_TEST(!got->home);
    BOOST_REQUIRE(registry.home());
    BOOST_TEST(registry.home()->name == "dept");
    BOOST_TEST(!registry.find("bob"));
}

BOOST_AUTO_TEST_CASE(the_file_is_a_rollback_journal_registry_of_this_version) {
    Sites s;
    auto db = Db::open(registry_path(s.path).string(), OpenMode::read_only);
    BOOST_TEST(db.pragma_text("journal_mode") == "delete");
    BOOST_TEST(db.user_version() == 1);
    auto upgrade = migrate_registry(s.path);
    BOOST_TEST(upgrade.from == upgrade.to);
}

BOOST_AUTO_TEST_CASE(a_file_that_is_not_a_registry_is_an_error_naming_it) {
    TempDir dir;
    fs::create_directory(dir / "sites");
    BOOST_CHECK_EXCEPTION(read_registry(dir / "sites"), Error, [](const Error& e) { return has(e.what(), "no such file"); });
    make_db(dir, "", "sites/registry.db");  // a site's database where the registry belongs
    BOOST_CHECK_EXCEPTION(read_registry(dir / "sites"), Error,
                          [](const Error& e) { return has(e.what(), "registry.db") && has(e.what(), "not a Vitae registry"); });
}

BOOST_AUTO_TEST_CASE(a_hand_edited_row_that_breaks_a_rule_is_an_error_naming_the_file) {
    Sites s;
    add_registered_site(s.path, site("carol", {"carol.example.edu"}));
    exec_sql(registry_path(s.path), "UPDATE site SET prefix = '/blog/' WHERE name = 'carol'");
    BOOST_CHECK_EXCEPTION(read_registry(s.path), Error, [](const Error& e) {
        return has(e.what(), "registry.db") && has(e.what(), "\"/blog/\"");
    });
    remove_registered_site(s.path, "carol");  // still removable
    BOOST_TEST(read_registry(s.path).sites.empty());
}

BOOST_AUTO_TEST_CASE(site_names_are_dns_labels) {
    for (const char* name : {"carol", "a", "a-b", "lab2", "0day"}) BOOST_TEST(!site_name_problem(name), name);
    BOOST_TEST(!site_name_problem(std::string(63, 'a')));
    for (const char* name : {"", "Carol", "-a", "a-", "a_b", "a.b", "../x", "a b", "carol/"})
        BOOST_TEST(site_name_problem(name).has_value(), name);
    BOOST_TEST(site_name_problem(std::string(64, 'a')).has_value());
    auto problem = site_name_problem("Carol");
    BOOST_REQUIRE(problem);
    BOOST_TEST(has(*problem, "\"Carol\""));  // names the value
    BOOST_TEST(has(*problem, "upper case"));  // and the reason: refused, not lowered
}

BOOST_AUTO_TEST_CASE(hosts_are_lower_cased_then_names_or_ipv4_addresses) {
    BOOST_TEST(lower_case_host("Carol.Example.EDU") == "carol.example.edu");
    for (const char* host : {"carol.example.edu", "localhost", "192.0.2.1", "xn--bcher-kva.example", "a-b.c0.example"})
        BOOST_TEST(!host_problem(host), host);
    BOOST_TEST(!host_problem(std::string(63, 'a') + "." + std::string(63, 'b') + "." + std::string(63, 'c') + "." +
                             std::string(61, 'd')));  // 253
    std::string too_long = std::string(63, 'a') + "." + std::string(63, 'b') + "." + std::string(63, 'c') + "." +
                           std::string(62, 'd');  // 254
    std::string label_64 = std::string(64, 'a') + ".example";
    for (const std::string& host : {std::string(), std::string("../x"), std::string("x_y"), std::string(300, 'a'),
                                    std::string("a.example:8080"), std::string("a..b"), std::string(".a"),
                                    std::string("a."), std::string("Carol.example"), std::string("-a.example"),
                                    std::string("a-.example"), std::string("1.2.3"), std::string("256.1.1.1"),
                                    std::string("01.2.3.4"), std::string("1.2.3.4.5"), std::string("[::1]"),
                                    std::string("a/b"), std::string("a b"), too_long, label_64})
        BOOST_TEST(host_problem(host).has_value(), host);
    auto problem = host_problem("dept.example.edu:8080");
    BOOST_REQUIRE(problem);
    BOOST_TEST(has(*problem, "\"dept.example.edu:8080\""));
    BOOST_TEST(has(*problem, "port"));
}

BOOST_AUTO_TEST_CASE(prefixes_are_made_whole_then_root_or_one_segment) {
    for (const char* given : {"~carol", "/~carol", "/~carol/", "~carol/"}) BOOST_TEST(whole_prefix(given) == "/~carol/", given);
    BOOST_TEST(whole_prefix("/") == "/");
    BOOST_TEST(whole_prefix("").empty());
    for (const char* prefix : {"/", "/~carol/", "/carol.smith/", "/lab_1/", "/carol/", "/~/"})
        BOOST_TEST(!prefix_problem(prefix), prefix);
    for (const char* prefix : {"", "//", "/a/b/", "/../", "/./", "/Carol/", "/a b/", "/%7e/", "carol", "/carol"})
        BOOST_TEST(prefix_problem(prefix).has_value(), prefix);
    BOOST_TEST(prefix_problem("/" + std::string(64, 'a') + "/").has_value());
}

BOOST_AUTO_TEST_CASE(a_prefix_is_never_a_path_the_sites_own_pages_use) {
    for (const char* prefix : {"/publications/", "/blog/", "/news/", "/talks/", "/projects/", "/cv/", "/files/",
                               "/people/", "/search/", "/_vitae/", "/feed.xml/", "/sitemap.xml/", "/robots.txt/",
                               "/cv.pdf/", "/cv.json/", "/publications.bib/", "/.well-known/"}) {
        auto problem = prefix_problem(prefix);
        BOOST_TEST(problem.has_value(), prefix);
        if (problem) BOOST_TEST(has(*problem, "site's own pages"), *problem);
    }
    // Every route of the table, so a route added tomorrow is refused too.
    for (const auto& spec : route_paths()) {
        if (spec.pattern.size() < 2) continue;
        std::string_view rest = spec.pattern.substr(1);
        std::string prefix = "/" + std::string(rest.substr(0, rest.find('/'))) + "/";
        BOOST_TEST(prefix_problem(prefix).has_value(), prefix);
    }
}

BOOST_AUTO_TEST_CASE(a_prefix_is_never_something_a_language_could_be) {
    for (const char* prefix : {"/de/", "/zh/", "/zh-hant/", "/pt-br/", "/bob/"}) {
        auto problem = prefix_problem(prefix);
        BOOST_TEST(problem.has_value(), prefix);
        if (problem) BOOST_TEST(has(*problem, "language"), *problem);
    }
    BOOST_TEST(!prefix_problem("/~de/"));
    BOOST_TEST(!prefix_problem("/carol/"));
}

BOOST_AUTO_TEST_CASE(a_host_and_prefix_belong_to_one_site) {
    Registry registry{.dir = "/srv/sites",
                      .sites = {site("carol", {"carol.example.edu", "dept.example.edu"}, "/~carol/"),
                                site("dept", {"dept.example.edu"}, "/", true), site("lab", {"lab.example.edu"}, "/lab/")}};
    // Side by side: the home at / and a member under /~name/; another host; another prefix.
    BOOST_TEST(!registry_conflict(registry, site("bob", {"dept.example.edu"}, "/~bob/")));
    BOOST_TEST(!registry_conflict(registry, site("bob", {"bob.example.edu"}, "/")));
    BOOST_TEST(!registry_conflict(registry, registry.sites[0]));  // itself, replaced
    auto taken = registry_conflict(registry, site("bob", {"bob.example.edu", "dept.example.edu"}, "/~carol/"));
    BOOST_REQUIRE(taken);
    BOOST_TEST(has(*taken, "\"dept.example.edu\""));
    BOOST_TEST(has(*taken, "\"carol\""));
    BOOST_TEST(registry_conflict(registry, site("bob", {"carol.example.edu"}, "/~carol/")).has_value());
    BOOST_TEST(registry_conflict(registry, site("bob", {"dept.example.edu"}, "/")).has_value());
    // A prefix inside another's (or around it) on the same host hides one of them.
    auto nested = registry_conflict(registry, site("sub", {"lab.example.edu"}, "/lab/x/"));
    BOOST_REQUIRE(nested);
    BOOST_TEST(has(*nested, "overlaps"));
    BOOST_TEST(!registry_conflict(registry, site("outer", {"lab.example.edu"}, "/la/")));
    // One home; the same host twice in one site.
    auto second_home = registry_conflict(registry, site("other", {"other.example.edu"}, "/", true));
    BOOST_REQUIRE(second_home);
    BOOST_TEST(has(*second_home, "\"dept\""));
    BOOST_TEST(!registry_conflict(registry, site("dept", {"dept.example.edu"}, "/", true)));  // the home itself
    BOOST_TEST(registry_conflict(registry, site("x", {"x.example.edu", "x.example.edu"})).has_value());
}

BOOST_AUTO_TEST_CASE(a_refused_change_leaves_the_file_byte_for_byte) {
    Sites s;
    add_registered_site(s.path, site("dept", {"dept.example.edu"}, "/", true));
    add_registered_site(s.path, site("carol", {"dept.example.edu"}, "/~carol/"));
    const std::string before = s.bytes();
    auto refused = [&](auto change) {
        BOOST_CHECK_THROW(change(), UsageError);
        BOOST_TEST((s.bytes() == before));
    };
    refused([&] { add_registered_site(s.path, site("bob", {"dept.example.edu"}, "/~carol/")); });
    refused([&] { add_registered_site(s.path, site("bob", {"bob.example.edu"}, "/", true)); });
    refused([&] { add_registered_site(s.path, site("carol", {"carol.example.edu"})); });  // the name is taken
    refused([&] { add_registered_site(s.path, site("Bob", {"bob.example.edu"})); });
    refused([&] { add_registered_site(s.path, site("bob", {"bob.example.edu:80"})); });
    refused([&] { add_registered_site(s.path, site("bob", {})); });
    refused([&] { add_registered_site(s.path, site("bob", {"bob.example.edu"}, "/blog/")); });
    refused([&] { replace_registered_site(s.path, "carol", site("carol", {"dept.example.edu"}, "/")); });
    refused([&] { replace_registered_site(s.path, "carol", site("dept", {"x.example.edu"})); });  // rename onto a taken name
    refused([&] { replace_registered_site(s.path, "nobody", site("nobody", {"x.example.edu"})); });
    refused([&] { remove_registered_site(s.path, "nobody"); });
    auto text = [](auto change) {
        try {
            change();
        } catch (const UsageError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    BOOST_TEST(has(text([&] { remove_registered_site(s.path, "nobody"); }), "no site \"nobody\""));
}

BOOST_AUTO_TEST_CASE(an_entry_is_replaced_renamed_and_removed) {
    Sites s;
    add_registered_site(s.path, site("carol", {"carol.example.edu"}));
    auto next = site("carol", {"www.carol.example.edu", "carol.example.edu"}, "/");
    next.group = "Students";
    replace_registered_site(s.path, "carol", next);
    BOOST_TEST(read_registry(s.path).find("carol")->hosts == next.hosts);
    BOOST_TEST(read_registry(s.path).find("carol")->group == "Students");
    next.name = "carol-chen";
    replace_registered_site(s.path, "carol", next);
    auto registry = read_registry(s.path);
    BOOST_TEST(!registry.find("carol"));
    BOOST_REQUIRE(registry.find("carol-chen"));
    BOOST_TEST(registry.find("carol-chen")->hosts == next.hosts);
    remove_registered_site(s.path, "carol-chen");
    BOOST_TEST(read_registry(s.path).sites.empty());
    // Its hosts went with it: they can be given to another site.
    add_registered_site(s.path, site("bob", {"carol.example.edu"}));
}

BOOST_AUTO_TEST_CASE(the_registry_backs_up_to_a_checked_copy) {
    Sites s;
    add_registered_site(s.path, site("carol", {"carol.example.edu"}));
    backup_registry(s.path, (s.dir / "copy.db").string(), IfExists::refuse);
    auto copy = Db::open((s.dir / "copy.db").string(), OpenMode::read_only);
    BOOST_TEST(copy.pragma_text("journal_mode") == "delete");
    auto rows = copy.prepare("SELECT host FROM site_host");
    BOOST_REQUIRE(rows.step());
    BOOST_TEST(rows.text_at(0) == "carol.example.edu");
    BOOST_CHECK_THROW(backup_registry(s.path, (s.dir / "copy.db").string(), IfExists::refuse), Error);
    backup_registry(s.path, (s.dir / "copy.db").string(), IfExists::replace);
}

// The sites of a registry in one process (core/sites/site_set): loaded when
// first asked, bounded, unloaded, followed through registry changes, each
// with its own pages.
#define BOOST_TEST_MODULE site_set
#include <boost/test/unit_test.hpp>

#include <atomic>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "sites/site_set.hpp"
#include "store/registry/registry_writer.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

struct Sites {
    TempDir dir;
    std::filesystem::path sites = dir / "sites";
    PageCache cache{1 << 24, 256};
    std::atomic<std::int64_t> now_ms{1'000'000};  // the set's monotonic clock: moved by later(), never slept for

    Sites() { create_registry(sites); }

    void later(std::int64_t ms) { now_ms += ms; }

    void add(const std::string& name, std::string host, std::string prefix = "/", bool home = false) {
        std::filesystem::create_directories(site_dir(sites, name));
        exec_sql(site_db_path(sites, name),
                 read_file(source_dir / "data/schema.sql") + fixture_content() +
                     "UPDATE profile SET name = 'Owner " + name + "';");
        RegisteredSite site;
        site.name = name;
        site.hosts = {std::move(host)};
        site.prefix = std::move(prefix);
        site.home = home;
        add_registered_site(sites, site);
    }

    SitesConfig config(std::size_t max_loaded = 64, std::int64_t idle_ms = 600'000) {
        return {.sites_dir = sites, .scheme = "http", .templates_dir = source_dir / "templates",
                .now_ms = [this] { return now_ms.load(); }, .max_loaded = max_loaded, .idle_unload_ms = idle_ms,
                .threads = 2};
    }

    // The home page of what `host` and `path` find, as its site renders it.
    static std::string page(SiteSet& set, std::string_view host, std::string_view path = "/") {
        auto found = set.find(host, path);
        BOOST_TEST_REQUIRE((found.found == SiteSet::Found::site));
        auto version = found.site->holder.fresh(found.site->thread_view(0).probe);
        return found.site->pages.page(*version, site_route(*version, found.path), found.site->thread_view(0).workspace).page->body;
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_site_loads_on_its_first_request_and_stays_loaded) {
    Sites s;
    s.add("alice", "alice.test");
    s.add("bob", "bob.test");
    SiteSet set(s.config(), s.cache);
    BOOST_TEST(set.stats().registered == 2u);
    BOOST_TEST(set.stats().loaded == 0u);  // nothing read at start
    auto first = set.find("alice.test", "/");
    auto again = set.find("Alice.Test:8080", "/");
    BOOST_TEST(first.site == again.site);
    BOOST_TEST(set.stats().loaded == 1u);
    BOOST_TEST(set.stats().loads == 1u);
    BOOST_TEST(first.site->base_url == "http://alice.test");
}

BOOST_AUTO_TEST_CASE(each_site_has_its_own_pages_in_the_shared_cache) {
    Sites s;
    s.add("alice", "alice.test");
    s.add("bob", "bob.test");
    SiteSet set(s.config(), s.cache);
    auto alice = Sites::page(set, "alice.test");
    auto bob = Sites::page(set, "bob.test");
    BOOST_TEST(alice.find("Owner alice") != std::string::npos);
    BOOST_TEST(bob.find("Owner bob") != std::string::npos);
    BOOST_TEST(bob.find("Owner alice") == std::string::npos);
    BOOST_TEST(Sites::page(set, "alice.test") == alice);  // a hit: still alice's
    BOOST_TEST(s.cache.stats().entries == 2u);
}

BOOST_AUTO_TEST_CASE(a_prefixed_site_sees_the_path_inside_it_and_links_under_its_prefix) {
    Sites s;
    s.add("dept", "dept.test", "/", true);
    s.add("carol", "dept.test", "/~carol/");
    SiteSet set(s.config(), s.cache);
    auto found = set.find("dept.test", "/~carol/publications/");
    BOOST_TEST_REQUIRE((found.found == SiteSet::Found::site));
    BOOST_TEST(found.site->name == "carol");
    BOOST_TEST(found.path == "/publications/");
    BOOST_TEST(found.site->base_url == "http://dept.test/~carol");
    auto page = Sites::page(set, "dept.test", "/~carol/");
    BOOST_TEST(page.find("href=\"/~carol/publications/\"") != std::string::npos);
    BOOST_TEST(page.find("href=\"/publications/\"") == std::string::npos);
    BOOST_TEST((set.find("dept.test", "/~carol").found == SiteSet::Found::add_slash));
    BOOST_TEST(Sites::page(set, "dept.test").find("Owner dept") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(no_more_than_the_bound_stay_loaded_the_least_recently_asked_go_first) {
    Sites s;
    for (auto name : {"a", "b", "c"}) s.add(name, std::string(name) + ".test");
    SiteSet set(s.config(2), s.cache);
    auto a = set.find("a.test", "/").hold;
    s.later(200);  // more than the 100 ms a site's last use is rounded to
    set.find("b.test", "/");
    s.later(200);
    set.find("c.test", "/");
    BOOST_TEST(set.stats().loaded == 2u);
    BOOST_TEST(set.stats().unloads == 1u);
    BOOST_TEST(a->name == "a");  // a request holding it finishes with it
    for (const auto& site : set.loaded()) BOOST_TEST(site->name != "a");
}

BOOST_AUTO_TEST_CASE(an_idle_site_is_unloaded) {
    Sites s;
    s.add("a", "a.test");
    SiteSet set(s.config(64, 1), s.cache);
    set.find("a.test", "/");
    set.unload_idle();
    BOOST_TEST(set.stats().loaded == 1u);  // asked for 0 ms ago: not idle yet
    s.later(2);
    set.unload_idle();
    BOOST_TEST(set.stats().loaded == 0u);
    BOOST_TEST((set.find("a.test", "/").found == SiteSet::Found::site));  // loaded again when asked
    BOOST_TEST(set.stats().loads == 2u);
}

BOOST_AUTO_TEST_CASE(registry_changes_take_effect_at_the_next_refresh) {
    Sites s;
    s.add("a", "a.test");
    SiteSet set(s.config(), s.cache);
    set.find("a.test", "/");
    s.add("b", "b.test");
    BOOST_TEST((set.find("b.test", "/").found == SiteSet::Found::no_site));
    BOOST_TEST(set.refresh());
    BOOST_TEST((set.find("b.test", "/").found == SiteSet::Found::site));
    BOOST_TEST(!set.refresh());  // nothing changed: nothing read
    remove_registered_site(s.sites, "a");
    BOOST_TEST(set.refresh());
    BOOST_TEST((set.find("a.test", "/").found == SiteSet::Found::no_site));
    for (const auto& site : set.loaded()) BOOST_TEST(site->name != "a");  // unloaded
}

BOOST_AUTO_TEST_CASE(a_broken_site_answers_unavailable_and_the_others_serve) {
    Sites s;
    s.add("good", "good.test");
    s.add("bad", "bad.test");
    write_file(site_db_path(s.sites, "bad"), "not a database at all, not at all");
    SiteSet set(s.config(), s.cache);
    BOOST_TEST((set.find("bad.test", "/").found == SiteSet::Found::unavailable));
    BOOST_TEST(set.stats().load_failures == 1u);
    BOOST_TEST((set.find("bad.test", "/").found == SiteSet::Found::unavailable));
    BOOST_TEST(set.stats().load_failures == 1u);  // not tried again at once
    BOOST_TEST((set.find("good.test", "/").found == SiteSet::Found::site));
    exec_sql(site_db_path(s.sites, "bad").string() + ".fixed",
             read_file(source_dir / "data/schema.sql") + fixture_content());
    std::filesystem::rename(site_db_path(s.sites, "bad").string() + ".fixed", site_db_path(s.sites, "bad"));
    s.later(limits::site_retry_ms - 1);
    BOOST_TEST((set.find("bad.test", "/").found == SiteSet::Found::unavailable));  // not yet tried again
    BOOST_TEST(set.stats().load_failures == 1u);
    s.later(1);
    BOOST_TEST((set.find("bad.test", "/").found == SiteSet::Found::site));  // retried, now good
}

BOOST_AUTO_TEST_CASE(unknown_and_hostile_hosts_find_no_site) {
    Sites s;
    s.add("a", "a.test");
    SiteSet set(s.config(), s.cache);
    for (std::string_view host : {"", "b.test", "a.test.evil", "../a.test", "a.test/x", "A.TEST:bad"})
        BOOST_TEST((set.find(host, "/").found == SiteSet::Found::no_site), host);
    BOOST_TEST(set.stats().loaded == 0u);
}

BOOST_AUTO_TEST_CASE(a_missing_registry_is_refused_at_start) {
    TempDir dir;
    PageCache cache(1 << 20, 16);
    SitesConfig config{.sites_dir = dir / "none", .templates_dir = source_dir / "templates"};
    BOOST_CHECK_THROW(SiteSet(config, cache), Error);
}

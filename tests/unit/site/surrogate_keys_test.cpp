#define BOOST_TEST_MODULE surrogate_keys
#include <boost/test/unit_test.hpp>

#include <set>
#include <sstream>

#include "site/page_inputs.hpp"
#include "site/pages.hpp"
#include "site/surrogate_keys.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

using Paths = std::set<std::string>;
constexpr std::size_t max_keys = 200;

std::set<std::string> split_keys(const std::string& text) {
    std::istringstream in(text);
    std::set<std::string> out;
    for (std::string key; in >> key;) out.insert(key);
    return out;
}

bool meets(const std::set<std::string>& a, const std::vector<std::string>& b) {
    return std::any_of(b.begin(), b.end(), [&a](const std::string& k) { return a.contains(k); });
}

// The fixture site; after each edit, what the page stamps say changed and
// what a cache holding every page would drop on the worker's purge.
struct Edits {
    TempDir dir;
    fs::path db;
    fs::path templates = dir / "templates";
    std::unique_ptr<SiteHolder> sites;

    Edits() : db(make_db(dir, fixture_content())) {
        fs::copy(source_dir / "templates", templates);
        sites = std::make_unique<SiteHolder>(SiteSource{db.string(), templates, system_unix});
    }

    static Paths pages_of(const Site& site) {
        auto paths = site_paths(site);
        paths.emplace_back("/no/such/page");
        return {paths.begin(), paths.end()};
    }

    // Checks, for one edit, that the purge drops exactly the pages whose
    // stamps moved (the fast path's rule) and every page the edit removed;
    // returns the purged keys.
    template <typename Edit>
    std::vector<std::string> check(Edit&& edit) {
        auto before = sites->current();
        auto keys_before = all_keys(*before, "s");
        edit();
        BOOST_REQUIRE(sites->reload("test"));
        auto after = sites->current();
        auto purged = keys_to_purge(keys_before, *after, before->generation, "s", max_keys);
        for (const auto& path : pages_of(*after)) {
            PageRef ref = page_ref(site_route(*after, path), *after);
            bool changed = page_stamp(ref, *after) > before->generation;
            bool dropped = meets(split_keys(page_keys(ref, *after, "s")), purged);
            if (ref.status == 404)  // also purged with the set of pages: a page may have appeared at that path
                BOOST_TEST((dropped || !changed), path << " changed but stays cached");
            else
                BOOST_TEST(changed == dropped, path << ": stamp says " << changed << ", purge " << dropped);
        }
        for (const auto& path : pages_of(*before))  // the pages gone: their copies must go too
            if (!pages_of(*after).contains(path)) {
                auto keys = split_keys(page_keys(page_ref(site_route(*before, path), *before), *before, "s"));
                BOOST_TEST(meets(keys, purged), path << " is gone but stays cached");
            }
        return purged;
    }
    void sql(const std::string& text) { exec_sql(db, text); }
};

}  // namespace

BOOST_AUTO_TEST_CASE(every_page_carries_the_site_key_and_one_key_per_input) {
    Edits site;
    auto s = site.sites->current();
    auto post = split_keys(page_keys(page_ref(site_route(*s, "/blog/notes-on-sketches"), *s), *s, "alice"));
    for (const char* key : {"alice", "alice:post:notes-on-sketches", "alice:tpl:layout", "alice:tpl:post", "alice:owner",
                            "alice:nav", "alice:str"})
        BOOST_TEST(post.contains(key), key);
    auto missing = split_keys(page_keys(page_ref(site_route(*s, "/no/such/page"), *s), *s, "alice"));
    BOOST_TEST(missing.contains("alice:sitemap"));  // a page that appears there purges its 404
    for (const auto& key : all_keys(*s, "alice"))
        BOOST_TEST((key.find_first_of(" ,\t\r\n") == std::string::npos && key.size() < 100), key);
}

BOOST_AUTO_TEST_CASE(a_paper_title_purges_the_pages_that_show_it) {
    Edits site;
    auto purged = site.check([&] { site.sql("UPDATE publication SET title = 'Tidepool II' WHERE slug = 'tidepool'"); });
    BOOST_TEST(std::count(purged.begin(), purged.end(), "s:paper:tidepool") == 1);
    BOOST_TEST(std::count(purged.begin(), purged.end(), "s:owner") == 0);
}

BOOST_AUTO_TEST_CASE(a_bio_paragraph_purges_the_home_page_alone) {
    Edits site;
    auto purged = site.check([&] { site.sql("UPDATE profile_paragraph SET markdown = 'New bio.' WHERE position = 1"); });
    BOOST_TEST(purged == std::vector<std::string>{"s:home"}, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(the_owners_name_is_one_key_every_html_page_carries) {
    Edits site;
    auto purged = site.check([&] { site.sql("UPDATE profile SET name = 'Inès M. Moreau' WHERE id = 1"); });
    BOOST_TEST(std::count(purged.begin(), purged.end(), "s:owner") == 1);
    BOOST_TEST(purged.size() < 10u);
}

BOOST_AUTO_TEST_CASE(a_new_post_and_a_tag_purge_their_pages_and_the_404s) {
    Edits site;
    auto purged = site.check([&] {
        site.sql("INSERT INTO post (slug, title, published, body_format, body) "
                 "VALUES ('newest', 'Newest', '2026-01-01', 'markdown', 'Hello.')");
    });
    BOOST_TEST(std::count(purged.begin(), purged.end(), "s:sitemap") == 1);
    site.check([&] { site.sql("INSERT INTO post_tag (post_slug, position, tag) VALUES ('notes-on-sketches', 1, 'sketches')"); });
}

BOOST_AUTO_TEST_CASE(a_removed_paper_purges_its_own_page) {
    Edits site;
    auto purged = site.check([&] { site.sql("DELETE FROM publication WHERE slug = 'quorum-games'"); });
    BOOST_TEST(std::count(purged.begin(), purged.end(), "s:paper:quorum-games") == 1);
}

BOOST_AUTO_TEST_CASE(template_edits_purge_the_pages_built_from_them) {
    Edits site;
    site.check([&] { write_file(site.templates / "paper.mustache", read_file(site.templates / "paper.mustache") + "\n<!-- 2 -->"); });
    site.check([&] {
        write_file(site.templates / "publication.mustache", read_file(site.templates / "publication.mustache") + " ");
    });
    site.check([&] { write_file(site.templates / "layout.mustache", read_file(site.templates / "layout.mustache") + " "); });
}

BOOST_AUTO_TEST_CASE(a_reload_without_changes_purges_nothing) {
    Edits site;
    BOOST_TEST(site.check([] {}).empty());
}

BOOST_AUTO_TEST_CASE(too_many_keys_purge_the_site_key_alone) {
    Edits site;
    auto s = site.sites->current();
    BOOST_TEST(keys_to_purge({}, *s, 0, "s", 3) == std::vector<std::string>{"s"}, boost::test_tools::per_element());
}

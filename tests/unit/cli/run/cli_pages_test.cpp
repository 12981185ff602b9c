// vitae add page, ls pages, rm page: the writer's rows, the
// reads, the one slug rule (a route's or a site language's path refused with
// a message that says why), translations, and the search index.
#define BOOST_TEST_MODULE cli_pages
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
#include "cli_test_support.hpp"
#include "http/router.hpp"
#include "store/model/translate.hpp"
#include "store/rows/content_rows.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/search_rows.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/pages.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

struct Site {
    TempDir dir;
    std::filesystem::path db = make_db(dir, fixture_content());

    Content load() const {
        auto reader = Db::open(db.string(), OpenMode::read_only);
        check_database(reader);
        return load_content(reader);
    }
    Ran add(std::vector<std::string> rest) const {
        std::vector<std::string> argv{"add", "page", db.string()};
        argv.insert(argv.end(), rest.begin(), rest.end());
        return vitae_cli(argv);
    }
};

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

std::vector<SearchHit> found(const std::filesystem::path& db_path, std::string_view typed) {
    auto db = Db::open(db_path.string(), OpenMode::read_only);
    return search_site(db, parse_search_query(typed), {.page = 1, .today = "2026-12-02"}).hits;
}

}  // namespace

BOOST_AUTO_TEST_CASE(add_page_writes_a_page_the_loader_reads_in_the_order_added) {
    Site site;
    write_file(site.dir / "teaching.md", "# Courses\n\nLinear algebra, $x^2$.\n");
    auto r = site.add({"teaching", "--title", "Teaching", "--body-file", (site.dir / "teaching.md").string(), "--menu"});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.out == "added page teaching to " + site.db.string() + " (/teaching/, in the menu)\n");
    BOOST_TEST(site.add({"join-the-lab", "--title", "Join the lab", "--body", "<p>Write to us.</p>", "--format", "html"}).status == 0);
    Content c = site.load();
    BOOST_REQUIRE(c.pages.size() == 2u);
    BOOST_TEST(c.pages[0].slug == "teaching");
    BOOST_TEST(c.pages[0].title == "Teaching");
    BOOST_TEST(c.pages[0].body == "# Courses\n\nLinear algebra, $x^2$.\n");
    BOOST_TEST(c.pages[0].body_format == "markdown");
    BOOST_TEST(c.pages[0].in_menu);
    BOOST_TEST(c.pages[1].slug == "join-the-lab");
    BOOST_TEST(c.pages[1].body_format == "html");
    BOOST_TEST(!c.pages[1].in_menu);

    auto ls = vitae_cli({"ls", "pages", site.db.string()});
    BOOST_TEST(ls.status == 0, ls.err);
    BOOST_TEST(has(ls.out, "/teaching/\tTeaching\tmenu\tmarkdown\t"), ls.out);
    BOOST_TEST(has(ls.out, "/join-the-lab/\tJoin the lab\t-\thtml\t"), ls.out);

    auto again = site.add({"teaching", "--title", "Teaching again"});
    BOOST_TEST(again.status != 0);
    BOOST_TEST(has(again.err, "a page \"teaching\" exists"), again.err);
    auto replaced = site.add({"teaching", "--title", "Courses", "--body", "New.", "--replace"});
    BOOST_TEST(replaced.status == 0, replaced.err);
    c = site.load();
    BOOST_TEST(c.pages[0].title == "Courses");  // its place kept
    BOOST_TEST(c.pages[0].body == "New.");
    BOOST_TEST(!c.pages[0].in_menu);

    BOOST_TEST(vitae_cli({"rm", "page", site.db.string(), "teaching"}).status == 0);
    BOOST_TEST(site.load().pages.size() == 1u);
    auto gone = vitae_cli({"rm", "page", site.db.string(), "teaching"});
    BOOST_TEST(gone.status != 0);
    BOOST_TEST(has(gone.err, "no page \"teaching\""), gone.err);
}

BOOST_AUTO_TEST_CASE(a_slug_a_route_uses_is_refused_saying_why_and_nothing_is_written) {
    Site site;
    for (std::string slug : {"blog", "publications", "cv", "files", "search", "people", "news", "projects"}) {
        auto r = site.add({slug, "--title", "X"});
        BOOST_TEST(r.status != 0, slug);
        BOOST_TEST(has(r.err, "/" + slug + "/ is a path the site's own pages use"), r.err);
    }
    for (std::string slug : {"Teaching", "a b", "x.y", "_vitae"}) {
        auto r = site.add({slug, "--title", "X"});
        BOOST_TEST(r.status != 0, slug);
        BOOST_TEST(has(r.err, "is not a slug"), r.err);
    }
    auto untitled = site.add({"teaching", "--title", ""});
    BOOST_TEST(has(untitled.err, "--title is empty"), untitled.err);
    auto both = site.add({"teaching", "--title", "T", "--body", "x", "--body-file", "f.md"});
    BOOST_TEST(has(both.err, "--body or --body-file, not both"), both.err);
    BOOST_TEST(site.load().pages.empty());
}

BOOST_AUTO_TEST_CASE(the_slug_rule_is_the_routers_and_a_sites_language_is_refused_by_the_writer) {
    BOOST_TEST(!page_slug_problem("teaching"));
    BOOST_TEST(!page_slug_problem("my-research"));
    BOOST_TEST(!page_slug_problem("lab"));  // could be a language: a page while the site has no such language
    BOOST_TEST(page_slug_problem("cv").has_value());
    BOOST_TEST(page_slug_problem(".well-known").has_value());

    Site site;
    exec_sql(site.db, "INSERT INTO language (code, name, position, is_default) VALUES ('en', 'English', 1, 1), "
                      "('zh-Hant', '中文', 2, 0);");
    auto r = site.add({"zh-hant", "--title", "Chinese"});
    BOOST_TEST(r.status != 0);
    BOOST_TEST(has(r.err, "/zh-hant/ is the home page of the site's language \"zh-Hant\""), r.err);
    BOOST_TEST(site.load().pages.empty());

    // And the other way: a language whose home would be a page's path.
    BOOST_TEST(site.add({"lab", "--title", "The lab"}).status == 0);
    auto lang = vitae_cli({"lang", "add", site.db.string(), "lab", "--name", "Lab"});
    BOOST_TEST(lang.status != 0);
    BOOST_TEST(has(lang.err, "/lab/ is the site's page \"lab\""), lang.err);
}

BOOST_AUTO_TEST_CASE(a_page_is_translated_and_found_by_search_in_every_language) {
    Site site;
    BOOST_TEST(site.add({"teaching", "--title", "Teaching", "--body", "Quasicrystals for undergraduates."}).status == 0);
    exec_sql(site.db, "INSERT INTO language (code, name, position, is_default) VALUES ('en', 'English', 1, 1), "
                      "('de', 'Deutsch', 2, 0);");
    auto t = vitae_cli({"translate", site.db.string(), "de", "page", "teaching", "title", "--text", "Lehre"});
    BOOST_TEST(t.status == 0, t.err);
    BOOST_TEST(vitae_cli({"translate", site.db.string(), "de", "page", "teaching", "body", "--text", "Quasikristalle."}).status == 0);
    Content c = site.load();
    BOOST_TEST(translation_problems(c).empty());
    Content de = translated(c, "de");
    BOOST_TEST(de.pages[0].title == "Lehre");
    BOOST_TEST(de.pages[0].body == "Quasikristalle.");
    BOOST_TEST(de.translated.contains("page:teaching"));

    for (std::string q : {"quasicrystals", "Quasikristalle", "lehre"}) {
        auto hits = found(site.db, q);
        BOOST_REQUIRE_MESSAGE(hits.size() == 1u, q);
        BOOST_TEST(hits[0].kind == "page");
        BOOST_TEST(hits[0].key == "teaching");
    }
    exec_sql(site.db, "UPDATE page SET body = 'Topology.' WHERE slug = 'teaching';");  // the triggers, whoever writes
    BOOST_TEST(found(site.db, "topology").size() == 1u);
    BOOST_TEST(found(site.db, "quasicrystals").empty());
    BOOST_TEST(vitae_cli({"rm", "page", site.db.string(), "teaching"}).status == 0);
    BOOST_TEST(found(site.db, "topology").empty());
}

BOOST_AUTO_TEST_CASE(the_writer_replaces_in_place_and_an_edit_is_in_the_edit_log) {
    Site site;
    {
        auto db = Db::open(site.db.string(), OpenMode::read_write);
        Transaction transaction(db);
        insert_page(db, {.slug = "a", .title = "A"});
        insert_page(db, {.slug = "b", .title = "B", .in_menu = true});
        put_page(db, {.slug = "a", .title = "A2", .body = "x"});
        put_page(db, {.slug = "c", .title = "C"});
        BOOST_CHECK_THROW(insert_page(db, {.slug = "b", .title = "again"}), Error);
        BOOST_CHECK_THROW(put_page(db, {.slug = "d", .title = ""}), Error);
        BOOST_CHECK_THROW(put_page(db, {.slug = "d", .title = "D", .body_format = "pdf"}), Error);
        transaction.commit();
    }
    Content c = site.load();
    BOOST_REQUIRE(c.pages.size() == 3u);
    BOOST_TEST(c.pages[0].title == "A2");
    BOOST_TEST(c.pages[0].body == "x");
    BOOST_TEST(c.pages[1].in_menu);
    BOOST_TEST(c.pages[2].slug == "c");
    BOOST_TEST(vitae_cli({"add", "page", site.db.string(), "d", "--title", "D"}).status == 0);
    auto log = vitae_cli({"log", site.db.string()});
    BOOST_TEST(has(log.out, "page"), log.out);
}

BOOST_AUTO_TEST_CASE(check_warns_of_a_page_a_route_took_and_of_its_broken_math) {
    Site site;
    exec_sql(site.db, "INSERT INTO page (slug, position, title, body) VALUES ('blog', 1, 'Written around vitae add page', ''),"
                      "('maths', 2, 'Maths', 'An unclosed $\\frac{1}{2$ here.');");
    auto r = vitae_cli({"check", site.db.string()});
    BOOST_TEST(has(r.out + r.err, "warning: page \"blog\": /blog/ is a path the site's own pages use"), r.out + r.err);
    BOOST_TEST(has(r.out + r.err, "warning: page \"maths\": "), r.out + r.err);
}

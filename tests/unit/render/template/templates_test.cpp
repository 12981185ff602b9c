#define BOOST_TEST_MODULE templates
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
#include "render/template/override_header.hpp"
#include "render/template/templates.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

// The smallest valid set: every required page, one partial.
void write_minimal_set(const TempDir& dir) {
    write_file(dir / "layout.mustache", "<html>{{{content}}}</html>");
    write_file(dir / "home.mustache", "{{> greeting}} {{name}}");
    write_file(dir / "greeting.mustache", "hello");
    for (const char* name : required_templates)
        if (std::string_view(name) != "layout" && std::string_view(name) != "home")
            write_file(dir / (std::string(name) + ".mustache"), name);
}

// A page as written (partials expanded), rendered by kainjow itself.
Mustache as_written(const Templates& t, const std::string& page) { return Mustache{t.expanded().at(page)}; }

std::string render(const Templates& t, const std::string& page, const kainjow::mustache::object& data) {
    return as_written(t, page).render(data);
}

bool message_has(const Error& e, std::string_view text) {
    return std::string(e.what()).find(text) != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_CASE(loads_shipped_templates) {
    auto t = Templates::load(source_dir / "templates");
    for (const char* name : required_templates) BOOST_TEST(t->pages().count(name) == 1u);
}

BOOST_AUTO_TEST_CASE(expands_partials_at_load) {
    TempDir dir;
    write_minimal_set(dir);
    auto t = Templates::load(dir.path());
    auto home = as_written(*t, "home");
    BOOST_TEST(home.render(kainjow::mustache::object{{"name", "Ann"}}) == "hello Ann");
}

BOOST_AUTO_TEST_CASE(each_load_has_a_new_id) {
    TempDir dir;
    write_minimal_set(dir);
    BOOST_TEST(Templates::load(dir.path())->id() != Templates::load(dir.path())->id());
}

BOOST_AUTO_TEST_CASE(rejects_unclosed_section_naming_the_file) {
    TempDir dir;
    write_minimal_set(dir);
    write_file(dir / "greeting.mustache", "{{#open}}never closed");
    BOOST_CHECK_EXCEPTION(Templates::load(dir.path()), Error,
                          [](auto& e) { return message_has(e, "greeting.mustache"); });
}

BOOST_AUTO_TEST_CASE(rejects_missing_partial_and_missing_page) {
    TempDir dir;
    write_minimal_set(dir);
    write_file(dir / "home.mustache", "{{> nowhere}}");
    BOOST_CHECK_EXCEPTION(Templates::load(dir.path()), Error, [](auto& e) {
        return message_has(e, "partial \"nowhere\" not found") && message_has(e, "home.mustache");
    });
    write_minimal_set(dir);
    std::filesystem::remove(dir / "post.mustache");
    BOOST_CHECK_EXCEPTION(Templates::load(dir.path()), Error, [](auto& e) { return message_has(e, "post.mustache"); });
}

BOOST_AUTO_TEST_CASE(rejects_partial_cycles) {
    TempDir dir;
    write_minimal_set(dir);
    write_file(dir / "greeting.mustache", "{{> again}}");
    write_file(dir / "again.mustache", "{{> greeting}}");
    BOOST_CHECK_EXCEPTION(Templates::load(dir.path()), Error, [](auto& e) { return message_has(e, "itself"); });
}

BOOST_AUTO_TEST_CASE(rejects_missing_directory) {
    TempDir dir;
    BOOST_CHECK_EXCEPTION(Templates::load(dir / "absent"), Error, [](auto& e) { return message_has(e, "absent"); });
}

// Overrides: a site's directory of the templates it replaces.

BOOST_AUTO_TEST_CASE(an_override_replaces_the_shared_partial_and_the_shared_set_is_unchanged) {
    TempDir shared, site;
    write_minimal_set(shared);
    write_file(site / "greeting.mustache", "bonjour");
    auto t = Templates::load(shared.path(), site.path());
    BOOST_TEST(render(*t, "home", kainjow::mustache::object{{"name", "Ann"}}) == "bonjour Ann");
    BOOST_TEST(t->sources().at("greeting") == "bonjour");
    BOOST_TEST(t->sources().at("layout") == "<html>{{{content}}}</html>");  // not overridden: the shared one
    auto plain = Templates::load(shared.path());
    BOOST_TEST(render(*plain, "home", kainjow::mustache::object{{"name", "Ann"}}) == "hello Ann");
}

BOOST_AUTO_TEST_CASE(an_override_of_a_page_replaces_it) {
    TempDir shared, site;
    write_minimal_set(shared);
    write_file(site / "home.mustache", "hi {{name}}");
    auto t = Templates::load(shared.path(), site.path());
    BOOST_TEST(render(*t, "home", kainjow::mustache::object{{"name", "Ann"}}) == "hi Ann");
}

BOOST_AUTO_TEST_CASE(an_override_the_shared_set_does_not_have_is_refused_naming_the_file) {
    TempDir shared, site;
    write_minimal_set(shared);
    write_file(site / "greting.mustache", "typo");
    BOOST_CHECK_EXCEPTION(Templates::load(shared.path(), site.path()), Error, [&](auto& e) {
        return message_has(e, (site / "greting.mustache").string()) &&
               message_has(e, "overrides greting.mustache, which the shared templates");
    });
}

BOOST_AUTO_TEST_CASE(a_broken_override_is_refused_naming_the_override) {
    TempDir shared, site;
    write_minimal_set(shared);
    write_file(site / "greeting.mustache", "{{#open}}never closed");
    BOOST_CHECK_EXCEPTION(Templates::load(shared.path(), site.path()), Error,
                          [&](auto& e) { return message_has(e, (site / "greeting.mustache").string()); });
}

BOOST_AUTO_TEST_CASE(an_override_may_use_a_shared_partial_and_a_missing_one_names_the_override) {
    TempDir shared, site;
    write_minimal_set(shared);
    write_file(site / "post.mustache", "[{{> greeting}}]");
    BOOST_TEST(render(*Templates::load(shared.path(), site.path()), "post", kainjow::mustache::object{}) == "[hello]");
    write_file(site / "post.mustache", "{{> nowhere}}");
    BOOST_CHECK_EXCEPTION(Templates::load(shared.path(), site.path()), Error, [&](auto& e) {
        return message_has(e, (site / "post.mustache").string()) && message_has(e, "partial \"nowhere\" not found");
    });
}

BOOST_AUTO_TEST_CASE(the_copy_header_is_not_rendered) {
    TempDir shared, site;
    write_minimal_set(shared);
    std::string header = override_header({.name = "greeting.mustache", .sha256 = std::string(64, 'a')});
    write_file(site / "greeting.mustache", header + "hello");
    auto t = Templates::load(shared.path(), site.path());
    BOOST_TEST(render(*t, "home", kainjow::mustache::object{{"name", "Ann"}}) == "hello Ann");
    auto read = read_override_header(header + "hello");
    BOOST_REQUIRE(read.has_value());
    BOOST_TEST(read->name == "greeting.mustache");
    BOOST_TEST(read->sha256 == std::string(64, 'a'));
    BOOST_TEST(!read_override_header("{{! vitae: overrides x, shared version sha256:short }}\nhello"));
    BOOST_TEST(!read_override_header("hello"));
}

BOOST_AUTO_TEST_CASE(a_strings_override_replaces_that_catalogue_and_an_unknown_one_is_refused) {
    TempDir shared, site;
    write_minimal_set(shared);
    write_file(shared / "strings.de.json", R"({"nav_blog": "Blog"})");
    write_file(site / "strings.de.json", R"({"nav_blog": "Tagebuch"})");
    auto t = Templates::load(shared.path(), site.path());
    BOOST_TEST(t->catalogues().for_language("de")("nav_blog") == "Tagebuch");
    write_file(site / "strings.dee.json", R"({"nav_blog": "x"})");
    BOOST_CHECK_EXCEPTION(Templates::load(shared.path(), site.path()), Error, [&](auto& e) {
        return message_has(e, (site / "strings.dee.json").string()) && message_has(e, "overrides strings.dee.json");
    });
}

BOOST_AUTO_TEST_CASE(a_missing_overrides_directory_is_refused) {
    TempDir shared;
    write_minimal_set(shared);
    BOOST_CHECK_EXCEPTION(Templates::load(shared.path(), shared / "absent"), Error,
                          [](auto& e) { return message_has(e, "absent"); });
}

#define BOOST_TEST_MODULE templates
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
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
    auto home = t->pages().at("home");
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

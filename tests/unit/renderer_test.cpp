// PageRenderer: a page template inside the layout, the layout's fields, and
// a render failure that throws and leaves the thread's copies usable.
#define BOOST_TEST_MODULE renderer
#include <boost/test/unit_test.hpp>

#include "renderer.hpp"
#include "test_support.hpp"

using namespace vitae;
using kainjow::mustache::object;

namespace {

// Every required template, each small enough to read in a failure message.
void write_templates(const test::TempDir& dir, std::string_view home) {
    for (const char* name : required_templates)
        test::write_file(dir / (std::string(name) + ".mustache"), std::string(name) + "\n");
    test::write_file(dir / "layout.mustache", "<title>{{title}}</title>{{#nav}}[{{label}}{{#current}}*{{/current}}]{{/nav}}|{{{content}}}");
    test::write_file(dir / "home.mustache", std::string(home));
}

}  // namespace

BOOST_AUTO_TEST_CASE(renders_the_page_inside_the_layout_with_its_fields) {
    test::TempDir dir;
    write_templates(dir, "hello {{name}}");
    auto templates = Templates::load(dir.path());
    PageRenderer renderer;
    LayoutFields layout;
    layout.title = "T & co";
    layout.site_name = "Site";
    layout.current_path = "/publications/x";
    MustacheData data = object{{"name", "<b>"}};
    auto html = renderer.render(*templates, "home", data, layout);
    BOOST_TEST(html == "<title>T &amp; co</title>[Home][Publications*][Blog]|hello &lt;b&gt;");
}

BOOST_AUTO_TEST_CASE(an_unknown_page_throws_naming_it) {
    test::TempDir dir;
    write_templates(dir, "home");
    auto templates = Templates::load(dir.path());
    PageRenderer renderer;
    BOOST_CHECK_EXCEPTION(renderer.render(*templates, "nope", MustacheData{}, LayoutFields{}), std::runtime_error,
                          [](const std::runtime_error& e) { return std::string(e.what()).find("nope") != std::string::npos; });
}

BOOST_AUTO_TEST_CASE(a_failed_render_throws_and_the_next_render_works) {
    test::TempDir dir;
    // A lambda that fails mid-render is how kainjow poisons a template object.
    write_templates(dir, "{{#fail}}x{{/fail}} ok");
    auto templates = Templates::load(dir.path());
    PageRenderer renderer;
    MustacheData bad = object{{"fail", kainjow::mustache::lambda{[](const std::string&) -> std::string {
                                   throw std::runtime_error("lambda failed");
                               }}}};
    BOOST_CHECK_THROW(renderer.render(*templates, "home", bad, LayoutFields{}), std::exception);
    MustacheData good = object{{"fail", false}};
    auto html = renderer.render(*templates, "home", good, LayoutFields{});
    BOOST_TEST(html.ends_with("| ok"));
}

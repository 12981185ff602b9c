// render_in_layout: a page template inside the layout, the layout's fields, and
// a render failure that throws and leaves the thread's copies usable.
#define BOOST_TEST_MODULE renderer
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
#include "render/template/streamed_list.hpp"
#include "render/views/renderer.hpp"
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
    LayoutFields layout;
    layout.title = "T & co";
    layout.site_name = "Site";
    layout.current_path = "/publications/x";
    MustacheData data = object{{"name", "<b>"}};
    auto html = render_in_layout(*templates, "home", data, layout, templates->catalogues().english());
    BOOST_TEST(html == "<title>T &amp; co</title>[Home][Publications*][Blog]|hello &lt;b&gt;");
}

BOOST_AUTO_TEST_CASE(an_unknown_page_throws_naming_it) {
    test::TempDir dir;
    write_templates(dir, "home");
    auto templates = Templates::load(dir.path());
    BOOST_CHECK_EXCEPTION(render_in_layout(*templates, "nope", MustacheData{}, LayoutFields{}, templates->catalogues().english()), Error,
                          [](const Error& e) { return std::string(e.what()).find("nope") != std::string::npos; });
}

BOOST_AUTO_TEST_CASE(a_failed_render_throws_and_the_next_render_works) {
    test::TempDir dir;
    // A lambda that fails mid-render is how kainjow poisons a template object.
    write_templates(dir, "{{#fail}}x{{/fail}} ok");
    auto templates = Templates::load(dir.path());
    MustacheData bad = object{{"fail", kainjow::mustache::lambda{[](const std::string&) -> std::string {
                                   throw std::runtime_error("lambda failed");
                               }}}};
    BOOST_CHECK_THROW(render_in_layout(*templates, "home", bad, LayoutFields{}, templates->catalogues().english()), std::exception);
    MustacheData good = object{{"fail", false}};
    auto html = render_in_layout(*templates, "home", good, LayoutFields{}, templates->catalogues().english());
    BOOST_TEST(html.ends_with("| ok"));
}

// A streamed list (streamed_list.hpp) renders exactly as the same items in a
// plain list would, makes each item only while the page renders, and sees
// the enclosing context (a name not in the item comes from outside it).
BOOST_AUTO_TEST_CASE(a_streamed_list_renders_like_a_list_making_items_during_the_render) {
    test::TempDir dir;
    write_templates(dir, "{{#groups}}<{{heading}}:{{#items}}({{n}} of {{heading}}, {{owner}}){{/items}}>{{/groups}}"
                         "{{^none}}-{{/none}}");
    auto templates = Templates::load(dir.path());
    int made = 0;
    auto item = [&made](std::size_t i) {
        ++made;
        return MustacheData(object{{"n", std::to_string(i) + "&"}});
    };
    MustacheData streamed = object{{"owner", "me"}, {"none", streamed_list(0, item)}};
    MustacheData plain = object{{"owner", "me"}, {"none", MustacheData::type::list}};
    for (auto* data : {&streamed, &plain}) {
        MustacheData groups{MustacheData::type::list};
        MustacheData items{MustacheData::type::list};
        for (std::size_t i = 0; i < 3; ++i) items.push_back(object{{"n", std::to_string(i) + "&"}});
        MustacheData group = object{{"heading", "G"}};
        group.set("items", data == &streamed ? streamed_list(3, item) : items);
        groups.push_back(group);
        data->set("groups", groups);
    }
    BOOST_TEST(made == 0);
    auto a = render_in_layout(*templates, "home", streamed, LayoutFields{}, templates->catalogues().english());
    BOOST_TEST(made == 3);
    auto b = render_in_layout(*templates, "home", plain, LayoutFields{}, templates->catalogues().english());
    BOOST_TEST(a == b);
    BOOST_TEST(a.find("<G:(0&amp; of G, me)(1&amp; of G, me)(2&amp; of G, me)>-") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_streamed_item_that_throws_fails_the_render_and_the_next_render_works) {
    test::TempDir dir;
    write_templates(dir, "{{#items}}{{n}}{{/items}}");
    auto templates = Templates::load(dir.path());
    MustacheData bad = object{{"items", streamed_list(2, [](std::size_t i) -> MustacheData {
                                   if (i == 1) throw std::runtime_error("item 1 is broken");
                                   return object{{"n", "ok"}};
                               })}};
    BOOST_CHECK_EXCEPTION(render_in_layout(*templates, "home", bad, LayoutFields{}, templates->catalogues().english()), Error,
                          [](const Error& e) { return std::string(e.what()).find("item 1 is broken") != std::string::npos; });
    MustacheData good = object{{"items", streamed_list(2, [](std::size_t) { return MustacheData(object{{"n", "ok"}}); })}};
    BOOST_TEST(render_in_layout(*templates, "home", good, LayoutFields{}, templates->catalogues().english()).find("|okok") != std::string::npos);
}

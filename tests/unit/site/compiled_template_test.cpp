// CompiledTemplate writes what kainjow's own renderer writes: over a battery
// of templates that reach each of kainjow's rules (lines dropped around
// sections, blank lines, CRLF, dotted names, lambdas, partials from data,
// custom delimiters), and over every page of three real sites, each page
// and its layout rendered both ways from the same data.
#define BOOST_TEST_MODULE compiled_template
#include <boost/test/unit_test.hpp>

#include <list>

#include "public_page.hpp"
#include "render/template/compiled_template.hpp"
#include "render/template/streamed_list.hpp"
#include "site/pages.hpp"

using namespace vitae;
using namespace vitae::test;
using kainjow::mustache::data;
using kainjow::mustache::object;

namespace {

// kainjow's own context, except that a streamed list is handed to kainjow
// as the lambda it stands for: each item pushed, the section's text
// rendered by kainjow's renderer as a template of its own, then popped.
class ReferenceContext final : public kainjow::mustache::basic_context<std::string> {
public:
    void push(const data* d) override { inner_.push(d); }
    void pop() override { inner_.pop(); }
    const data* get(const std::string& name) const override {
        const data* var = inner_.get(name);
        if (var == nullptr || !var->is_lambda2()) return var;
        const auto* list = var->lambda2_value().target<StreamedList>();
        if (list == nullptr) return var;
        auto* self = const_cast<ReferenceContext*>(this);
        self->lambdas_.push_back(kainjow::mustache::lambda2(
            [self, list](const std::string& text, const kainjow::mustache::renderer& render) {
                std::string out;
                for (std::size_t i = 0; i < list->count; ++i) {
                    data item = list->make(i);
                    self->push(&item);
                    out += render(text);
                    self->pop();
                }
                return out;
            }));
        return &self->lambdas_.back();
    }
    const data* get_partial(const std::string& name) const override { return inner_.get_partial(name); }

private:
    kainjow::mustache::context<std::string> inner_;
    std::list<data> lambdas_;
};

std::string kainjow_render(const std::string& source, const data& d, std::initializer_list<const data*> under = {}) {
    kainjow::mustache::mustache page{source};
    BOOST_REQUIRE_MESSAGE(page.is_valid(), page.error_message());
    ReferenceContext context;
    for (const data* layer : under) context.push(layer);
    context.push(&d);
    std::string out = page.render(context);
    BOOST_REQUIRE_MESSAGE(page.is_valid(), page.error_message());
    return out;
}

std::string compiled_render(const std::string& source, const data& d, std::initializer_list<const data*> under = {}) {
    CompiledTemplate page{source};
    BOOST_REQUIRE_MESSAGE(page.is_valid(), page.error_message());
    std::string out;
    auto rendered = page.render(d, out, under);
    BOOST_REQUIRE_MESSAGE(rendered.ok(), (rendered.ok() ? "" : rendered.error()));
    return out;
}

data battery_data(bool streamed) {
    data d = object{{"v", "<v> & 'q' \"dq\""},
                    {"raw", "<r> s"},
                    {"no", false},
                    {"yes", true},
                    {"empty", data::type::list},
                    {"blank", ""},
                    {"multi", "one\ntwo  \n"},
                    {"spaces", "   "},
                    {"obj", object{{"a", "A"}, {"b", object{{"c", "C"}}}}},
                    {"t", object{{"x", "X'"}, {"y", "Y\""}}},
                    {"part", "[{{v}}]\n{{#list}}p{{v}}{{/list}}"},
                    {"upper", kainjow::mustache::lambda{[](const std::string& text) { return "<" + text + ">"; }}}};
    data words{data::type::list};
    for (const char* w : {"a", "b & c", "d"}) words.push_back(data(w));
    d.set("words", words);
    auto item = [](std::size_t i) {
        data it = object{{"v", i == 0 ? "1" : "2 & 3"}};
        if (i == 0) it.set("t", object{{"x", "own"}});
        if (i == 1) it.set("inner", data(data::type::list));
        data sub{data::type::list};
        sub.push_back(object{{"w", "w" + std::to_string(i)}});
        it.set("sub", sub);
        return it;
    };
    data list{data::type::list};
    for (std::size_t i = 0; i < 2; ++i) list.push_back(item(i));
    d.set("list", list);
    d.set("stream", streamed ? streamed_list(2, item) : list);
    return d;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_battery_renders_as_kainjow_renders_it) {
    const std::string cases[] = {
        "a b  c\n{{#list}}\n  x y {{v}} z w\n\n   \n{{/list}}\nend of it all\n",
        "<style>\nbody { margin: 0 }\n  p { a: b c d }\n\n</style>\n{{#no}}\n gone  gone\n{{/no}}\n  {{^no}}  \n kept  here \n {{/no}}  \ntail with spaces   ",
        "{{#stream}} item {{v}} of  many \n two lines here\n{{/stream}}|{{t.x}} and {{ t.y }} {{{raw}}} {{&raw}} q r s",
        "   \n\n\n{{! a comment with  spaces }}  a b c\n{{#list}}{{/list}}   \n  d  e  f",
        "{{=<% %>=}} a b c <%v%> d e f\n<%#list%>\n<%v%>\n<%/list%>\n<%={{ }}=%>{{v}}\n",
        "{{#list}}[{{t.x}}/{{t.y}}/{{t.z}}/{{v.w}}/{{t}}]{{/list}} {{t.x}} {{t.y.z}}",
        "line\r\n{{#list}}\r\n {{v}}\r\n{{/list}}\r\nend\rcr\r",
        "\t{{#yes}}\t\n\t{{/yes}}\t\n{{#no}}\n{{/no}}\n{{^empty}}\n empty\n{{/empty}}\n{{^missing}}none{{/missing}}\n",
        "{{#words}}{{.}},{{/words}} {{#obj}}{{a}}{{b.c}}{{obj.b.c}}{{/obj}} {{obj.a}} {{obj..a}} {{.}}",
        "{{#blank}}blank is true{{/blank}}{{#v}}[{{.}}]{{/v}}{{^no}}[{{.}}]{{/no}}{{^empty}}<{{.}}>{{/empty}}",
        "{{multi}}\n{{#list}}{{multi}}{{/list}}\n{{spaces}}\n{{#yes}}{{spaces}}\n{{/yes}}",
        "{{#stream}}\n{{#sub}}\n  {{w}} {{v}} {{t.x}}\n{{/sub}}\n{{#inner}}never{{/inner}}{{^inner}}no inner{{/inner}}\n{{/stream}}\nafter\n",
        "x {{#stream}}{{v}} {{/stream}}\n  {{#stream}}\n  {{/stream}}\n",
        "{{> part}}\n {{> part}} tail\n{{>absent}}|\n",
        "{{#upper}}in {{v}}{{/upper}} {{upper}} {{{upper}}}\n{{#list}}  {{#upper}}{{v}}{{/upper}}\n{{/list}}",
        "{{}}{{ }}{{missing}}{{missing.deep}}{{#missing}}x{{/missing}}{{#obj}}{{#b}}{{c}}{{a}}{{v}}{{/b}}{{/obj}}",
        "no tags at all\n  \n\n tail",
        "",
    };
    for (const auto& text : cases) {
        data plain = battery_data(false);
        data streamed = battery_data(true);
        data under = object{{"under", "U"}, {"t", object{{"z", "Z"}}}};
        std::string with_under = text + "{{under}}{{t.z}}";
        BOOST_TEST(compiled_render(with_under, plain, {&under}) == kainjow_render(with_under, plain, {&under}),
                   "case: " << text);
        BOOST_TEST(compiled_render(with_under, streamed, {&under}) == kainjow_render(with_under, streamed, {&under}),
                   "streamed case: " << text);
    }
}

BOOST_AUTO_TEST_CASE(a_broken_template_is_refused_with_kainjows_message) {
    for (const char* text : {"{{#open}}never closed", "{{/never}}", "{{v", "{{=<% =}}"}) {
        CompiledTemplate ours{text};
        kainjow::mustache::mustache theirs{text};
        BOOST_TEST(!ours.is_valid());
        BOOST_TEST(ours.error_message() == theirs.error_message());
    }
}

BOOST_AUTO_TEST_CASE(errors_in_a_render_are_reported_not_thrown) {
    data d = object{{"both", kainjow::mustache::lambda2{[](const std::string&, const kainjow::mustache::renderer&) {
                         return std::string("x");
                     }}},
                    {"bad_partial", "{{#open}}"}};
    std::string out;
    auto error_of = [&out](const CompiledTemplate& page, const data& values) {
        auto rendered = page.render(values, out);
        return rendered ? std::string() : rendered.error();
    };
    BOOST_TEST(error_of(CompiledTemplate{"{{both}}"}, d) == "Lambda with render argument is not allowed for regular variables");
    BOOST_TEST(error_of(CompiledTemplate{"{{> bad_partial}}"}, d) == "Unclosed section \"open\" at 0");
    BOOST_TEST(!CompiledTemplate{"{{#both}}x{{/both}}"}.render(d, out).ok());
    BOOST_TEST(CompiledTemplate{"{{v}}"}.render(object{{"v", "fine"}}, out).ok());
    // A value that includes itself as a partial (kainjow recursed until the stack ran out).
    data loop = object{{"me", "again {{> me}}"}};
    out.clear();
    BOOST_TEST(error_of(CompiledTemplate{"{{> me}}"}, loop) == "partial \"me\": nested deeper than 8");
}

// Every page of the shipped site, of the test site, and of the site in three
// languages (right to left among them), with its layout, both ways.
BOOST_AUTO_TEST_CASE(every_page_of_real_sites_renders_as_kainjow_renders_it) {
    for (const auto& content : {read_file(fixtures_dir / "seed-site.sql"), fixture_content(),
                                fixture_content() + read_file(fixtures_dir / "languages.sql")}) {
        TempDir dir;
        auto site = public_site(make_db(dir, content));
        int pages = 0;
        for (const auto& path : site_paths(*site)) {
            PageRef ref = page_ref(site_route(*site, path), *site);
            if (ref.template_name.empty()) continue;
            const Views& views = site->views(ref.language);
            const Catalogue& t = site->strings(ref.language);
            data page = ref.kind == RouteKind::home ? *views.home(t) : page_data(ref, views, t);
            LayoutFields layout = layout_for(ref, views, t, default_base_url);
            data language = language_data(layout);
            const std::string& source = site->templates->expanded().at(std::string(ref.template_name));
            std::string content_html = compiled_render(source, page, {&t.data(), &language});
            BOOST_TEST(content_html == kainjow_render(source, page, {&t.data(), &language}), "page " << path);
            data around = layout_data(layout, t);
            around.set("content", content_html);
            const std::string& layout_source = site->templates->expanded().at("layout");
            BOOST_TEST(compiled_render(layout_source, around, {&t.data(), &language}) ==
                           kainjow_render(layout_source, around, {&t.data(), &language}),
                       "layout of " << path);
            ++pages;
        }
        BOOST_TEST(pages > 10);
    }
}

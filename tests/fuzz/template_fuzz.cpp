// Fuzzes template loading: the input replaces layout.mustache in a private
// copy of templates/. Templates::load must refuse a broken set with Error;
// templates.hpp promises that what it accepts "never reaches a visitor"
// broken, so a set that loads but fails to render home is a finding too,
// and so is a layout our renderer writes differently from kainjow's own
// (compiled_template.hpp: the same bytes).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>

#include "base/error.hpp"
#include "fuzz_support.hpp"
#include "render/template/templates.hpp"
#include "render/views/renderer.hpp"
#include "site/site.hpp"

using namespace vitae;
using namespace vitae::fuzz;

namespace {

fs::path templates_dir;
std::shared_ptr<const LoadedContent> content;

std::size_t count(std::string_view text, std::string_view what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string_view::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

// Sections nest multiplicatively ({{#nav}} has two items, and {{{content}}} is
// ~20 KB), so a few hundred bytes could ask for gigabytes of output: a template
// author's problem, not a bug. Such inputs are only loaded, not rendered.
bool cheap_to_render(std::string_view layout) {
    if (layout.find("{{=") != std::string_view::npos) return false;  // new delimiters hide the sections
    return count(layout, "{{#") + count(layout, "{{^") <= 6;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    templates_dir = copy_templates("templates");
    try {
        content = load_content_version(build_shipped_db().string());
    } catch (const std::exception& e) {
        setup_failed(std::string("load the shipped content: ") + e.what());
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view layout(reinterpret_cast<const char*>(data), size);
    write_file(templates_dir / "layout.mustache", layout);
    std::shared_ptr<const Templates> templates;
    try {
        templates = Templates::load(templates_dir);
    } catch (const Error&) {
        return 0;  // refused, naming the file
    }
    VITAE_FUZZ_CHECK(templates->pages().size() == std::size(required_templates));
    if (!cheap_to_render(layout)) return 0;
    const Views& views = content->views();
    const Catalogue& t = templates->catalogues().english();
    LayoutFields fields{views.site_name, views.home_description, "/"};
    std::string home;
    try {
        home = render_in_layout(*templates, "home", home_data(views, t), fields, t);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "template_fuzz: accepted layout fails to render home: %s\n", e.what());
        __builtin_trap();
    }
    // The layout alone, both ways, around a fixed content.
    const std::string& source = templates->expanded().at("layout");
    kainjow::mustache::data around = layout_data(fields, t);
    around.set("content", std::string("<p>content</p>\n"));
    kainjow::mustache::data language = language_data(fields);
    std::string ours;
    VITAE_FUZZ_CHECK(templates->pages().at("layout").render(around, ours, {&t.data(), &language}).ok());
    kainjow::mustache::mustache theirs_template{source};
    kainjow::mustache::context<std::string> context;
    context.push(&t.data());
    context.push(&language);
    context.push(&around);
    std::string theirs = theirs_template.render(context);
    if (theirs_template.is_valid() && ours != theirs) {
        std::fprintf(stderr, "template_fuzz: our render differs from kainjow's\n--- ours\n%s\n--- kainjow\n%s\n",
                     ours.c_str(), theirs.c_str());
        __builtin_trap();
    }
    return 0;
}

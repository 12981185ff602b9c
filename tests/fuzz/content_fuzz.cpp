// Fuzzes the content loader: the input is a whole database file. A file the
// worker cannot use must be refused with Error (the reload then keeps the
// last good site); anything else escaping, a crash or a sanitizer report is a
// finding. A file that loads is rendered, every page of it (pages.hpp, as
// PageSource does) with the shipped templates, since production would serve it next.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>

#include "base/error.hpp"
#include "fuzz_support.hpp"
#include "http/router.hpp"
#include "render/template/templates.hpp"
#include "render/views/renderer.hpp"
#include "site/page_inputs.hpp"
#include "site/pages.hpp"
#include "site/site.hpp"

using namespace vitae;
using namespace vitae::fuzz;

namespace {

fs::path db_path;
std::shared_ptr<const Templates> templates;

// Each input starts from a clean directory: no journal or WAL from an earlier one.
void remove_side_files() {
    std::error_code ec;
    for (const char* suffix : {"-journal", "-wal", "-shm"}) fs::remove(db_path.string() + suffix, ec);
}

constexpr std::string_view base_url = "https://example.org";

// Every path the content says it serves must route to a 200 page and render.
void render_all(const std::shared_ptr<const LoadedContent>& content) {
    Site site;
    site.content = content;
    site.templates = templates;
    site.stamps = first_stamps(site);
    auto paths = site_paths(site);
    paths.emplace_back("/no/such/page");
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const std::string& path = paths[i];
        PageRef ref = page_ref(site_route(site, path), site);
        int expected = i + 1 < paths.size() ? 200 : 404;
        // A slug with a NUL byte used to load and 404 (tests/fuzz/crashes/
        // content-nul-in-slug.*); the loader now refuses any text with a NUL.
        if (ref.status != expected) {
            std::fprintf(stderr, "content_fuzz: \"%s\" answers %d\n", path.c_str(), ref.status);
            VITAE_FUZZ_CHECK(ref.status == expected);
        }
        (void)page_stamp(ref, site);  // every page's inputs are found, whatever the content
        if (!ref.template_name.empty()) {
            const Views& views = site.views(ref.language);
            const Catalogue& t = site.strings(ref.language);
            render_in_layout(*templates, ref.template_name, page_data(ref, views, t), layout_for(ref, views, t, base_url), t);
        }
        else if (ref.kind != RouteKind::cv_pdf)  // typeset by vitae-cv-pdf, a program of its own (a child per input: not fuzzed here)
            (void)generated_body(ref, site, base_url);
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    db_path = WorkDir::path() / "fuzz.db";
    try {
        templates = Templates::load(copy_templates("templates"));
    } catch (const std::exception& e) {
        setup_failed(std::string("load the shipped templates: ") + e.what());
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    remove_side_files();
    write_file(db_path, {reinterpret_cast<const char*>(data), size});
    std::shared_ptr<const LoadedContent> content;
    try {
        content = load_content_version(db_path.string());
    } catch (const Error&) {
        return 0;  // refused, naming the file: what the worker should do
    }
    VITAE_FUZZ_CHECK(content != nullptr);
    VITAE_FUZZ_CHECK(content->views().post_index.size() <= content->content().posts.size());  // by slug: duplicates collapse
    try {
        render_all(content);
    } catch (const std::exception& e) {
        // Loaded content that cannot be rendered would be published and then answer 500.
        std::fprintf(stderr, "content_fuzz: loaded content fails to render: %s\n", e.what());
        __builtin_trap();
    }
    return 0;
}

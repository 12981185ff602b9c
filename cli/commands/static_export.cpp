#include "cli/commands/static_export.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "http/static_files.hpp"
#include "site/page_source.hpp"
#include "site/pages.hpp"

namespace vitae::cli {

namespace {

// The router's own way to reach the not-found page: no route has this path.
constexpr std::string_view not_found_probe = "/__not_found__";

}  // namespace

std::vector<ExportedPage> export_site(const std::string& db_path, const std::filesystem::path& templates_dir,
                                      const std::filesystem::path& out_dir, const std::string& base_url) {
    auto site = load_site({db_path, templates_dir}, 1);
    PageCache cache(0, 0);  // each page is rendered once, written, and let go
    PageSource pages(cache, base_url);
    StaticTree tree(out_dir, Durability::fsync);

    std::vector<ExportedPage> exported;
    for (const auto& path : site_paths(*site)) {
        auto page = pages.render_page(*site, page_ref(site_route(*site, path), *site));
        if (page->status != 200)
            throw Error("export " + in_quotes(path) + ": rendered with status " + std::to_string(page->status));
        exported.push_back({path, file_for_path(path), !page->gzip.empty()});
        tree.write(exported.back().file, page->body, page->gzip);
    }
    auto not_found = pages.render_page(*site, page_ref(site_route(*site, not_found_probe), *site));
    exported.push_back({"", "404.html", !not_found->gzip.empty()});
    tree.write(exported.back().file, not_found->body, not_found->gzip);
    return exported;
}

}  // namespace vitae::cli

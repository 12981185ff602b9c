// `vitae export`: every page the worker serves, rendered by the worker's own
// PageSource, written as static files with a .gz beside each for nginx's
// gzip_static, in the layout and through the atomic writer of
// core/http/static_files (the fast path's too): /a/b -> a/b/index.html; the
// not-found page goes to 404.html. Files are fsynced before they replace the
// old ones and never written outside OUTDIR, even through a symlink inside it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace vitae::cli {

struct ExportedPage {
    std::string url_path;        // "/blog/", or "" for the 404 page
    std::filesystem::path file;  // relative to OUTDIR; the .gz is file + ".gz"
    bool gzip = true;            // false: small, written without a .gz
};

// `base_url` is what absolute URLs (canonical, feed, sitemap) start with.
std::vector<ExportedPage> export_site(const std::string& db_path, const std::filesystem::path& templates_dir,
                                      const std::filesystem::path& out_dir, const std::string& base_url);

}  // namespace vitae::cli

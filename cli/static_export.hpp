// `vitae export`: every page the worker serves, rendered by the worker's own
// Handler, written as static files with a .gz beside each for nginx's
// gzip_static. A page for URL path P goes to P/index.html (P ending in '/'
// gives P + index.html), which `try_files $uri $uri/index.html` serves;
// the not-found page goes to 404.html. Files are replaced atomically and
// never written outside OUTDIR, even through a symlink inside it.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace vitae::cli {

// "/" -> "index.html", "/blog/" -> "blog/index.html", "/blog/x" ->
// "blog/x/index.html", "/publications/x.bib" -> "publications/x.bib". Throws Error for a path with other characters than
// [a-z0-9-/], or with an empty, "." or ".." segment.
std::filesystem::path file_for_path(std::string_view url_path);

struct ExportedPage {
    std::string url_path;        // "/blog/", or "" for the 404 page
    std::filesystem::path file;  // relative to OUTDIR; the .gz is file + ".gz"
};

// `base_url` is what absolute URLs (canonical, feed, sitemap) start with.
std::vector<ExportedPage> export_site(const std::string& db_path, const std::filesystem::path& templates_dir,
                                      const std::filesystem::path& out_dir, const std::string& base_url);

}  // namespace vitae::cli

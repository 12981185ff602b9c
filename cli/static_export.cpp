#include "static_export.hpp"

#include "atomic_file.hpp"
#include "cli_error.hpp"
#include "gzip.hpp"
#include "handler.hpp"
#include "log.hpp"

namespace vitae::cli {

namespace {

namespace fs = std::filesystem;

// Each page is rendered once and written; the cache only has to hold one.
constexpr std::size_t export_cache_bytes = 16 * 1024 * 1024;
constexpr std::size_t export_cache_entries = 16;

// The router's own way to reach the not-found page: no route has this path.
constexpr std::string_view not_found_probe = "/__not_found__";

bool is_segment(std::string_view s) {
    if (s.empty() || s == "." || s == "..") return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

// "causalmesh.bib", "feed.xml": a name, one dot, an extension; such a file is
// written as it is named, as nginx's `try_files $uri` finds it.
bool is_file_name(std::string_view s) {
    auto dot = s.find('.');
    return dot != std::string_view::npos && dot > 0 && is_segment(s.substr(0, dot)) && is_segment(s.substr(dot + 1));
}

// Creates root/relative one directory at a time, refusing a symlink on the
// way, so nothing is created or written outside root. A symlink at the file
// itself is harmless: rename() replaces the link, not its target.
fs::path directory_inside(const fs::path& root, const fs::path& relative) {
    fs::path dir = root;
    for (const auto& segment : relative) {
        dir /= segment;
        auto status = fs::symlink_status(dir);
        if (fs::is_symlink(status))
            throw Error("export " + in_quotes(dir.string()) + ": is a symlink; refusing to write through it");
        if (!fs::exists(status))
            fs::create_directory(dir);
        else if (!fs::is_directory(status))
            throw Error("export " + in_quotes(dir.string()) + ": not a directory");
    }
    return dir;
}

void write_page(const fs::path& root, const fs::path& file, std::string_view body) {
    fs::path target = directory_inside(root, file.parent_path()) / file.filename();
    write_file_atomically(target, body);
    write_file_atomically(target.string() + ".gz", gzip_compress(body));
}

}  // namespace

fs::path file_for_path(std::string_view url_path) {
    if (!url_path.starts_with('/')) throw Error("export: path " + in_quotes(url_path) + " does not start with '/'");
    fs::path file;
    std::string_view rest = url_path.substr(1);
    while (!rest.empty()) {
        auto slash = rest.find('/');
        std::string_view segment = rest.substr(0, slash);
        if (slash == std::string_view::npos && is_file_name(segment)) return file / std::string(segment);
        if (!is_segment(segment)) throw Error("export: refusing path " + in_quotes(url_path) + " (unsafe segment)");
        file /= std::string(segment);
        rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    }
    return file / "index.html";
}

std::vector<ExportedPage> export_site(const std::string& db_path, const fs::path& templates_dir,
                                      const fs::path& out_dir, const std::string& base_url) {
    SiteHolder sites({db_path, templates_dir});
    PageCache cache(export_cache_bytes, export_cache_entries);
    Handler handler(sites, cache);
    handler.set_base_url(base_url);
    PageRenderer renderer;

    fs::create_directories(out_dir);
    const fs::path root = fs::canonical(out_dir);
    std::vector<ExportedPage> pages;
    bool hit = false;
    for (const auto& path : site_paths(*sites.current())) {
        auto page = handler.page_for(path, renderer, hit);
        if (page->status != 200)
            throw Error("export " + in_quotes(path) + ": rendered with status " + std::to_string(page->status));
        pages.push_back({path, file_for_path(path)});
        write_page(root, pages.back().file, page->body);
    }
    auto not_found = handler.page_for(not_found_probe, renderer, hit);
    pages.push_back({"", "404.html"});
    write_page(root, pages.back().file, not_found->body);
    return pages;
}

}  // namespace vitae::cli

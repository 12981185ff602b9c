#include "cli/commands/override_commands.hpp"


#include "base/error.hpp"
#include "base/read_file.hpp"
#include "base/log.hpp"
#include "http/static_files.hpp"
#include "render/template/override_header.hpp"
#include "store/rows/file_store.hpp"

namespace vitae::cli {

namespace {

namespace fs = std::filesystem;

// One path segment: nothing that leads out of the directory it names a file in.
bool plain_segment(const std::string& name) {
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos &&
           name.find('\0') == std::string::npos;
}


}  // namespace

fs::path make_override(const fs::path& sites_dir, const std::string& site_name, const std::string& template_name,
                       const fs::path& templates_dir) {
    if (!plain_segment(site_name)) throw UsageError("site override: " + in_quotes(site_name) + " is not a site name");
    if (!plain_segment(template_name) || !template_name.ends_with(".mustache") || template_name == ".mustache")
        throw UsageError("site override: " + in_quotes(template_name) +
                         " is not a template file name (a page or partial: layout.mustache, publication.mustache)");
    std::error_code ec;
    fs::path site = sites_dir / site_name;
    if (!fs::is_directory(site, ec)) throw UsageError("site override: no site " + in_quotes(site.string()));
    fs::path shared = templates_dir / template_name;
    if (!fs::is_regular_file(shared, ec))
        throw UsageError("site override: the shared templates " + in_quotes(templates_dir.string()) + " have no " +
                         in_quotes(template_name));
    fs::path dir = site / "templates";
    fs::path target = dir / template_name;
    if (fs::exists(fs::symlink_status(target, ec)))
        throw Error("site override: " + in_quotes(target.string()) +
                    " exists already (edit it, or remove it to copy the shared one again)");
    std::string bytes = read_whole_file(shared);
    if (!fs::is_directory(dir, ec) && !fs::create_directory(dir, ec) && ec)
        throw Error("site override: mkdir " + in_quotes(dir.string()) + ": " + ec.message());
    std::string header = override_header({.name = template_name, .sha256 = sha256_hex(bytes)});
    write_file_atomically(target, header + bytes, Durability::fsync);
    return target;
}

int run_site_override(const Args& args, std::ostream& out) {
    auto target = make_override(args.positional[0], args.positional[1], args.positional[2], args.get("--templates"));
    out << "copied " << (fs::path(args.get("--templates")) / args.positional[2]).string() << " to " << target.string()
        << "; edit it there (vitae check DB TEMPLATES --overrides " << target.parent_path().string()
        << " tells when the shared one changes)\n";
    return 0;
}

}  // namespace vitae::cli

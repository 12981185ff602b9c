#include "cli/commands/site_commands.hpp"

#include <algorithm>
#include <vector>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/registry/registry.hpp"
#include "store/registry/registry_writer.hpp"
#include "store/registry/site_setup.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

bool is_there(const fs::path& path) {
    std::error_code ec;
    return fs::exists(fs::symlink_status(path, ec));
}

std::vector<std::string> hosts_of(const Args& args) {
    std::vector<std::string> hosts;
    for (const auto& host : args.get_all("--host")) hosts.push_back(lower_case_host(host));
    return hosts;
}

const RegisteredSite& existing(std::string_view command, const Registry& registry, std::string_view name) {
    const RegisteredSite* site = registry.find(name);
    if (!site)
        throw UsageError(std::string(command) + ": no site " + in_quotes(name) + " in " +
                         registry_path(registry.dir).string() + " (vitae site ls " + registry.dir.string() + ")");
    return *site;
}

}  // namespace

int run_site_add(const Args& args, std::ostream& out) {
    const fs::path sites_dir = args.positional[0];
    RegisteredSite site{.name = args.positional[1],
                        .hosts = hosts_of(args),
                        .prefix = args.has("--prefix") ? whole_prefix(args.get("--prefix")) : "/",
                        .owner_name = args.get("--name"),
                        .group = args.get("--group"),
                        .home = args.has("--home")};
    for (const auto& line : set_up_site("site add", sites_dir, site)) out << line << "\n";
    out << "added site " << site.name << " at " << where(site) << (site.home ? ", the home site" : "") << "\n";
    return 0;
}

int run_site_ls(const Args& args, std::ostream& out) {
    const fs::path sites_dir = args.positional[0];
    auto registry = read_registry(sites_dir);
    std::vector<std::vector<std::string>> rows{{"NAME", "HOSTS", "PREFIX", "GROUP", "HOME", "SITE.DB"}};
    for (const auto& s : registry.sites) {
        std::string hosts;
        for (const auto& h : s.hosts) hosts += (hosts.empty() ? "" : ",") + h;
        rows.push_back({s.name, hosts, s.prefix, s.group.empty() ? "-" : s.group, s.home ? "home" : "-",
                        fs::is_regular_file(site_db_path(sites_dir, s.name)) ? "yes" : "missing"});
    }
    std::vector<std::size_t> width(rows[0].size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            line += row[i];
            if (i + 1 < row.size()) line += std::string(width[i] - row[i].size() + 2, ' ');
        }
        out << line << "\n";
    }
    return 0;
}

int run_site_rm(const Args& args, std::ostream& out) {
    const fs::path sites_dir = args.positional[0];
    const std::string& name = args.positional[1];
    existing("site rm", read_registry(sites_dir), name);
    remove_registered_site(sites_dir, name);
    const std::string folder = site_dir(sites_dir, name).string();
    out << "removed site " << name << " from " << registry_path(sites_dir).string() << "\n"
        << "kept " << folder << " (vitae never deletes a person's content); to delete it: rm -r " << folder << "\n";
    return 0;
}

int run_site_set(const Args& args, std::ostream& out) {
    const fs::path sites_dir = args.positional[0];
    const std::string& name = args.positional[1];
    if (args.has("--home") && args.has("--no-home")) throw UsageError("site set: give --home or --no-home, not both");
    if (!args.has("--host") && !args.has("--prefix") && !args.has("--name") && !args.has("--group") &&
        !args.has("--home") && !args.has("--no-home"))
        throw UsageError("site set: nothing to change (give --host, --prefix, --name, --group, --home or --no-home)");
    auto registry = read_registry(sites_dir);
    RegisteredSite next = existing("site set", registry, name);  // the whole entry, then what changes
    if (args.has("--host")) next.hosts = hosts_of(args);
    if (args.has("--prefix")) next.prefix = whole_prefix(args.get("--prefix"));
    if (args.has("--name")) next.owner_name = args.get("--name");
    if (args.has("--group")) next.group = args.get("--group");
    if (args.has("--home") || args.has("--no-home")) next.home = args.has("--home");
    refuse_unless_fine("site set", registry, next, name);
    replace_registered_site(sites_dir, name, next);
    out << "updated site " << name << ": at " << where(next) << (next.home ? ", the home site" : "") << "\n";
    return 0;
}

int run_site_rename(const Args& args, std::ostream& out) {
    const fs::path sites_dir = args.positional[0];
    const std::string &name = args.positional[1], &new_name = args.positional[2];
    auto registry = read_registry(sites_dir);
    RegisteredSite next = existing("site rename", registry, name);
    next.name = new_name;
    refuse_unless_fine("site rename", registry, next, name);
    const fs::path from = site_dir(sites_dir, name), to = site_dir(sites_dir, new_name);
    if (is_there(to)) throw UsageError("site rename: " + in_quotes(to.string()) + " exists; move it away first");
    bool moved = is_there(from);
    if (moved) fs::rename(from, to);
    try {
        replace_registered_site(sites_dir, name, next);
    } catch (...) {
        if (moved) fs::rename(to, from);  // the entry still names the old folder
        throw;
    }
    out << "renamed site " << name << " to " << new_name << (moved ? " (and its folder " + to.string() + ")" : "")
        << "\n";
    if (!moved) out << "note: " << from.string() << " did not exist; the registry entry alone was renamed\n";
    return 0;
}

}  // namespace vitae::cli

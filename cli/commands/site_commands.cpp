#include "cli/commands/site_commands.hpp"

#include <algorithm>
#include <vector>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/registry/registry.hpp"
#include "store/registry/registry_writer.hpp"
#include "store/rows/content_store.hpp"
#include "store/schema/schema.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// What `add` made, removed again (last first) unless kept: only those paths,
// each one alone (a file, or a directory that is empty again), never a tree.
class Undo {
public:
    Undo() = default;
    Undo(const Undo&) = delete;
    Undo& operator=(const Undo&) = delete;
    ~Undo() {
        if (kept_) return;
        for (auto it = made_.rbegin(); it != made_.rend(); ++it) {
            std::error_code ec;
            fs::remove(*it, ec);
            if (ec) log_warning("site add: could not remove " + in_quotes(it->string()) + ": " + ec.message());
        }
    }
    void made(fs::path path) { made_.push_back(std::move(path)); }
    void keep() { kept_ = true; }

private:
    std::vector<fs::path> made_;
    bool kept_ = false;
};

bool is_there(const fs::path& path) {
    std::error_code ec;
    return fs::exists(fs::symlink_status(path, ec));
}

Registry registry_or_empty(const fs::path& sites_dir) {
    return is_sites_dir(sites_dir) ? read_registry(sites_dir) : Registry{.dir = sites_dir, .sites = {}};
}

std::vector<std::string> hosts_of(const Args& args) {
    std::vector<std::string> hosts;
    for (const auto& host : args.get_all("--host")) hosts.push_back(lower_case_host(host));
    return hosts;
}

// "carol.example.edu/~carol/ (also www.carol.example.edu)"
std::string where(const RegisteredSite& site) {
    std::string text = site.hosts.empty() ? "(no host)" : site.hosts[0] + site.prefix;
    for (std::size_t i = 1; i < site.hosts.size(); ++i) text += (i == 1 ? " (also " : ", ") + site.hosts[i];
    return text + (site.hosts.size() > 1 ? ")" : "");
}

// Refused before anything is made: the reasons registry writes would give.
void refuse_unless_fine(std::string_view command, const Registry& registry, const RegisteredSite& site,
                        std::string_view replaced) {
    auto problem = site_problem(site);
    if (!problem && site.name != replaced && registry.find(site.name))
        problem = "site name " + in_quotes(site.name) + " is taken";
    if (!problem) {
        Registry others = registry;
        std::erase_if(others.sites, [replaced](const RegisteredSite& s) { return s.name == replaced; });
        problem = registry_conflict(others, site);
    }
    if (problem) throw UsageError(std::string(command) + ": " + *problem);
}

const RegisteredSite& existing(std::string_view command, const Registry& registry, std::string_view name) {
    const RegisteredSite* site = registry.find(name);
    if (!site)
        throw UsageError(std::string(command) + ": no site " + in_quotes(name) + " in " +
                         registry_path(registry.dir).string() + " (vitae site ls " + registry.dir.string() + ")");
    return *site;
}

// SITES/NAME/site.db: made as `vitae init DB --name` makes one, or one
// already there (an imported site) adopted once the worker's checks pass.
void make_or_adopt_db(const fs::path& sites_dir, const RegisteredSite& site, Undo& undo, std::ostream& out) {
    const fs::path dir = site_dir(sites_dir, site.name);
    const fs::path db = site_db_path(sites_dir, site.name);
    if (!is_there(dir)) {
        std::error_code ec;
        if (!fs::create_directory(dir, ec)) throw Error("site add: create " + in_quotes(dir.string()) + ": " + ec.message());
        undo.made(dir);
    }
    if (is_there(db)) {
        check_database(Db::open(db.string(), OpenMode::read_only));
        out << "adopted " << db.string() << " as it is (an existing Vitae database"
            << (site.owner_name.empty() ? "" : "; --name is the registry's only, its profile is unchanged") << ")\n";
        return;
    }
    // A site serves from its first request: without --name its profile is named after the site for now.
    init_database(db.string(), site.owner_name.empty() ? site.name : site.owner_name);
    undo.made(db);
    out << "created " << db.string() << " (schema version " << latest_version() << ")\n";
    if (site.owner_name.empty())
        out << "note: its owner is called " << in_quotes(site.name)
            << " until the profile says otherwise (--name when adding; docs/cli.md, \"Profile\")\n";
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
    refuse_unless_fine("site add", registry_or_empty(sites_dir), site, "");
    Undo undo;
    if (!is_there(sites_dir)) undo.made(sites_dir);
    if (create_registry(sites_dir)) {
        undo.made(registry_path(sites_dir));
        out << "created " << registry_path(sites_dir).string() << "\n";
    }
    make_or_adopt_db(sites_dir, site, undo, out);
    add_registered_site(sites_dir, site);
    undo.keep();
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

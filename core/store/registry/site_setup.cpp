#include "store/registry/site_setup.hpp"

#include <algorithm>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/registry/registry_writer.hpp"
#include "store/rows/content_store.hpp"
#include "store/schema/schema.hpp"

namespace vitae {

namespace fs = std::filesystem;

namespace {

// What set_up_site made, removed again (last first) unless kept: only those
// paths, each one alone (a file, or a directory that is empty again), never a tree.
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

// What is made takes the mode of its model whatever the process's umask:
// the folder SITES's (its setgid bit too, so the group follows), the
// database the registry's. As root with SITES 0755 and a 0644 registry that
// is the layout docs/operations.md describes; for vitae-admin (UMask=0007)
// with SITES 2775 and a 0664 registry the editor can write the new site and
// the worker, reading as "other", can still read it.
void take_mode_of(std::string_view command, const fs::path& made, const fs::path& model) {
    std::error_code ec;
    auto perms = fs::status(model, ec).permissions();
    if (!ec) fs::permissions(made, perms & (fs::perms::mask | fs::perms::set_gid), fs::perm_options::replace, ec);
    if (ec) throw Error(std::string(command) + ": mode of " + in_quotes(made.string()) + " from " + in_quotes(model.string()) + ": " + ec.message());
}

void make_or_adopt_db(std::string_view command, const fs::path& sites_dir, const RegisteredSite& site, Undo& undo,
                      std::vector<std::string>& report) {
    const fs::path dir = site_dir(sites_dir, site.name);
    const fs::path db = site_db_path(sites_dir, site.name);
    if (!is_there(dir)) {
        std::error_code ec;
        if (!fs::create_directory(dir, ec))
            throw Error(std::string(command) + ": create " + in_quotes(dir.string()) + ": " + ec.message());
        undo.made(dir);
        take_mode_of(command, dir, sites_dir);
    }
    if (is_there(db)) {
        check_database(Db::open(db.string(), OpenMode::read_only));
        report.push_back("adopted " + db.string() + " as it is (an existing Vitae database" +
                         (site.owner_name.empty() ? "" : "; the owner's name is the registry's only, its profile is unchanged") + ")");
        return;
    }
    // A site serves from its first request: without an owner's name its profile is named after the site for now.
    init_database(db.string(), site.owner_name.empty() ? site.name : site.owner_name);
    undo.made(db);
    take_mode_of(command, db, registry_path(sites_dir));
    report.push_back("created " + db.string() + " (schema version " + std::to_string(latest_version()) + ")");
    if (site.owner_name.empty())
        report.push_back("note: its owner is called " + in_quotes(site.name) +
                         " until the profile says otherwise (--name when adding; docs/cli.md, \"Profile\")");
}

}  // namespace

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

Registry registry_or_empty(const fs::path& sites_dir) {
    return is_sites_dir(sites_dir) ? read_registry(sites_dir) : Registry{.dir = sites_dir, .sites = {}};
}

std::vector<std::string> set_up_site(std::string_view command, const fs::path& sites_dir, const RegisteredSite& site) {
    refuse_unless_fine(command, registry_or_empty(sites_dir), site, "");
    std::vector<std::string> report;
    Undo undo;
    if (!is_there(sites_dir)) undo.made(sites_dir);
    if (create_registry(sites_dir)) {
        undo.made(registry_path(sites_dir));
        report.push_back("created " + registry_path(sites_dir).string());
    }
    make_or_adopt_db(command, sites_dir, site, undo, report);
    add_registered_site(sites_dir, site);
    undo.keep();
    return report;
}

std::string where(const RegisteredSite& site) {
    std::string text = site.hosts.empty() ? "(no host)" : site.hosts[0] + site.prefix;
    for (std::size_t i = 1; i < site.hosts.size(); ++i) text += (i == 1 ? " (also " : ", ") + site.hosts[i];
    return text + (site.hosts.size() > 1 ? ")" : "");
}

}  // namespace vitae

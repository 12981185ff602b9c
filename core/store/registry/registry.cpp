// Reading the registry: paths inside SITES, and read_registry, which opens
// registry.db read-only (a rollback-journal file needs no -shm, so a worker
// without write access to SITES reads it), reads every row inside one read
// transaction and checks each as `vitae site` would have, so a hand edit that
// breaks a rule is an error naming the file rather than a site answering
// somewhere odd.
#include "store/registry/registry.hpp"

#include <algorithm>
#include <map>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/registry/registry_schema.hpp"
#include "store/registry/registry_writer.hpp"
#include "store/sql/sql_text.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

namespace fs = std::filesystem;

const RegisteredSite* Registry::find(std::string_view name) const {
    auto it = std::find_if(sites.begin(), sites.end(), [name](const RegisteredSite& s) { return s.name == name; });
    return it == sites.end() ? nullptr : &*it;
}

const RegisteredSite* Registry::home() const {
    auto it = std::find_if(sites.begin(), sites.end(), [](const RegisteredSite& s) { return s.home; });
    return it == sites.end() ? nullptr : &*it;
}

fs::path registry_path(const fs::path& sites_dir) { return sites_dir / "registry.db"; }
fs::path site_dir(const fs::path& sites_dir, std::string_view name) { return sites_dir / name; }
fs::path site_db_path(const fs::path& sites_dir, std::string_view name) { return site_dir(sites_dir, name) / "site.db"; }
fs::path site_templates_dir(const fs::path& sites_dir, std::string_view name) {
    return site_dir(sites_dir, name) / "templates";
}

bool is_sites_dir(const fs::path& dir) {
    std::error_code ec;
    return fs::is_directory(dir, ec) && fs::is_regular_file(registry_path(dir), ec);
}

namespace {

void check_registry_version(const Db& db) {
    auto version = db.user_version();
    const std::string file = in_quotes(db.path());
    if (db.pragma_int("application_id") != registry_application_id)
        throw Error("registry " + file + ": not a Vitae registry (another SQLite file; a site's database?)");
    if (version > registry_version)
        throw Error("registry " + file + ": version " + std::to_string(version) + " is newer than this vitae knows (" +
                    std::to_string(registry_version) + "); upgrade vitae");
    if (version < registry_version)
        throw Error("registry " + file + ": version " + std::to_string(version) + ", this vitae needs " +
                    std::to_string(registry_version) + "; run: vitae migrate " +
                    fs::path(db.path()).parent_path().string());
}

std::vector<RegisteredSite> read_sites(const Db& db) {
    std::vector<RegisteredSite> sites;
    auto rows = db.prepare("SELECT name, owner_name, prefix, grp, home FROM site ORDER BY name");
    while (rows.step())
        sites.push_back({.name = rows.text_at(0),
                         .hosts = {},
                         .prefix = rows.text_at(2),
                         .owner_name = rows.text_at(1),
                         .group = rows.text_at(3),
                         .home = rows.int_at(4) != 0});
    std::map<std::string, RegisteredSite*, std::less<>> by_name;
    for (auto& s : sites) by_name[s.name] = &s;
    auto hosts = db.prepare("SELECT site, host FROM site_host ORDER BY site, position");
    while (hosts.step()) {
        auto it = by_name.find(hosts.text_at(0));
        if (it != by_name.end()) it->second->hosts.push_back(hosts.text_at(1));  // the foreign key makes this always so
    }
    return sites;
}

}  // namespace

// Every rule `vitae site` applies, again: the file may have been edited by hand.
void check_registry_rows(const Registry& registry, const std::string& file) {
    if (auto problem = registry_problem(registry)) throw Error("registry " + in_quotes(file) + ": " + *problem);
}

Registry read_registry_rows(const Db& db, const fs::path& sites_dir) {
    check_registry_version(db);
    return {.dir = sites_dir, .sites = read_sites(db)};
}

Registry read_registry(const fs::path& sites_dir) {
    const fs::path path = registry_path(sites_dir);
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        throw Error("registry " + in_quotes(path.string()) +
                    ": no such file (make one with: vitae site add " + sites_dir.string() + " NAME --host HOST)");
    auto db = Db::open(path.string(), OpenMode::read_only);
    Registry registry;
    {
        Transaction snapshot(db, Transaction::Mode::read);
        registry = read_registry_rows(db, sites_dir);
    }
    check_registry_rows(registry, path.string());
    return registry;
}

}  // namespace vitae

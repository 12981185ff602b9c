// `vitae migrate|backup|check SITES`: the one-database commands once per
// site of a directory of sites, and for the registry's own file. A site that
// fails is reported on its line and the rest go on: one person's damaged
// database must not stop everyone else's upgrade or backup.
#include <chrono>
#include <functional>
#include <sstream>

#include "base/error.hpp"
#include "base/log.hpp"
#include "cli/commands/check.hpp"
#include "cli/commands/site_commands.hpp"
#include "store/registry/registry.hpp"
#include "store/registry/registry_writer.hpp"
#include "store/schema/backup.hpp"
#include "store/schema/schema.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// Runs `one` for every site of the registry, each line it returns prefixed
// with the site's name; a throw is that site's error line. Throws Error at
// the end when any failed.
int each_site(std::string_view command, const Registry& registry, std::ostream& out,
              const std::function<std::string(const RegisteredSite&)>& one) {
    std::size_t failed = 0;
    for (const auto& site : registry.sites) {
        std::string report;
        try {
            report = one(site);
        } catch (const std::exception& e) {
            report = std::string("error: ") + e.what();
            ++failed;
        }
        std::istringstream lines(report);
        for (std::string line; std::getline(lines, line);) out << site.name << ": " << line << "\n";
    }
    if (failed > 0)
        throw Error(std::string(command) + " " + in_quotes(registry.dir.string()) + ": " + std::to_string(failed) +
                    " of " + std::to_string(registry.sites.size()) + " sites failed (each named above); the others are done");
    return 0;
}

}  // namespace

int migrate_sites(const fs::path& sites_dir, std::ostream& out) {
    auto upgrade = migrate_registry(sites_dir);
    out << "registry: " << (upgrade.from == upgrade.to ? "already at version " + std::to_string(upgrade.to)
                                                         : "migrated from version " + std::to_string(upgrade.from) +
                                                               " to " + std::to_string(upgrade.to))
        << "\n";
    auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
    return each_site("migrate", read_registry(sites_dir), out, [&](const RegisteredSite& site) {
        auto db = site_db_path(sites_dir, site.name).string();
        auto result = migrate_database(db, now.count());
        if (result.backup_path.empty()) return "already at version " + std::to_string(result.to);
        return "migrated " + db + " from version " + std::to_string(result.from) + " to " + std::to_string(result.to) +
               " (backup: " + result.backup_path + ")";
    });
}

int backup_sites(const fs::path& sites_dir, const fs::path& dest, IfExists if_exists, std::ostream& out) {
    std::error_code ec;
    if (if_exists == IfExists::refuse && fs::exists(fs::symlink_status(dest, ec)))
        throw Error("backup " + in_quotes(dest.string()) + ": exists; refusing to write into it (--force replaces its copies)");
    auto registry = read_registry(sites_dir);  // a registry that cannot be read is not copied
    fs::create_directories(dest);
    backup_registry(sites_dir, registry_path(dest).string(), if_exists);
    out << "registry: backed up to " << registry_path(dest).string() << "\n";
    return each_site("backup", registry, out, [&](const RegisteredSite& site) {
        fs::create_directories(site_dir(dest, site.name));
        auto to = site_db_path(dest, site.name).string();
        backup_database(site_db_path(sites_dir, site.name).string(), to, if_exists);
        return "backed up to " + to;
    });
}

int check_sites(const fs::path& sites_dir, const std::optional<fs::path>& templates, bool accessibility, std::ostream& out) {
    auto registry = read_registry(sites_dir);
    out << "registry: ok: " << registry_path(sites_dir).string() << " (" << registry.sites.size() << " sites"
        << (registry.home() ? ", home " + registry.home()->name : "") << ")\n";
    std::size_t findings = 0;
    each_site("check", registry, out, [&](const RegisteredSite& site) {
        // With the shared templates, each site's own overrides too, when it has them.
        std::optional<fs::path> overrides;
        if (templates && fs::is_directory(site_templates_dir(sites_dir, site.name)))
            overrides = site_templates_dir(sites_dir, site.name);
        std::string db = site_db_path(sites_dir, site.name).string();
        std::string report = check_site(db, templates, overrides);
        if (!accessibility) return report;
        auto found = accessibility_report(db);
        findings += found.findings;
        return report + "\n" + found.lines;
    });
    return findings > 0 ? accessibility_findings_status : 0;
}

}  // namespace vitae::cli

// `vitae sync SITES`: each site of a registry, in name order, synced from
// the ids it remembers (`vitae set sync SITES/NAME/site.db orcid ID`), one
// line each on stdout ("carol: 12 known, 0 to update, 1 new ..."), its
// problems on stderr prefixed by its name. A site without ids is skipped
// and says so. Each site is its own transaction: one that fails leaves its
// database as it was and does not stop the others. Exit 0 when every site
// with ids synced fully, 3 when any failed or synced in part (the daily
// timer tries again), 1 when every site with ids failed.
#include <iostream>
#include <sstream>

#include "base/error.hpp"
#include "cli/sync/sync_command.hpp"
#include "store/registry/registry.hpp"

namespace vitae::cli {

int sync_sites(const std::string& sites_dir, const Args& args, std::ostream& out) {
    for (const char* option : {"--orcid", "--openalex", "--dblp", "--inspire", "--review"})
        if (args.has(option))
            throw UsageError(std::string("sync ") + sites_dir + ": " + option +
                             " names one site's account; give a site's database, or remember ids with `vitae set sync`");
    Registry registry = read_registry(sites_dir);
    int synced = 0, failed = 0, partial = 0;
    std::vector<std::pair<std::string, sync::SiteSync>> runs;
    for (const auto& site : registry.sites) {
        auto path = site_db_path(sites_dir, site.name);
        sync::SiteSync result;
        try {
            std::ostringstream works;  // the per-work lines: one site, one line here
            result = sync::sync_database(path.string(), args, {.options_give_ids = false, .label = site.name + ": "}, works, std::cerr);
        } catch (const std::exception& e) {  // a missing or unreadable site.db: this site fails, the others go on
            result = {.code = 1, .summary = e.what()};
        }
        out << site.name << ": " << result.summary << "\n";
        if (result.code == 1) ++failed;
        if (result.code == 3) ++partial;
        if (result.code == 0 || result.code == 3) ++synced;
        runs.emplace_back(site.name, std::move(result));
    }
    sync::write_sync_metrics(args, runs);
    sync::log_sync_runs(runs);
    if (failed + partial == 0) return 0;
    std::cerr << "vitae sync: " << sites_dir << ": " << failed << " site(s) failed, " << partial << " synced in part\n";
    return synced == 0 ? 1 : 3;
}

}  // namespace vitae::cli

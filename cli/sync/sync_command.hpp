// `vitae sync` and `vitae set sync`: fetch, merge, write in one transaction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>
#include <ostream>
#include <string>

#include "base/log.hpp"
#include "cli/args/args.hpp"

namespace vitae::cli {

int run_sync(const Args& args, std::ostream& out);
int run_set_sync(const Args& args, std::ostream& out);

namespace sync {

// One database's sync: 0 done, 1 no service answered (nothing written),
// 2 no ids to read (nothing done), 3 done in part (some services failed,
// each reported on `err`, the rest written).
struct SiteSync {
    int code = 0;
    std::string summary;      // one line: "2 known, 0 to update, 1 new ..." or why nothing was done
    std::size_t problems = 0;
    std::size_t known = 0, updated = 0, found = 0;  // works: the site's already, changed, new
};

// --metrics FILE: the runs' outcome in Prometheus' text format, for
// node_exporter's textfile collector (the worker's /_vitae/metrics counts
// requests; a sync is another process, run once a day). Written whole
// (temp + rename) after the run, failed runs included: the file is not the
// database, which a failed run leaves as it was.
std::string sync_metrics_text(const std::vector<std::pair<std::string, SiteSync>>& runs, std::int64_t now_unix);
void write_sync_metrics(const Args& args, const std::vector<std::pair<std::string, SiteSync>>& runs);

// Each run as a log event (docs/operations.md, "Log events"), for the
// journal of vitae-sync.service: `event=sync site=ann result=in_part
// problems=1 known=12 updated=2 new=1`; info when done or skipped, warning
// in part, err when no service answered.
LogEvent sync_event(const std::string& site, const SiteSync& run);
void log_sync_runs(const std::vector<std::pair<std::string, SiteSync>>& runs);

struct SyncScope {
    bool options_give_ids = false;  // --orcid ID ... apply (one site); a registry's sites use what each remembers
    std::string label;              // put before each problem line: "carol: "
};

// The works listed on `out`, problems on `err`; throws Error when the
// database cannot be opened or written.
SiteSync sync_database(const std::string& path, const Args& args, const SyncScope& scope, std::ostream& out,
                       std::ostream& err);

}  // namespace sync

// `vitae sync SITES`: every site of the registry that has ids, one line each.
int sync_sites(const std::string& sites_dir, const Args& args, std::ostream& out);

}  // namespace vitae::cli

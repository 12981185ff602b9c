// Keeps the loaded sites current without traffic: a thread watches each
// loaded site's database directory (and its templates) with inotify and
// brings that site up to date within milliseconds of a change. An idle
// process must not be left holding old content when the file is later
// replaced by a bad one (its "last good" site must be the newest good one).
// With --sites it also reads the registry again when it changes and unloads
// idle sites. With --publish, each new version of a site is handed to that
// site's publisher (the fast path); a site unloaded takes its published files
// with it, so nginx asks the worker again, which loads it. With --purge, each
// new version's changed surrogate keys go to the Purger; a site this process
// starts or stops following purges its own key, since a cache in front may
// hold its pages from before (a restart) or keep them while no process
// follows it (unloaded: idle behind the cache, edits would go unnoticed).
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "base/unique_fd.hpp"
#include "fcgi/metrics.hpp"
#include "fcgi/publisher.hpp"
#include "fcgi/purger.hpp"
#include "sites/site_set.hpp"

namespace vitae {

struct PublishTo {
    std::filesystem::path dir;  // --db: the pages; --sites: DIR/<host>[/<prefix>] per site
    WorkerMetrics* metrics = nullptr;
    int threads = 1;
};

class SiteFollower {
public:
    // `thread`: the follower's thread index in every loaded site. Without an
    // inotify watch it checks every 100 ms instead and logs a warning; with
    // publishing (the fast path needs prompt updates) that throws Error.
    // `purger`: none without --purge; else it outlives the follower.
    SiteFollower(SiteSet& sites, std::size_t thread, std::optional<PublishTo> publish, Purger* purger = nullptr);
    ~SiteFollower();

    // Removes what an earlier process published (before READY: nginx must
    // never serve an earlier run's pages).
    void clear_published();

    // The thread's body, until `stopping`.
    void run(const std::atomic<bool>& stopping);

private:
    struct Followed;
    void sync_followed(const std::atomic<bool>& stopping);
    void follow(Followed& followed, const std::atomic<bool>& stopping);
    void purge_changes(Followed& followed, const LoadedSite& site, const Site& version);
    std::unordered_set<int> drain_events();

    SiteSet& sites_;
    const std::size_t thread_;
    const std::optional<PublishTo> publish_;
    Purger* const purger_;
    UniqueFd watch_;  // inotify: each loaded site's directory, and the registry's
    std::unordered_map<std::string, std::unique_ptr<Followed>> followed_;  // by site name
};

}  // namespace vitae

// Keeps the loaded sites current without traffic: a thread watches each
// loaded site's database directory (and its templates) with inotify and
// brings that site up to date within milliseconds of a change. An idle
// process must not be left holding old content when the file is later
// replaced by a bad one (its "last good" site must be the newest good one).
// With --sites it also reads the registry again when it changes and unloads
// idle sites. With --publish, each new version of a site is handed to that
// site's publisher (the fast path); a site unloaded takes its published files
// with it, so nginx asks the worker again, which loads it.
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
#include "sites/site_set.hpp"

namespace vitae {

struct PublishTo {
    std::filesystem::path dir;  // --db: the pages; --sites: DIR/<host>[/<prefix>] per site
    WorkerMetrics* metrics = nullptr;
    int threads = 1;
};

class SiteFollower {
public:
    // `slot`: the follower's thread slot in every loaded site. Without an
    // inotify watch it checks every 100 ms instead and logs a warning; with
    // publishing (the fast path needs prompt updates) that throws Error.
    SiteFollower(SiteSet& sites, std::size_t slot, std::optional<PublishTo> publish);
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
    std::unordered_set<int> drain_events();

    SiteSet& sites_;
    const std::size_t slot_;
    const std::optional<PublishTo> publish_;
    UniqueFd watch_;  // inotify: each loaded site's directory, and the registry's
    std::unordered_map<std::string, std::unique_ptr<Followed>> followed_;  // by site name
};

}  // namespace vitae

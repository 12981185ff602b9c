// Keeps a worker process's site current without traffic: a thread watches
// the database's directory and the templates with inotify and brings the
// site up to date within milliseconds of a change. An idle process must not
// be left holding old content when the file is later replaced by a bad one
// (its "last good" site must be the newest good one). Each new version is
// handed to a callback: the fast path's publisher, when there is one.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "base/unique_fd.hpp"
#include "site/site.hpp"

namespace vitae {

class SiteFollower {
public:
    // Without a watch on the database directory it checks every 100 ms
    // instead and logs a warning; with `watch_required` (the fast path needs
    // prompt updates) that throws Error.
    SiteFollower(SiteHolder& sites, bool watch_required);

    // The thread's body, until `stopping`. `seen` is the generation already
    // handled; `on_new_site` is called for each newer one (and again after
    // it throws, which is logged).
    void run(const std::atomic<bool>& stopping, std::uint64_t seen,
             const std::function<void(const Site&)>& on_new_site);

private:
    SiteHolder& sites_;
    UniqueFd db_watch_;  // inotify on the database's directory
};

}  // namespace vitae

// One watched, reloadable template set: a shared template directory, and
// optionally a site's overrides laid over it (Templates::load). Many
// SiteHolders can share one (SiteSource::templates): with hundreds of sites
// in one process, one inotify instance and one parse for all the sites
// without overrides, instead of one each (inotify instances are limited to
// 128 per user by default). A site with overrides has a set of its own,
// which watches both directories in one instance.
//
// Readers take the current Templates (shared_ptr<const>) under a tiny lock;
// a load runs under load_mutex_ and swaps the new set in only when it is
// good and differs from the current one, so a refused edit keeps the last
// good set serving. Read-your-writes: a change is pending from the writer's
// close/rename until its load has been swapped in (the watch's event, then
// loading_), so a caller that sees nothing pending sees the new set.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>

#include "render/template/templates.hpp"
#include "site/template_watch.hpp"

namespace vitae {

class TemplateSet {
public:
    // Watches the directories and loads them. A failed first load does not
    // throw: current() is null and last_error() says why (a site holder then
    // serves its fallback, and the fix is loaded when it is written).
    explicit TemplateSet(std::filesystem::path shared_dir, std::filesystem::path overrides_dir = {});
    // The same, starting from `seed` (a set loaded from these directories
    // before: a worker's supervisor's) when the files still hold what it
    // was made from, so the process shares it instead of compiling its own;
    // else as above.
    TemplateSet(std::filesystem::path shared_dir, std::filesystem::path overrides_dir,
                std::shared_ptr<const Templates> seed);

    const std::filesystem::path& shared_dir() const { return shared_dir_; }
    const std::filesystem::path& overrides_dir() const { return overrides_dir_; }  // empty: none

    // The last good set; null if none ever loaded.
    std::shared_ptr<const Templates> current() const;
    // current()->id(), without a lock (0: none loaded): a request's cheap
    // test that a site serves the set's current templates.
    std::uint64_t current_id() const { return current_id_.load(); }
    // The current set, or Error with the reason none loaded.
    std::shared_ptr<const Templates> current_or_throw() const;
    std::string last_error() const;  // why the last load was refused; empty if it succeeded

    // A change not loaded yet, or a load under way: fresh() would load or
    // wait. Cheap, any thread, no lock.
    bool pending();

    struct Loaded {
        std::shared_ptr<const Templates> templates;  // the last good set after the call (null: none yet)
        bool attempted = false;                      // this call ran a load
        std::string error;                           // what that load refused; empty if it succeeded
    };
    Loaded fresh();   // loads first if pending(); waits for a load under way
    Loaded reload();  // loads now (SIGHUP)

    int watch_fd() const { return watch_.fd(); }  // for poll(2) in an idle follower; -1 without inotify

private:
    Loaded load();  // load_mutex_ held

    const std::filesystem::path shared_dir_;
    const std::filesystem::path overrides_dir_;

    mutable std::mutex current_mutex_;  // guards current_ and error_; held for a copy
    std::shared_ptr<const Templates> current_;
    std::string error_;
    std::atomic<std::uint64_t> current_id_{0};  // written with current_, under current_mutex_

    std::mutex load_mutex_;  // serialises loads; guards watch_'s draining
    TemplateWatch watch_;
    std::atomic<bool> loading_{false};  // set before events are drained, cleared after swapping in
};

}  // namespace vitae

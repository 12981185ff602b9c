#include "fcgi/site_follower.hpp"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "site/content_probe.hpp"

namespace vitae {

namespace {

using Clock = std::chrono::steady_clock;

// After a database event, keep checking this often for this long: in WAL mode
// the last file write of a commit comes just before the commit is visible.
constexpr int settle_poll_ms = 1;
constexpr auto settle_window = std::chrono::milliseconds(50);
// Also how late a scheduled post goes out: each check asks SiteHolder::fresh,
// which compares the wall clock with the next release time and lists the
// post then (no file changes, so nothing else would wake us).

void drain(int fd) {
    alignas(inotify_event) char buffer[4096];
    while (::read(fd, buffer, sizeof buffer) > 0) {
    }
}

}  // namespace

SiteFollower::SiteFollower(SiteHolder& sites, bool watch_required) : sites_(sites) {
    db_watch_.reset(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC));
    auto db_dir = std::filesystem::absolute(sites_.source().db_path).parent_path();
    if (db_watch_ && ::inotify_add_watch(db_watch_.get(), db_dir.c_str(),
                                         IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE) >= 0)
        return;
    std::string why = "watch " + in_quotes(db_dir.string()) + ": " + std::strerror(errno);
    if (watch_required) throw Error("publish: " + why);
    // Requests still see every change; idle, we look every 100 ms.
    log_warning(why + "; checking for changes every " + std::to_string(limits::follower_idle_poll_ms) + " ms instead");
    db_watch_.reset();
}

void SiteFollower::run(const std::atomic<bool>& stopping, std::uint64_t seen,
                       const std::function<void(const Site&)>& on_new_site) {
    ContentProbe probe(sites_.source().db_path);
    auto last_event = Clock::now() - settle_window;
    // Brings `seen` up to the current site; false if that failed (logged).
    auto follow = [&] {
        try {
            auto site = sites_.fresh(probe);
            if (site->generation == seen) return true;
            if (on_new_site) on_new_site(*site);
            seen = site->generation;
            return true;
        } catch (const std::exception& e) {
            log_error(std::string("publish: ") + e.what() + "; nginx falls back to the worker");
            return false;
        }
    };
    follow();  // at once: a first publish must not wait for the first poll
    while (!stopping.load()) {
        bool settling = Clock::now() - last_event < settle_window;
        pollfd fds[2] = {{db_watch_.get(), POLLIN, 0}, {sites_.watch_fd(), POLLIN, 0}};
        int ready = ::poll(fds, fds[1].fd >= 0 ? 2 : 1, settling ? settle_poll_ms : limits::follower_idle_poll_ms);
        if (ready > 0 && (fds[0].revents & POLLIN)) {
            drain(db_watch_.get());
            last_event = Clock::now();
        }
        if (!follow()) last_event = Clock::now() - settle_window;  // back off to the idle interval
    }
}

}  // namespace vitae

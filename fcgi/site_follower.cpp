#include "fcgi/site_follower.hpp"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <vector>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "http/static_files.hpp"
#include "site/surrogate_keys.hpp"

namespace vitae {

namespace {

using Clock = std::chrono::steady_clock;

// After a database event, keep checking this often for this long: in WAL mode
// the last file write of a commit comes just before the commit is visible.
constexpr int settle_poll_ms = 1;
constexpr auto settle_window = std::chrono::milliseconds(50);
// Also how late a scheduled post goes out: each idle check asks
// SiteHolder::fresh of every loaded site, which compares the wall clock with
// the next release time and lists the post then (no file changes, so nothing
// else would wake us).

constexpr std::uint32_t watched_events = IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE;

std::filesystem::path directory_of(const std::string& db_path) {
    return std::filesystem::absolute(db_path).parent_path();
}

}  // namespace

struct SiteFollower::Followed {
    std::weak_ptr<LoadedSite> site;
    int watch = -1;  // its directory's inotify watch
    std::uint64_t seen = 0;  // the generation handled
    std::unique_ptr<Publisher> publisher;
    Clock::time_point settling_until{};  // follow it at every short poll until then
    // --purge: the generation the caches were last told about, and every key its pages could carry then.
    std::uint64_t purged = 0;
    std::vector<std::string> keys;
};

SiteFollower::SiteFollower(SiteSet& sites, std::size_t thread, std::optional<PublishTo> publish, Purger* purger)
    : sites_(sites), thread_(thread), publish_(std::move(publish)), purger_(purger) {
    watch_.reset(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC));
    std::string why;
    if (!watch_) why = std::string("inotify: ") + std::strerror(errno);
    else if (sites_.many() && ::inotify_add_watch(watch_.get(), sites_.config().sites_dir.c_str(), watched_events) < 0)
        why = "watch " + in_quotes(sites_.config().sites_dir.string()) + ": " + std::strerror(errno);
    if (why.empty()) return;
    if (publish_) throw Error("publish: " + why);
    // Requests still see every change; idle, we look every 100 ms.
    log_warning(why + "; checking for changes every " + std::to_string(limits::follower_idle_poll_ms) + " ms instead");
    watch_.reset();
}

SiteFollower::~SiteFollower() = default;

void SiteFollower::clear_published() {
    if (publish_) StaticTree(publish_->dir, Durability::rebuilt_on_start).clear();
}

// Brings the followed sites in line with the loaded ones: a new one gets a
// watch (and a publisher), one unloaded loses them (and its files).
void SiteFollower::sync_followed(const std::atomic<bool>& stopping) {
    auto loaded = sites_.loaded();
    std::unordered_map<std::string, std::shared_ptr<LoadedSite>> by_name;
    for (auto& site : loaded) by_name.emplace(site->name, site);
    for (auto it = followed_.begin(); it != followed_.end();) {
        auto now = by_name.find(it->first);
        if (now != by_name.end() && now->second == it->second->site.lock()) {
            ++it;
            continue;
        }
        if (it->second->publisher) it->second->publisher->withdraw();
        if (purger_) purger_->purge({it->first}, it->first);
        if (watch_ && it->second->watch >= 0) ::inotify_rm_watch(watch_.get(), it->second->watch);
        it = followed_.erase(it);
    }
    for (auto& [name, site] : by_name) {
        if (followed_.contains(name) || stopping.load()) continue;
        auto followed = std::make_unique<Followed>();
        followed->site = site;
        auto dir = directory_of(site->holder.source().db_path);
        if (watch_) followed->watch = ::inotify_add_watch(watch_.get(), dir.c_str(), watched_events);
        if (watch_ && followed->watch < 0) {
            std::string why = "watch " + in_quotes(dir.string()) + ": " + std::strerror(errno);
            if (publish_) log_error("publish: " + why + "; that site is checked every " +
                                    std::to_string(limits::follower_idle_poll_ms) + " ms");
            else log_warning(why);
        }
        if (publish_) {
            // One site: DIR itself. Many: DIR/<its host>/<its prefix>, which nginx serves as root DIR/$host.
            auto pages_dir = sites_.many() ? publish_->dir / (site->base_url.substr(site->base_url.find("://") + 3))
                                           : publish_->dir;
            followed->publisher = std::make_unique<Publisher>(site->pages, pages_dir, *publish_->metrics, publish_->threads);
        } else {
            followed->seen = site->holder.current()->generation;
        }
        if (purger_) {
            auto current = site->holder.current();
            followed->purged = current->generation;
            followed->keys = all_keys(*current, name);
            purger_->purge({name}, name);
        }
        follow(*followed, stopping);  // at once: a first publish must not wait for the first poll
        followed_.emplace(name, std::move(followed));
    }
}

void SiteFollower::follow(Followed& followed, const std::atomic<bool>& stopping) {
    auto site = followed.site.lock();
    if (!site) return;
    try {
        auto version = site->holder.fresh(site->thread_view(thread_).probe);
        if (version->generation == followed.seen) return;
        if (followed.publisher) followed.publisher->publish(version, stopping);
        if (purger_) purge_changes(followed, *site, *version);
        followed.seen = version->generation;
    } catch (const std::exception& e) {
        log_error("follow " + site->name + ": " + e.what() + (publish_ ? "; nginx falls back to the worker" : ""));
        followed.settling_until = {};  // back off to the idle interval
    }
}

// The keys whose pages changed since the caches were last told, and those gone.
void SiteFollower::purge_changes(Followed& followed, const LoadedSite& site, const Site& version) {
    if (version.generation <= followed.purged) return;
    auto keys = keys_to_purge(followed.keys, version, followed.purged, site.name, limits::purge_max_keys);
    purger_->purge(std::move(keys), site.name);
    followed.keys = all_keys(version, site.name);
    followed.purged = version.generation;
}

// The watches that saw events since the last call.
std::unordered_set<int> SiteFollower::drain_events() {
    std::unordered_set<int> out;
    alignas(inotify_event) char buffer[4096];
    for (ssize_t n; (n = ::read(watch_.get(), buffer, sizeof buffer)) > 0;)
        for (char* p = buffer; p < buffer + n;) {
            auto* event = reinterpret_cast<inotify_event*>(p);
            out.insert(event->wd);
            p += sizeof(inotify_event) + event->len;
        }
    return out;
}

void SiteFollower::run(const std::atomic<bool>& stopping) {
    sync_followed(stopping);
    while (!stopping.load()) {
        auto now = Clock::now();
        bool settling = false;
        std::vector<pollfd> fds;
        if (watch_) fds.push_back({watch_.get(), POLLIN, 0});
        for (const auto& [name, followed] : followed_) {
            settling = settling || now < followed->settling_until;
            if (auto site = followed->site.lock(); site && site->holder.watch_fd() >= 0)
                fds.push_back({site->holder.watch_fd(), POLLIN, 0});
        }
        int ready = ::poll(fds.data(), fds.size(), settling ? settle_poll_ms : limits::follower_idle_poll_ms);
        std::unordered_set<int> events;
        if (watch_ && ready > 0 && (fds[0].revents & POLLIN)) events = drain_events();
        now = Clock::now();
        for (auto& [name, followed] : followed_)
            if (events.contains(followed->watch)) followed->settling_until = now + settle_window;
        sites_.refresh();  // the registry, if it changed
        sites_.unload_idle();
        sync_followed(stopping);
        // Settling sites at every short poll; every site at an idle one (or a template change).
        bool all = !settling || (ready > 0 && events.empty());
        for (auto& [name, followed] : followed_)
            if (all || now < followed->settling_until) follow(*followed, stopping);
    }
}

}  // namespace vitae

// The sites one worker process serves: one (--db), or every site of a
// registry (--sites SITES), found by the request's host and path.
//
// With a registry, a site costs nothing until it is asked for: its first
// request loads it (a SiteHolder and a PageSource whose cache keys start
// with the load's own scope), later requests find it loaded, and it is
// unloaded when idle for --site-idle seconds or when more than --sites-loaded
// are loaded (the least recently asked goes first). So the cost of a
// process follows what is asked, not how many sites exist: a change probe
// per loaded site only, one page cache bounded in bytes for all of them.
//
// The registry is read again when its file changes (refresh(), called by the
// idle follower a few times a second): a site added is found on its next
// request, one removed or moved to other hosts is unloaded (requests in
// flight finish with the version they hold). A registry that stops loading
// keeps the last good one serving, logged once per change.
//
// Isolation: a site's database and template overrides are its own, so a
// corrupt database or a broken override is that site's problem only: a site
// that loaded once keeps its last good version (SiteHolder), one that never
// loaded answers 503 and is tried again after limits::site_retry_ms, and
// every other site serves on.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/clock.hpp"
#include "base/limits.hpp"
#include "http/page_cache.hpp"
#include "site/content_probe.hpp"
#include "site/site_search.hpp"
#include "site/group_index.hpp"
#include "site/template_set.hpp"
#include "site/page_source.hpp"
#include "site/site.hpp"
#include "sites/host_map.hpp"
#include "store/registry/registry.hpp"

namespace vitae {

struct SitesConfig {
    std::filesystem::path sites_dir = {};  // --sites; empty: the one site below
    std::string db_path = {};              // --db
    std::string base_url = {};             // --db: the site's base URL
    std::string scheme = "https";     // --sites: each site's base URL is scheme://its first host + its prefix
    std::filesystem::path templates_dir = {};
    WallClock now_unix = system_unix;
    MonotonicClock now_ms = monotonic_ms;  // when a site was last asked for, when a failed one is tried again
    std::size_t max_loaded = limits::default_sites_loaded;  // --sites-loaded
    std::int64_t idle_unload_ms = 600'000;  // --site-idle
    std::size_t max_memory_bytes = 0;       // --sites-memory-mb: over this RSS, unload the least recently asked; 0: no bound
    std::size_t threads = 1;          // threads that look pages up (each gets a probe and a workspace per site)
    WireLayout layout = nullptr;      // for PageSource
    SurrogateHeader surrogate = SurrogateHeader::none;  // --purge, --surrogate-keys: each page's keys, under the site's name
    std::shared_ptr<const Site> fallback = nullptr;  // --db: a restarted worker's last good site
};

// One site as loaded in this process.
class LoadedSite {
public:
    LoadedSite(std::string name, SiteSource source, std::string base_url, PageCache& cache, const SitesConfig& config,
               std::string scope);

    // What one thread needs to look this site's pages up; made on the
    // thread's first use, then touched by that thread only.
    struct ThreadView {
        ThreadView(const std::string& db_path, PageSource& pages) : probe(db_path), workspace(pages) {}
        ContentProbe probe;
        PageWorkspace workspace;
        SearchReader search;  // its read-only connection for /search/ (opened on the first search)
    };
    ThreadView& thread_view(std::size_t thread);

    const std::string name;      // "default" for --db
    const std::string base_url;  // scheme://host[/~prefix], no trailing slash
    const std::string mount;     // "" or "/~prefix" (no trailing slash)
    SiteHolder holder;
    PageSource pages;
    std::atomic<std::int64_t> last_used_ms{0};

    // Marks the site asked for now. Written at most every 100 ms: a store per
    // request by every thread would bounce the line between cores.
    static void touch(std::atomic<std::int64_t>& last_used, std::int64_t now) {
        if (now - last_used.load(std::memory_order_relaxed) >= 100) last_used.store(now, std::memory_order_relaxed);
    }

private:
    std::vector<std::unique_ptr<ThreadView>> thread_views_;  // by thread index
};

struct SitesStats {
    std::size_t registered = 0;
    std::size_t loaded = 0;
    std::uint64_t loads = 0;
    std::uint64_t unloads = 0;
    std::uint64_t load_failures = 0;
    std::string registry_error;  // of the last read that failed; "" when the last read was good
};

class SiteSet {
public:
    // Throws Error when --db's site does not load (unless there is a
    // fallback) or --sites' registry cannot be read.
    SiteSet(SitesConfig config, PageCache& cache);
    ~SiteSet();

    enum class Found { site, no_site, unavailable, add_slash };
    struct Lookup {
        Found found = Found::no_site;
        LoadedSite* site = nullptr;             // Found::site; alive while `hold` (or the set, for --db) is
        std::shared_ptr<LoadedSite> hold = {};  // --sites: keeps it loaded for the request; --db: empty
        std::string_view path = {};             // Found::site: the path inside the site
        std::string location = {};              // Found::add_slash: where the site starts
    };
    // The site a request for `host` and `path` names, loaded now if it was not.
    Lookup find(std::string_view host, std::string_view path);
    // Told of every loaded site's reloads (SiteHolder::on_reload); set
    // before threads start, it applies to sites loaded from then on too.
    void on_reload(SiteHolder::ReloadObserver observer);

    bool many() const { return !config_.sites_dir.empty(); }
    const SitesConfig& config() const { return config_; }
    PageCache& cache() { return cache_; }
    std::shared_ptr<const Registry> registry() const;

    // For the idle follower: read the registry again if its file changed
    // (true if a new one was installed), and unload what is idle (or, over
    // --sites-memory-mb, the least recently asked site: one per call, since
    // memory comes back only as its last holders let go).
    bool refresh();
    void unload_idle();
    // SIGHUP: the registry read again, every loaded site reloaded; false if any was refused.
    bool reload(std::string_view reason);
    std::vector<std::shared_ptr<LoadedSite>> loaded() const;
    SitesStats stats() const;

private:
    struct Entry;
    struct Snapshot {
        std::shared_ptr<const Registry> registry;
        HostMap hosts;
    };
    std::shared_ptr<LoadedSite> acquire(const RegisteredSite& site);
    std::shared_ptr<LoadedSite> load(const RegisteredSite& site);
    void evict_over_bound();  // mutex_ held
    std::string base_url_of(const RegisteredSite& site) const;
    // Everything a loaded site was made from that the registry or the disk
    // can change: a change to any of it unloads the site.
    std::string identity_of(const RegisteredSite& site) const;
    std::vector<GroupMemberSource> members_of(const Registry& registry) const;

    const SitesConfig config_;
    PageCache& cache_;
    std::shared_ptr<LoadedSite> one_;  // --db
    // --sites: the one template set of every site without overrides of its
    // own (one parse, one inotify instance), and the home site's group.
    std::shared_ptr<TemplateSet> shared_templates_;
    std::shared_ptr<GroupIndex> group_;
    SiteHolder::ReloadObserver observer_;  // set before threads start; then read only

    mutable std::mutex mutex_;  // guards the members below
    std::shared_ptr<const Snapshot> snapshot_;
    std::string registry_fingerprint_;
    std::unordered_map<std::string, std::shared_ptr<Entry>> entries_;  // by site name: loaded or being loaded
    std::uint64_t next_scope_ = 1;
    SitesStats counts_;
};

}  // namespace vitae

#include "sites/site_set.hpp"

#include <sys/stat.h>

#include <algorithm>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/memory.hpp"
#include "site/db_fingerprint.hpp"

namespace vitae {

namespace {

// Identity and version of the registry file: any write or replacement changes it.
std::string registry_fingerprint(const std::filesystem::path& path) {
    auto fingerprint = db_fingerprint(path.string());
    return fingerprint.empty() ? "missing" : fingerprint;
}

// "/~carol/" -> "/~carol"; "/" -> "".
std::string mount_of(const RegisteredSite& site) { return site.prefix.substr(0, site.prefix.size() - 1); }

}  // namespace

LoadedSite::LoadedSite(std::string site_name, SiteSource source, std::string site_base_url, PageCache& cache,
                       const SitesConfig& config, std::string scope)
    : name(std::move(site_name)),
      base_url(std::move(site_base_url)),
      mount(source.mount),
      holder(std::move(source), config.sites_dir.empty() ? config.fallback : nullptr),
      pages(cache, base_url, config.layout, std::move(scope), {.header = config.surrogate, .site_key = name}),
      last_used_ms(config.now_ms()),
      thread_views_(config.threads) {}

LoadedSite::ThreadView& LoadedSite::thread_view(std::size_t thread) {
    auto& view = thread_views_.at(thread);
    if (!view) view = std::make_unique<ThreadView>(holder.source().db_path, pages);
    return *view;
}

// A registry site's place in the map: loaded (site set), being loaded (its
// mutex held by the loading thread; others asking for it wait), or failed.
struct SiteSet::Entry {
    std::string identity;  // what it was loaded as: a registry change to any of it unloads it
    std::mutex load_mutex;  // guards site, failed_at_ms
    std::shared_ptr<LoadedSite> site;
    std::int64_t failed_at_ms = 0;
    std::atomic<bool> ready{false};            // site set: read by eviction without the entry's lock
    std::atomic<std::int64_t> last_used_ms{0};
};

SiteSet::SiteSet(SitesConfig config, PageCache& cache) : config_(std::move(config)), cache_(cache) {
    if (!many()) {
        SiteSource source{.db_path = config_.db_path, .templates_dir = config_.templates_dir, .now_unix = config_.now_unix};
        one_ = std::make_shared<LoadedSite>("default", std::move(source), config_.base_url, cache_, config_, "");
        return;
    }
    // The first read must succeed: a worker pointed at no registry says so at start.
    auto registry = std::make_shared<const Registry>(read_registry(config_.sites_dir));
    registry_fingerprint_ = registry_fingerprint(registry_path(config_.sites_dir));
    shared_templates_ = std::make_shared<TemplateSet>(config_.templates_dir);
    group_ = std::make_shared<GroupIndex>(members_of(*registry), config_.now_ms);
    snapshot_ = std::make_shared<const Snapshot>(Snapshot{registry, HostMap(*registry)});
}

SiteSet::~SiteSet() = default;

void SiteSet::on_reload(SiteHolder::ReloadObserver observer) {
    observer_ = std::move(observer);
    if (one_) one_->holder.on_reload(observer_);
}

std::shared_ptr<const Registry> SiteSet::registry() const {
    std::lock_guard lock(mutex_);
    return snapshot_ ? snapshot_->registry : nullptr;
}

std::string SiteSet::base_url_of(const RegisteredSite& site) const {
    return config_.scheme + "://" + site.hosts.front() + mount_of(site);
}

std::string SiteSet::identity_of(const RegisteredSite& site) const {
    bool overrides = std::filesystem::is_directory(site_templates_dir(config_.sites_dir, site.name));
    return base_url_of(site) + (site.home ? " home" : "") + (overrides ? " overrides" : "");
}

// The home site's members: every other site of the registry.
std::vector<GroupMemberSource> SiteSet::members_of(const Registry& registry) const {
    std::vector<GroupMemberSource> members;
    for (const auto& site : registry.sites)
        if (!site.home)
            members.push_back({.name = site.name,
                               .db_path = site_db_path(config_.sites_dir, site.name).string(),
                               .base_url = base_url_of(site),
                               .group = site.group});
    return members;
}

SiteSet::Lookup SiteSet::find(std::string_view host, std::string_view path) {
    if (!many()) return {.found = Found::site, .site = one_.get(), .path = path};  // no lock, no count: the hit path
    auto normal = normalize_host(host);
    if (!normal) return {};
    std::shared_ptr<const Snapshot> snapshot;
    {
        std::lock_guard lock(mutex_);
        snapshot = snapshot_;
    }
    auto match = snapshot->hosts.match(*normal, path);
    if (!match) return {};
    const RegisteredSite& registered = snapshot->registry->sites[match->site];
    if (match->needs_slash) return {.found = Found::add_slash, .location = registered.prefix};
    auto site = acquire(registered);
    if (!site) return {.found = Found::unavailable};
    auto* raw = site.get();
    return {.found = Found::site, .site = raw, .hold = std::move(site), .path = match->path};
}

std::shared_ptr<LoadedSite> SiteSet::acquire(const RegisteredSite& registered) {
    std::shared_ptr<Entry> entry;
    {
        std::lock_guard lock(mutex_);
        auto& named = entries_[registered.name];
        if (!named) {
            named = std::make_shared<Entry>();
            named->identity = identity_of(registered);
        }
        entry = named;
    }
    auto now = config_.now_ms();
    LoadedSite::touch(entry->last_used_ms, now);
    std::lock_guard lock(entry->load_mutex);
    if (entry->site) {
        LoadedSite::touch(entry->site->last_used_ms, now);
        return entry->site;
    }
    if (entry->failed_at_ms != 0 && now - entry->failed_at_ms < limits::site_retry_ms) return nullptr;
    try {
        entry->site = load(registered);
    } catch (const std::exception& e) {
        entry->failed_at_ms = now;
        log(Level::error, LogEvent("site_load_failed").add("site", registered.name).add("error", e.what()));
        std::lock_guard counts(mutex_);
        ++counts_.load_failures;
        return nullptr;
    }
    entry->failed_at_ms = 0;
    entry->ready = true;
    std::lock_guard counts(mutex_);
    ++counts_.loads;
    evict_over_bound();
    return entry->site;
}

std::shared_ptr<LoadedSite> SiteSet::load(const RegisteredSite& registered) {
    std::string scope;
    {
        std::lock_guard lock(mutex_);
        scope = std::to_string(next_scope_++) + ':';
    }
    SiteSource source{.db_path = site_db_path(config_.sites_dir, registered.name).string(),
                      .templates_dir = config_.templates_dir,
                      .now_unix = config_.now_unix,
                      .mount = mount_of(registered)};
    // A site with overrides has a template set of its own (both directories watched); the others share one.
    auto overrides = site_templates_dir(config_.sites_dir, registered.name);
    if (std::filesystem::is_directory(overrides)) source.overrides_dir = overrides;
    else source.templates = shared_templates_;
    if (registered.home) source.group = [group = group_] { return group->current(); };
    auto started = monotonic_ms();
    auto site = std::make_shared<LoadedSite>(registered.name, std::move(source), base_url_of(registered), cache_,
                                             config_, std::move(scope));
    if (observer_) site->holder.on_reload(observer_);  // before any other thread sees the site
    log(Level::info, LogEvent("site_loaded").add("site", registered.name).add("ms", monotonic_ms() - started));
    return site;
}

// The least recently asked loaded sites go until the bound holds. A request
// holding one finishes with it; its memory goes with the last holder.
void SiteSet::evict_over_bound() {
    auto loaded = std::count_if(entries_.begin(), entries_.end(), [](const auto& e) { return e.second->ready.load(); });
    while (static_cast<std::size_t>(loaded) > config_.max_loaded) {
        auto oldest = entries_.end();
        for (auto it = entries_.begin(); it != entries_.end(); ++it)
            if (it->second->ready && (oldest == entries_.end() ||
                                      it->second->last_used_ms.load() < oldest->second->last_used_ms.load()))
                oldest = it;
        log(Level::info, LogEvent("site_unloaded").add("site", oldest->first).add("reason", "over --sites-loaded"));
        entries_.erase(oldest);
        ++counts_.unloads;
        --loaded;
    }
}

// Also unloads a site whose template overrides appeared or went (`vitae
// site override` made its first): its next request loads it with them.
void SiteSet::unload_idle() {
    if (!many()) return;
    auto now = config_.now_ms();
    std::lock_guard lock(mutex_);
    for (auto it = entries_.begin(); it != entries_.end();) {
        const Entry& entry = *it->second;
        bool idle = now - entry.last_used_ms.load() > config_.idle_unload_ms;
        const RegisteredSite* registered = snapshot_->registry->find(it->first);
        bool changed = entry.ready && registered && identity_of(*registered) != entry.identity;
        if (!idle && !changed) {
            ++it;
            continue;
        }
        if (entry.ready) {
            log(Level::info, LogEvent("site_unloaded").add("site", it->first).add("reason", idle ? "idle" : "overrides changed"));
            ++counts_.unloads;
        }
        it = entries_.erase(it);
    }
    if (config_.max_memory_bytes != 0 && resident_bytes() > config_.max_memory_bytes) {
        auto oldest = entries_.end();
        for (auto e = entries_.begin(); e != entries_.end(); ++e)
            if (e->second->ready && (oldest == entries_.end() ||
                                     e->second->last_used_ms.load() < oldest->second->last_used_ms.load()))
                oldest = e;
        if (oldest == entries_.end()) return;
        log(Level::info, LogEvent("site_unloaded").add("site", oldest->first).add("reason", "over --sites-memory-mb"));
        entries_.erase(oldest);
        ++counts_.unloads;
        release_free_memory();
    }
}

bool SiteSet::refresh() {
    if (!many()) return false;
    auto path = registry_path(config_.sites_dir);
    auto fingerprint = registry_fingerprint(path);
    {
        std::lock_guard lock(mutex_);
        if (fingerprint == registry_fingerprint_) return false;
        registry_fingerprint_ = fingerprint;
    }
    std::shared_ptr<const Registry> registry;
    try {
        registry = std::make_shared<const Registry>(read_registry(config_.sites_dir));
    } catch (const std::exception& e) {
        log(Level::error, LogEvent("registry_rejected").add("error", e.what()));
        std::lock_guard lock(mutex_);
        counts_.registry_error = e.what();
        return false;
    }
    auto snapshot = std::make_shared<const Snapshot>(Snapshot{registry, HostMap(*registry)});
    std::lock_guard lock(mutex_);
    // A site removed or now answering elsewhere is unloaded: its pages know their base URL.
    for (auto it = entries_.begin(); it != entries_.end();) {
        const RegisteredSite* now = registry->find(it->first);
        if (now && identity_of(*now) == it->second->identity) {
            ++it;
            continue;
        }
        if (it->second->ready) ++counts_.unloads;
        log(Level::info, LogEvent("site_unloaded").add("site", it->first).add("reason", "registry changed"));
        it = entries_.erase(it);
    }
    snapshot_ = std::move(snapshot);
    group_->set_members(members_of(*registry));
    counts_.registry_error.clear();
    log(Level::info, LogEvent("registry").add("sites", static_cast<std::int64_t>(registry->sites.size())));
    return true;
}

bool SiteSet::reload(std::string_view reason) {
    if (many()) {
        std::lock_guard lock(mutex_);
        registry_fingerprint_.clear();  // read it whatever its file says
    }
    refresh();
    // The shared templates are read once, then each site takes them as they are.
    bool ok = !shared_templates_ || shared_templates_->reload().error.empty();
    if (group_) group_->check_now();
    for (auto& site : loaded()) {
        bool shared = site->holder.source().templates != nullptr;
        ok = site->holder.reload(reason, shared ? SiteHolder::TemplateReload::if_changed : SiteHolder::TemplateReload::load) && ok;
    }
    return ok;
}

std::vector<std::shared_ptr<LoadedSite>> SiteSet::loaded() const {
    if (!many()) return {one_};
    std::vector<std::shared_ptr<Entry>> entries;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [name, entry] : entries_)
            if (entry->ready) entries.push_back(entry);
    }
    std::vector<std::shared_ptr<LoadedSite>> out;
    for (const auto& entry : entries) {
        std::lock_guard lock(entry->load_mutex);
        if (entry->site) out.push_back(entry->site);
    }
    return out;
}

SitesStats SiteSet::stats() const {
    std::lock_guard lock(mutex_);
    SitesStats out = counts_;
    out.registered = snapshot_ ? snapshot_->registry->sites.size() : 1;
    out.loaded = many() ? static_cast<std::size_t>(std::count_if(entries_.begin(), entries_.end(),
                                                                 [](const auto& e) { return e.second->ready.load(); }))
                        : 1;
    return out;
}

}  // namespace vitae

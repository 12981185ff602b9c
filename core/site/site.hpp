// A Site is one consistent version of everything a page is made from: content
// read in one transaction and one compiled template set. SiteHolder holds
// the current Site and replaces it when the database or the templates change;
// a new version is built aside and installed only when valid, otherwise the
// last good part keeps serving (content and templates are kept separately, so
// a broken template never holds back a content edit, nor the reverse).
// Whether anything changed is decided by comparing the content and the
// template sources themselves, never a hash.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "base/clock.hpp"
#include "base/file_id.hpp"
#include "render/template/templates.hpp"
#include "render/views/views.hpp"
#include "site/content_probe.hpp"
#include "site/template_set.hpp"
#include "store/model/group.hpp"
#include "store/rows/content_changes.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

struct SiteSource {
    std::string db_path;
    std::filesystem::path templates_dir;  // the shared templates (given `templates`: its shared_dir(), for status)
    WallClock now_unix = system_unix;  // decides which scheduled posts are out (tests pass their own)
    // The watched template set to serve, shared with other sites (one for all
    // sites without overrides). None: SiteHolder makes its own from
    // templates_dir and overrides_dir, and load_site() loads those directly.
    std::shared_ptr<TemplateSet> templates = nullptr;
    std::filesystem::path overrides_dir = {};  // this site's overrides of templates_dir; empty: none
    std::string mount = {};  // "" or the path prefix the site answers under on a shared host ("/~carol")
    // A group's home site: its members' group (GroupIndex::current), shown on
    // /people/ and /publications/. Empty for every other site. Called on each
    // fresh(): it must be cheap and never throw.
    std::function<std::shared_ptr<const Group>()> group{};
};

// What one read transaction of the database produced. Copied whole when the
// same rows are listed as of another day (relisted()), so a field added here
// is carried over without being named there.
struct LoadedRows {
    Content all;  // the rows as loaded, every post included
    FileId db_file;
    std::string db_path;  // where it was read from: stored files' bytes are read from there when served
    std::int64_t modified_unix = 0;  // newest mtime of the database and its -wal at load
    std::optional<ContentMarks> marks;  // of the state loaded, or one before it (WAL); none: unknown
    ChangeMark change_mark;  // where the state loaded stands in the change log
    std::string mount;  // SiteSource::mount, which the views' links start with
};

// Those rows, listed as of one day.
struct LoadedContent : LoadedRows {
    // What the pages show on `today`, per language: the default one first
    // (site_languages()), each other one with its translations applied.
    std::vector<Views> views_by_language;
    std::vector<std::string> language_codes;  // views_by_language[1...]'s: the prefixes the router takes as a language (RouteContext)
    std::int64_t release_unix = 0;  // 00:00 UTC of views.next_release: the lists change then; 0: never

    const Content& content() const { return all; }
    const Views& views(std::size_t language = 0) const { return views_by_language[language]; }
    // How many accessibility findings the rows have (accessibility_findings,
    // render/views): counted once, when first asked (a metrics scrape), not
    // on every reload, since it renders every body.
    std::size_t accessibility_findings() const;

private:
    struct FindingsMemo {
        std::once_flag counted;
        std::size_t count = 0;
    };
    std::shared_ptr<FindingsMemo> findings_memo_ = std::make_shared<FindingsMemo>();

public:
    bool release_due(std::int64_t now_unix) const { return release_unix != 0 && now_unix >= release_unix; }
};

struct SiteStamps;  // page_inputs.hpp

struct Site {
    std::uint64_t generation = 0;  // increases with every published change
    std::shared_ptr<const LoadedContent> content;
    std::shared_ptr<const Templates> templates;
    std::shared_ptr<const SiteStamps> stamps;  // when each page's inputs last changed, per language
    std::int64_t last_modified_unix = 0;  // for Last-Modified: newest of content and templates
    std::shared_ptr<const Group> group;  // a group's home site: the group its pages show; null for every other

    const Views& views(std::size_t language = 0) const { return content->views(language); }
    std::size_t language_count() const { return content->views_by_language.size(); }
    // The interface strings of a language's pages.
    const Catalogue& strings(std::size_t language = 0) const {
        return templates->catalogues().for_language(views(language).locale.code);
    }
};

// A read-only connection a SiteHolder keeps between its loads of one file
// (used under its reload lock only): a load then reuses the parsed schema
// and the compiled statements instead of opening the file again, and skips
// the schema check; a schema changed since (PRAGMA schema_version) opens
// and checks the file again. A reload of the shipped
// site in three languages was 2.5 ms, a third of it opening the file and
// parsing its schema, on the path of every edit to the page.
struct KeptReader {
    std::optional<Db> db;
    FileId file{};
    std::int64_t checked_schema = -1;  // PRAGMA schema_version when the schema last passed check_database
};

// Each throws Error naming the file and the problem. Given the version
// being served, returns that very version when the file and its rows are
// unchanged (a thread's first look, a no-op commit), so its cached pages stay.
// `probe`: the calling thread's, which just saw the change; it names the
// state loaded (LoadedContent::marks), so later probes can tell it is current.
// `now_unix` decides which scheduled posts are listed; a serving version
// whose next release is due is never returned as it is. `kept`: a
// connection to reuse when it is to the serving version's file, and where
// the one used is kept (dropped when a load fails).
std::shared_ptr<const LoadedContent> load_content_version(const std::string& db_path,
                                                          std::shared_ptr<const LoadedContent> serving = nullptr,
                                                          ContentProbe* probe = nullptr,
                                                          std::int64_t now_unix = system_unix(),
                                                          std::string_view mount = {}, KeptReader* kept = nullptr);
// The same rows listed again as of `now_unix` (a scheduled post's day came), without reading the database.
std::shared_ptr<const LoadedContent> relisted(const LoadedContent& loaded, std::int64_t now_unix);
// `like`: a site loaded from the same source before (a worker's supervisor's):
// its content is kept when the database still holds exactly it.
std::shared_ptr<const Site> load_site(const SiteSource& source, std::uint64_t generation,
                                      const Site* like = nullptr);

struct ReloadStatus {
    std::chrono::system_clock::time_point at;
    std::string reason;
    bool ok = true;
    std::string error;  // the last rejected file and why, if the last attempt failed
};

class SiteHolder {
public:
    // Loads the first site; throws Error, unless a fallback is given: a
    // worker restarted while the files are bad then serves the last good site
    // its supervisor had, instead of not serving at all. While the files
    // still hold what the fallback was made from, its content and templates
    // are taken as they are: the processes forked from the supervisor share
    // those pages instead of each building its own copy.
    explicit SiteHolder(SiteSource source, std::shared_ptr<const Site> fallback = nullptr);

    std::shared_ptr<const Site> current() const;
    const SiteSource& source() const { return source_; }

    // The current site, reloaded first if the thread's probe or the template
    // watch saw a change: every change committed before this call is in what
    // it returns (read-your-writes).
    std::shared_ptr<const Site> fresh(ContentProbe& probe);
    int watch_fd() const { return source_.templates->watch_fd(); }  // for poll(2) in the idle follower

    // SIGHUP: reload both now. False if either was rejected. A caller whose
    // sites share one TemplateSet reloads it once (TemplateSet::reload) and
    // passes TemplateReload::if_changed to each site: it takes the set's
    // current templates without loading them again.
    enum class TemplateReload { load, if_changed };
    bool reload(std::string_view reason, TemplateReload templates = TemplateReload::load);
    ReloadStatus last_reload() const;

    // Told after each rebuild that installed a new version and/or refused one
    // (a content edit can go live while a template is refused), under the
    // reload lock: for counters, so it must be quick. Set before threads start.
    struct ReloadOutcome {
        bool installed = false;
        bool refused = false;
    };
    using ReloadObserver = std::function<void(const ReloadOutcome&)>;
    void on_reload(ReloadObserver observer) { observer_ = std::move(observer); }

private:
    // Content changes are observed by request threads (ContentProbe). After a
    // thread sees one, it reads content_epoch_ and calls refresh(): if no
    // content load started since, one runs now, so the thread's request sees
    // every commit that finished before its check — unless the content being
    // served was loaded from the very state the probe saw (equal marks: the
    // idle follower loaded it first), which is the common case after an edit.
    // Template changes are picked up by every refresh. Returns the site to serve.
    enum class ProbeSaw { nothing, content_change };
    std::shared_ptr<const Site> refresh(ProbeSaw saw, std::uint64_t epoch_seen, ContentProbe& probe);
    bool release_due(const Site& site) const { return site.content->release_due(source_.now_unix()); }
    // The template set has a change this site does not serve yet (or is loading one).
    bool templates_due(const Site& site) const;
    // What a rebuild reads again, named at the call: {.content = true, .reason = ...}.
    struct RebuildWhat {
        bool content = false;    // the database (the probe, when given, is what saw the change)
        bool release = false;    // the serving version's next scheduled post is due: its rows listed again, not re-read
        bool templates = false;  // the template set: its changes (a load if it has one pending)
        bool load_templates = false;  // load the template set again, changed or not
        std::shared_ptr<const Group> group{};  // the group's new version (SiteSource::group); null: unchanged
        bool force = false;      // install a new generation even if nothing changed (a forced reload)
        std::string_view reason;
        ContentProbe* probe = nullptr;
    };
    struct Rebuilt {
        bool ok = false;                         // nothing failed to load
        std::shared_ptr<const Site> replaced;  // the version it started from, for retire()
    };
    Rebuilt rebuild(const RebuildWhat& what);  // reload_mutex_ held
    void retire(std::shared_ptr<const Site> replaced);
    void install(std::shared_ptr<const LoadedContent> content, std::shared_ptr<const Templates> templates,
                 std::shared_ptr<const Group> group);
    // The provider's group when it is another version than the serving site's; null otherwise.
    std::shared_ptr<const Group> new_group(const Site& serving) const;
    // One rebuild, logged and told to the observer.
    struct RebuildReport {
        std::string_view reason;
        bool installed = false;
        std::string_view error = {};  // empty: nothing refused
        std::int64_t us = 0;
    };
    void record(const RebuildReport& report);

    const SiteSource source_;  // .templates is never null (the constructor makes one if not given)
    mutable std::mutex current_mutex_;  // guards current_ and last_reload_; held for a copy
    std::shared_ptr<const Site> current_;
    ReloadStatus last_reload_;

    std::mutex reload_mutex_;  // serialises rebuilds; guards the members below
    std::uint64_t next_generation_ = 1;
    std::optional<std::string> rejected_db_;  // fingerprint of a database file that failed to load
    KeptReader reader_;
    std::atomic<std::uint64_t> content_epoch_{0};  // content loads started; written under reload_mutex_
    std::atomic<bool> rebuilding_{false};  // set before events are drained, cleared after installing
    // When the last content load found the file locked: load again from then on (0: no retry owed).
    std::atomic<std::int64_t> retry_at_ms_{0};
    bool retry_due() const;
    ReloadObserver observer_;  // set once before threads start; then read only
};

}  // namespace vitae

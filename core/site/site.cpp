#include "site/site.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "base/clock.hpp"
#include "rules/date.hpp"
#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/memory.hpp"
#include "render/views/accessibility_findings.hpp"
#include "site/db_fingerprint.hpp"
#include "site/page_inputs.hpp"
#include "store/rows/content_store.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

namespace {

struct stat stat_or_throw(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw Error("open " + in_quotes(path) + ": " + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw Error("open " + in_quotes(path) + ": not a regular file");
    return st;
}

std::int64_t newest_mtime(const std::string& db_path, const struct stat& db) {
    std::int64_t newest = db.st_mtime;
    struct stat wal {};
    if (::stat((db_path + "-wal").c_str(), &wal) == 0) newest = std::max<std::int64_t>(newest, wal.st_mtime);
    return newest;
}

// The views of the rows loaded as of `now_unix`, and when they next change.
void list_as_of(LoadedContent& loaded, std::int64_t now_unix) {
    loaded.views_by_language = build_language_views(loaded.all, utc_day(now_unix), loaded.mount);
    loaded.language_codes.clear();
    for (std::size_t i = 1; i < loaded.views_by_language.size(); ++i)
        loaded.language_codes.push_back(loaded.views_by_language[i].locale.code);
    loaded.release_unix = utc_day_start(loaded.views().next_release).value_or(0);
}

// The connection to load `file` from, left in `reader`: the one it holds
// when that is to the serving version's file and its schema is unchanged
// since it passed check_database, else a new one, checked (its compiled
// statements would not notice a changed schema: SQLite recompiles them).
const Db& connection_for(const std::string& db_path, const FileId& file, bool same_file, KeptReader& reader) {
    auto schema_unchanged = [&] {
        try {
            return reader.db->schema_cookie() == reader.checked_schema;
        } catch (const Error&) {
            return false;  // a fresh connection says what is wrong, as it always did
        }
    };
    if (same_file && reader.db && reader.file == file && schema_unchanged()) return *reader.db;
    reader = KeptReader{};
    reader.db.emplace(Db::open(db_path, OpenMode::read_only));
    check_database(*reader.db, same_file ? Integrity::trust_commits : Integrity::check);
    reader.file = file;
    reader.checked_schema = reader.db->schema_cookie();
    return *reader.db;
}

}  // namespace

std::shared_ptr<const LoadedContent> relisted(const LoadedContent& old, std::int64_t now_unix) {
    // Everything the old version read, whole; then the lists of the new day.
    auto loaded = std::make_shared<LoadedContent>();
    static_cast<LoadedRows&>(*loaded) = old;
    list_as_of(*loaded, now_unix);
    return loaded;
}

std::shared_ptr<const LoadedContent> load_content_version(const std::string& db_path,
                                                          std::shared_ptr<const LoadedContent> serving,
                                                          ContentProbe* probe, std::int64_t now_unix,
                                                          std::string_view mount, KeptReader* kept) {
    // stat before open: if the file is replaced in between, the recorded id is
    // the old one, so the next check sees a change and loads again.
    auto st = stat_or_throw(db_path);
    FileId file{st.st_dev, st.st_ino};
    bool same_file = serving && serving->db_file == file;
    KeptReader unkept;  // a caller that keeps none: this load's own
    KeptReader& reader = kept ? *kept : unkept;
    // Dropped unless this load succeeds: a failed one may have left it anywhere.
    struct DropOnFailure {
        KeptReader* reader;
        ~DropOnFailure() {
            if (reader) *reader = KeptReader{};
        }
    } drop_on_failure{&reader};
    const Db& db = connection_for(db_path, file, same_file, reader);
    // Which state this is: in rollback-journal mode, the file's marks read
    // inside the snapshot (writers are held off); in WAL mode, where they are
    // not, the marks the probe read before the load (it has at least those).
    std::optional<ContentMarks> marks = probe ? probe->marks() : std::nullopt;
    auto in_snapshot = [&] {
        if (!probe) return;
        auto inside = probe->marks_now(file);
        if (inside && !wal_mode(*inside)) marks = inside;
    };
    // The same file changed by commits: read only the rows they changed, when the change log can tell.
    ChangeMark mark;
    std::optional<Content> changed;
    if (same_file) changed = load_changes(db, serving->content(), serving->change_mark, mark, in_snapshot);
    Content content = changed ? std::move(*changed) : load_content(db, in_snapshot, &mark);
    if (kept) db.release_memory();  // its page cache: the rows are in the content now
    drop_on_failure.reader = nullptr;
    if (same_file && serving->content() == content)
        return serving->release_due(now_unix) ? relisted(*serving, now_unix) : serving;
    auto loaded = std::make_shared<LoadedContent>();
    loaded->db_file = file;
    loaded->db_path = db_path;
    loaded->mount = std::string(mount);
    loaded->marks = marks;
    loaded->change_mark = std::move(mark);
    loaded->modified_unix = newest_mtime(db_path, st);
    loaded->all = std::move(content);
    list_as_of(*loaded, now_unix);
    return loaded;
}

std::size_t LoadedContent::accessibility_findings() const {
    std::call_once(findings_memo_->counted, [this] { findings_memo_->count = vitae::accessibility_findings(all).size(); });
    return findings_memo_->count;
}

std::shared_ptr<const Site> load_site(const SiteSource& source, std::uint64_t generation, const Site* like) {
    auto site = std::make_shared<Site>();
    // Given `like`, the same file unchanged since is `like`'s content itself (load_content_version).
    site->content = load_content_version(source.db_path, like ? like->content : nullptr, nullptr, source.now_unix(),
                                         source.mount);
    site->templates = source.templates ? source.templates->current_or_throw()
                                       : Templates::load(source.templates_dir, source.overrides_dir);
    site->group = source.group ? source.group() : nullptr;
    site->generation = generation;
    site->last_modified_unix = std::max({site->content->modified_unix, site->templates->modified_unix(),
                                         site->group ? site->group->modified_unix : 0});
    site->stamps = first_stamps(*site);
    return site;
}

namespace {

// A holder not given a shared set watches its own (what a one-site worker
// does), starting from the fallback's templates if the files still match.
SiteSource with_template_set(SiteSource source, const std::shared_ptr<const Site>& fallback) {
    if (!source.templates)
        source.templates = std::make_shared<TemplateSet>(source.templates_dir, source.overrides_dir,
                                                         fallback ? fallback->templates : nullptr);
    return source;
}

}  // namespace

SiteHolder::SiteHolder(SiteSource source, std::shared_ptr<const Site> fallback)
    : source_(with_template_set(std::move(source), fallback)) {
    try {
        current_ = load_site(source_, next_generation_++, fallback.get());
        last_reload_ = {std::chrono::system_clock::now(), "start", true, ""};
    } catch (const std::exception& e) {
        if (!fallback) throw;
        current_ = std::move(fallback);
        next_generation_ = current_->generation + 1;
        last_reload_ = {std::chrono::system_clock::now(), "start", false, e.what()};
        log(Level::error, LogEvent("start_rejected")
                              .add("generation", static_cast<std::int64_t>(current_->generation))
                              .add("error", e.what()));
    }
}

std::shared_ptr<const Site> SiteHolder::current() const {
    std::lock_guard lock(current_mutex_);
    return current_;
}

ReloadStatus SiteHolder::last_reload() const {
    std::lock_guard lock(current_mutex_);
    return last_reload_;
}

namespace {

// Whether `content` was loaded from the state a probe just saw (in the same file).
bool loaded_from(const LoadedContent& content, const ContentProbe& probe) {
    auto seen = probe.marks();
    return seen && content.marks && *content.marks == *seen && content.db_file == probe.file();
}

}  // namespace

std::shared_ptr<const Site> SiteHolder::fresh(ContentProbe& probe) {
    auto serving = current();
    bool content = (probe.changed(serving->content->db_file) && !loaded_from(*serving->content, probe)) ||
                   retry_due();
    bool release = release_due(*serving);  // a scheduled post's day came: a change with no commit
    bool group = new_group(*serving) != nullptr;  // a member site of the group changed
    // Read after the probe: only a content load that starts later is sure to include what it saw.
    auto epoch = content_epoch_.load();
    // A rebuild in progress may have consumed the template events this
    // request must see: wait for it rather than serve the site it replaces.
    if (content || release || group || templates_due(*serving) || rebuilding_.load())
        return refresh(content ? ProbeSaw::content_change : ProbeSaw::nothing, epoch, probe);
    return serving;
}

bool SiteHolder::templates_due(const Site& site) const {
    auto& set = *source_.templates;
    // Another site sharing the set may have loaded it first: its id tells (0: none loaded, the fallback serves).
    auto id = set.current_id();
    return set.pending() || (id != 0 && id != site.templates->id());
}

std::shared_ptr<const Site> SiteHolder::refresh(ProbeSaw saw, std::uint64_t epoch_seen, ContentProbe& probe) {
    std::shared_ptr<const Site> replaced;
    {
        std::lock_guard lock(reload_mutex_);
        bool content = retry_due() || (saw == ProbeSaw::content_change && content_epoch_.load() == epoch_seen &&
                                                 !loaded_from(*current()->content, probe));
        if (content && rejected_db_ && *rejected_db_ == db_fingerprint(source_.db_path)) content = false;
        bool templates = templates_due(*current());
        bool release = !content && release_due(*current());
        auto group = new_group(*current());
        if (content || release || templates || group)
            replaced = rebuild({.content = content,
                                .release = release,
                                .templates = templates,
                                .group = group,
                                .reason = content    ? "database changed"
                                          : release  ? "scheduled post due"
                                          : templates ? "templates changed"
                                                      : "group changed",
                                .probe = &probe})
                           .replaced;
    }
    retire(std::move(replaced));
    return current();
}

bool SiteHolder::reload(std::string_view reason, TemplateReload templates) {
    std::shared_ptr<const Site> replaced;
    bool ok = false;
    {
        std::lock_guard lock(reload_mutex_);
        auto rebuilt = rebuild({.content = true,
                                .templates = true,
                                .load_templates = templates == TemplateReload::load,
                                .group = new_group(*current()),
                                .force = true,
                                .reason = reason});
        ok = rebuilt.ok;
        replaced = std::move(rebuilt.replaced);
    }
    retire(std::move(replaced));
    return ok;
}

// A load that met a lock is tried again, but not by every request queued
// behind it: each would wait out the busy timeout in turn.
bool SiteHolder::retry_due() const {
    auto at = retry_at_ms_.load();
    return at != 0 && monotonic_ms() >= at;
}

// After the reload lock is let go, so a request waiting for the new version
// does not also wait for the old one to be freed.
void SiteHolder::retire(std::shared_ptr<const Site> replaced) {
    if (!replaced) return;
    replaced.reset();
    release_free_memory();  // the rows just read, and the version replaced if nothing else holds it
}

SiteHolder::Rebuilt SiteHolder::rebuild(const RebuildWhat& what) {
    struct Flag {
        std::atomic<bool>& flag;
        explicit Flag(std::atomic<bool>& f) : flag(f) { flag = true; }
        ~Flag() { flag = false; }
    } rebuilding(rebuilding_);
    auto started = std::chrono::steady_clock::now();
    auto old = current();
    auto new_content = old->content;
    auto new_templates = old->templates;
    std::string error;
    if (what.content) {
        content_epoch_.fetch_add(1);  // before reading: see refresh()
        std::string file = db_fingerprint(source_.db_path);
        retry_at_ms_ = 0;
        try {
            new_content = load_content_version(source_.db_path, old->content, what.probe, source_.now_unix(),
                                               source_.mount, &reader_);
            rejected_db_.reset();
        } catch (const BusyError& e) {
            // Locked past the busy timeout (a long transaction elsewhere): the
            // file is fine, and the commit the probe saw is not loaded yet.
            retry_at_ms_ = monotonic_ms() + limits::busy_retry_interval_ms;
            error = std::string(e.what()) + " (tried again at the next request or check)";
        } catch (const std::exception& e) {
            rejected_db_ = file;
            error = e.what();
        }
    }
    if (what.release) new_content = relisted(*old->content, source_.now_unix());
    if (what.templates) {
        // The set keeps its last good templates when a load is refused, and
        // the same object when the sources are unchanged.
        auto loaded = what.load_templates ? source_.templates->reload() : source_.templates->fresh();
        if (loaded.templates) new_templates = std::move(loaded.templates);
        if (!loaded.error.empty()) error += (error.empty() ? "" : "; ") + loaded.error;
    }
    // A successful forced reload always installs a new generation (whose
    // pages' inputs are compared all the same: unchanged pages stay valid).
    auto group = what.group ? what.group : old->group;
    bool changed = (what.force && error.empty()) || new_content != old->content || new_templates != old->templates ||
                   group != old->group;
    if (changed) install(new_content, new_templates, group);
    auto took = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);
    if (changed || !error.empty()) record({.reason = what.reason, .installed = changed, .error = error, .us = took.count()});
    return {.ok = error.empty(), .replaced = std::move(old)};
}

std::shared_ptr<const Group> SiteHolder::new_group(const Site& serving) const {
    if (!source_.group) return nullptr;
    auto group = source_.group();
    return group != serving.group ? group : nullptr;
}

void SiteHolder::install(std::shared_ptr<const LoadedContent> content, std::shared_ptr<const Templates> templates,
                         std::shared_ptr<const Group> group) {
    auto site = std::make_shared<Site>();
    site->generation = next_generation_++;
    site->last_modified_unix = std::max({content->modified_unix, templates->modified_unix(), group ? group->modified_unix : 0});
    site->group = std::move(group);
    site->content = std::move(content);
    site->templates = std::move(templates);
    site->stamps = next_stamps(*current(), *site);  // pages whose inputs are unchanged stay cached
    std::lock_guard lock(current_mutex_);
    current_ = std::move(site);
}

void SiteHolder::record(const RebuildReport& report) {
    auto generation = static_cast<std::int64_t>(current()->generation);
    if (report.installed)
        log(Level::info, LogEvent("reload").add("generation", generation).add("reason", report.reason).add("us", report.us));
    if (!report.error.empty())  // `generation`: the one still serving
        log(Level::error, LogEvent("reload_rejected")
                              .add("generation", generation)
                              .add("reason", report.reason)
                              .add("error", report.error));
    if (observer_) observer_({.installed = report.installed, .refused = !report.error.empty()});
    std::lock_guard lock(current_mutex_);
    last_reload_ = {std::chrono::system_clock::now(), std::string(report.reason), report.error.empty(),
                    std::string(report.error)};
}

}  // namespace vitae

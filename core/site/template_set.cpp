#include "site/template_set.hpp"

#include "base/error.hpp"

namespace vitae {

namespace {

std::vector<std::filesystem::path> watched(const std::filesystem::path& shared, const std::filesystem::path& overrides) {
    if (overrides.empty()) return {shared};
    return {shared, overrides};
}

// Equal sources, equal templates: keeping the loaded object keeps every
// page's cached copy and stamp (a no-op write, a touch, a SIGHUP).
bool same_sources(const Templates& a, const Templates& b) {
    return a.sources() == b.sources() && a.catalogues().sources() == b.catalogues().sources();
}

}  // namespace

TemplateSet::TemplateSet(std::filesystem::path shared_dir, std::filesystem::path overrides_dir)
    : TemplateSet(std::move(shared_dir), std::move(overrides_dir), nullptr) {}

TemplateSet::TemplateSet(std::filesystem::path shared_dir, std::filesystem::path overrides_dir,
                         std::shared_ptr<const Templates> seed)
    : shared_dir_(std::move(shared_dir)),
      overrides_dir_(std::move(overrides_dir)),
      watch_(watched(shared_dir_, overrides_dir_)) {
    std::lock_guard lock(load_mutex_);
    // The watch is up and drained before the files are read, as in load():
    // a write from here on is an event, and the next fresh() loads it.
    watch_.drain();
    bool matches = false;
    try {
        matches = seed && Templates::files_match(*seed, shared_dir_, overrides_dir_);
    } catch (const std::exception&) {
        matches = false;  // load() says why
    }
    if (!matches) {
        load();
        return;
    }
    std::lock_guard current(current_mutex_);
    current_ = std::move(seed);
    current_id_ = current_->id();
}

std::shared_ptr<const Templates> TemplateSet::current() const {
    std::lock_guard lock(current_mutex_);
    return current_;
}

std::shared_ptr<const Templates> TemplateSet::current_or_throw() const {
    std::lock_guard lock(current_mutex_);
    if (!current_) throw Error(error_);
    return current_;
}

std::string TemplateSet::last_error() const {
    std::lock_guard lock(current_mutex_);
    return error_;
}

// The watch first: a load that took the events set loading_ before it
// drained them, and clears it only after swapping its result in.
bool TemplateSet::pending() { return watch_.pending() || loading_.load(); }

TemplateSet::Loaded TemplateSet::fresh() {
    if (!pending()) return {.templates = current(), .attempted = false, .error = {}};
    std::lock_guard lock(load_mutex_);
    // Another thread's load may have taken the events while this one waited.
    if (!watch_.pending()) return {.templates = current(), .attempted = false, .error = {}};
    return load();
}

TemplateSet::Loaded TemplateSet::reload() {
    std::lock_guard lock(load_mutex_);
    return load();
}

TemplateSet::Loaded TemplateSet::load() {
    struct Flag {
        std::atomic<bool>& flag;
        explicit Flag(std::atomic<bool>& f) : flag(f) { flag = true; }
        ~Flag() { flag = false; }
    } loading(loading_);
    watch_.drain();  // before reading, so a write during the load triggers another
    std::shared_ptr<const Templates> loaded;
    std::string error;
    try {
        loaded = Templates::load(shared_dir_, overrides_dir_);
    } catch (const std::exception& e) {
        error = e.what();
    }
    std::lock_guard lock(current_mutex_);
    error_ = error;
    if (loaded && !(current_ && same_sources(*loaded, *current_))) {
        current_ = std::move(loaded);
        current_id_ = current_->id();
    }
    return {.templates = current_, .attempted = true, .error = std::move(error)};
}

}  // namespace vitae

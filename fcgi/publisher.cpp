#include "publisher.hpp"

#include <chrono>
#include <unordered_set>

#include "log.hpp"
#include "page_inputs.hpp"
#include "pages.hpp"

namespace vitae {

namespace {

using Clock = std::chrono::steady_clock;

std::string microseconds(Clock::duration d) {
    return std::to_string(std::chrono::duration_cast<std::chrono::microseconds>(d).count());
}

}  // namespace

// The copies live in a runtime directory and are all rewritten at every
// start, so a crash can lose nothing that fsync would have kept.
Publisher::Publisher(PageSource& pages, const std::filesystem::path& dir, WorkerMetrics& metrics)
    : pages_(pages), metrics_(metrics), tree_(dir, Durability::rebuilt_on_start), workspace_(pages) {}

void Publisher::publish(const Site& site, const std::atomic<bool>& stopping) {
    auto started = Clock::now();
    Clock::duration rendering{0};
    std::int64_t rendered = 0, failed = 0;
    std::unordered_set<std::string> paths;
    for (auto& path : site_paths(site)) {
        if (stopping.load()) return;
        auto [it, fresh] = written_.try_emplace(path, 0);
        paths.insert(std::move(path));
        PageRef ref = page_ref(route(it->first), site);
        if (!fresh && it->second >= page_stamp(ref, site)) continue;  // its inputs did not change
        auto file = file_for_path(it->first);
        try {
            auto before = Clock::now();
            auto page = pages_.render_page(site, ref, workspace_);
            rendering += Clock::now() - before;
            tree_.write(file, page->body, page->gzip);
            it->second = site.generation;
            ++rendered;
        } catch (const std::exception& e) {
            log_error("publish " + in_quotes(it->first) + ": " + e.what() + "; nginx falls back to the worker");
            tree_.remove(file);
            written_.erase(it);
            ++failed;
        }
    }
    for (auto it = written_.begin(); it != written_.end();) {  // pages the site no longer has
        if (paths.contains(it->first)) {
            ++it;
            continue;
        }
        tree_.remove(file_for_path(it->first));
        it = written_.erase(it);
    }
    auto took = Clock::now() - started;
    metrics_.count_publish(took);
    log(Level::info, LogEvent("publish")
                         .add("generation", static_cast<std::int64_t>(site.generation))
                         .add("pages", static_cast<std::int64_t>(written_.size()))
                         .add("rendered", rendered)
                         .add("failed", failed)
                         .add("us", microseconds(took))
                         .add("render_us", microseconds(rendering)));
}

}  // namespace vitae

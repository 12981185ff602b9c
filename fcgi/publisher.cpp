#include "publisher.hpp"

#include <chrono>

#include "log.hpp"
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

void Publisher::publish(const Site& site) {
    auto started = Clock::now();
    Clock::duration rendering{0};
    std::set<std::filesystem::path> written;
    for (const auto& path : site_paths(site)) {
        bool hit = false;
        auto before = Clock::now();
        auto page = pages_.page(site, route(path), workspace_, hit);
        rendering += Clock::now() - before;
        auto file = file_for_path(path);
        tree_.write(file, page->body, page->gzip);
        written.insert(std::move(file));
    }
    tree_.remove_except(published_, written);
    auto took = Clock::now() - started;
    metrics_.count_publish(took);
    log(Level::info, LogEvent("publish")
                         .add("generation", static_cast<std::int64_t>(site.generation))
                         .add("pages", static_cast<std::int64_t>(written.size()))
                         .add("us", microseconds(took))
                         .add("render_us", microseconds(rendering)));
    published_ = std::move(written);
}

}  // namespace vitae

#include "fcgi/publisher.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

#include "base/log.hpp"
#include "site/page_inputs.hpp"
#include "site/pages.hpp"

namespace vitae {

namespace {

using Clock = std::chrono::steady_clock;

// A thread per this many pages (up to threads_): an edit of the
// owner's name re-renders 18 pages of the shipped site, 13 ms on one
// thread and 8.5 ms on two (render and gzip are most of it); a helper
// costs a thread start, about 50 µs.
constexpr std::size_t min_pages_per_thread = 8;

// Pages whose data holds every publication or post at once.
bool is_big_list(RouteKind kind) { return kind == RouteKind::publications || kind == RouteKind::blog_index; }

std::string microseconds(Clock::duration d) {
    return std::to_string(std::chrono::duration_cast<std::chrono::microseconds>(d).count());
}

}  // namespace

// A page to write: rendered by whichever publishing thread takes it next.
struct Publisher::Job {
    const std::string* path;
    PageRef ref;
    Clock::duration rendering{0};
    std::string error;  // empty: written
    bool done = false;
};

// The copies live in a runtime directory and are all rewritten at every
// start, so a crash can lose nothing that fsync would have kept.
Publisher::Publisher(PageSource& pages, const std::filesystem::path& dir, WorkerMetrics& metrics, int threads)
    : pages_(pages), metrics_(metrics), tree_(dir, Durability::rebuilt_on_start),
      threads_(static_cast<std::size_t>(std::max(1, threads))) {}

void Publisher::run_jobs(const Site& site, std::vector<Job>& jobs, const std::atomic<bool>& stopping) {
    auto run = [&](Job& job) {
        try {
            auto before = Clock::now();
            auto page = pages_.render_page(site, job.ref);
            job.rendering = Clock::now() - before;
            tree_.write(file_for_path(*job.path), page->body, page->gzip);
        } catch (const std::exception& e) {
            job.error = e.what();
        }
        job.done = true;
    };
    // Threads only when there is enough to share; alone, the big lists go
    // last, so the edited page itself is out first.
    std::size_t helpers = std::min(threads_, jobs.size() / min_pages_per_thread + 1) - 1;
    if (helpers == 0) {
        std::stable_partition(jobs.begin(), jobs.end(), [](const Job& job) { return !is_big_list(job.ref.kind); });
        for (auto& job : jobs)
            if (!stopping.load()) run(job);
        return;
    }
    // The big lists are rendered one at a time, by this thread, while the
    // others take the rest: two lists of thousands of papers side by side
    // would double the memory a publish peaks at.
    auto lists_end =
        std::stable_partition(jobs.begin(), jobs.end(), [](const Job& job) { return is_big_list(job.ref.kind); });
    auto lists = static_cast<std::size_t>(lists_end - jobs.begin());
    std::atomic<std::size_t> next{lists};
    auto share = [&] {
        for (std::size_t i; !stopping.load() && (i = next.fetch_add(1)) < jobs.size();) run(jobs[i]);
    };
    std::vector<std::thread> threads;
    for (std::size_t t = 1; t <= helpers; ++t) threads.emplace_back(share);
    for (std::size_t i = 0; i < lists && !stopping.load(); ++i) run(jobs[i]);
    share();
    for (auto& t : threads) t.join();
}

void Publisher::withdraw() {
    later_.withdraw();
    for (const auto& [path, generation] : written_) tree_.remove(file_for_path(path));
    written_.clear();
    complete_ = 0;
}

void Publisher::publish(const std::shared_ptr<const Site>& version, const std::atomic<bool>& stopping) {
    auto started = Clock::now();
    const Site& site = *version;
    std::vector<std::string> paths = site_paths(site);
    std::vector<std::string> later;  // LaterPages' (never in written_)
    std::vector<Job> jobs;
    for (const auto& path : paths) {
        PageRef ref = page_ref(site_route(site, path), site);
        if (LaterPages::is_later(ref.kind)) {
            later.push_back(path);
            continue;
        }
        auto it = written_.find(path);
        if (it == written_.end() || it->second < page_stamp(ref, site)) jobs.push_back({&path, ref, {}, {}, false});
    }
    run_jobs(site, jobs, stopping);
    Clock::duration rendering{0};
    std::int64_t rendered = 0, failed = 0;
    for (const auto& job : jobs) {
        if (!job.done) continue;  // stopped first
        rendering += job.rendering;
        if (job.error.empty()) {
            written_[*job.path] = site.generation;
            ++rendered;
            continue;
        }
        log_error("publish " + in_quotes(*job.path) + ": " + job.error + "; nginx falls back to the worker");
        tree_.remove(file_for_path(*job.path));
        written_.erase(*job.path);
        ++failed;
    }
    if (stopping.load()) return;
    // Pages the site no longer has; none unless its set of pages (the sitemap's input) changed.
    if (complete_ == 0 || (*site.stamps)[0].sitemap > complete_) remove_unlisted(tree_, written_, paths);
    complete_ = site.generation;
    later_.publish(version, std::move(later));
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

// GET /_vitae/metrics: counters and gauges in the Prometheus text format
// (version 0.0.4). Each worker process counts into its own WorkerMetrics,
// which lives in the supervisor's shared mapping (SharedProcessState), so a
// scrape answered by any one worker sums every worker's slot: the numbers are
// the service's, not one process's, and survive a worker's restart (the new
// process keeps counting in the same slot). Without a supervisor
// (--workers 0, unit tests) the handler counts into a slot of its own.
// Every field is a lock-free atomic touched with relaxed order: the request
// path never takes a lock, a scrape reads a few thousand words.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "http/page_cache.hpp"
#include "http/router.hpp"

namespace vitae {

namespace metrics {

// Every status the worker sends; anything else counts as "other".
inline constexpr std::array<int, 9> statuses = {200, 301, 304, 400, 404, 405, 414, 500, 503};
inline constexpr int status_columns = statuses.size() + 1;
// Route label for requests refused before routing (400, 414, 405).
inline constexpr int unrouted = route_kind_count;
inline constexpr int route_rows = route_kind_count + 1;
// Upper bounds of the render-time buckets, seconds; a last bucket is +Inf.
inline constexpr std::array<double, 11> render_buckets = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                          0.05,   0.1,   0.25,   0.5,   1.0};

}  // namespace metrics

using Counter = std::atomic<std::uint64_t>;
static_assert(Counter::is_always_lock_free, "metrics cross processes");

// One process's numbers. Trivially laid out atomics only: it is placed in a
// MAP_SHARED mapping and written by one process, read by any.
struct WorkerMetrics {
    Counter requests[metrics::route_rows][metrics::status_columns] = {};
    Counter cache_hits{0};    // requests answered from the page cache
    Counter cache_misses{0};  // requests that rendered their page
    Counter render_buckets[metrics::render_buckets.size() + 1] = {};  // per bucket, not cumulative
    Counter render_ns{0};
    Counter reloads{0};            // new site versions installed
    Counter reload_rejections{0};  // versions refused (bad database or templates)
    Counter publishes{0};
    Counter publish_ns{0};
    Counter publish_last_ns{0};
    // Gauges, refreshed by the process about once a second and before it answers a scrape.
    Counter generation{0};
    Counter cache_entries{0};
    Counter cache_bytes{0};
    // Many sites (--sites): how many there are and are loaded (gauges), loads,
    // unloads and failed loads (counters). Totals, never a label per site: a
    // registry of thousands would be thousands of series.
    Counter sites_registered{0};
    Counter sites_loaded{0};
    Counter site_loads{0};
    Counter site_unloads{0};
    Counter site_load_failures{0};
    // --purge: requests sent to the caches in front, and those that failed
    // (no answer in time, or not a 2xx); batches dropped from a full queue.
    Counter purge_requests{0};
    Counter purge_failures{0};
    Counter purges_dropped{0};
    // A gauge: accessibility findings in the content of the sites this
    // process has loaded (vitae check --accessibility lists them).
    Counter accessibility_findings{0};

    void count_request(int route, int status);
    void count_render(std::chrono::nanoseconds took);
    void count_publish(std::chrono::nanoseconds took);
    void set_gauges(std::uint64_t site_generation, const CacheStats& cache);
};

// Where a process counts and what a scrape sums.
struct MetricsScope {
    WorkerMetrics* own = nullptr;                // this process's slot
    std::vector<const WorkerMetrics*> workers;   // every slot a scrape sums, `own` included
    const Counter* restarts = nullptr;           // the supervisor's count; none without one
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();  // of the service
};

// The exposition text for every slot in `scope`.
std::string metrics_text(const MetricsScope& scope);

// The index WorkerMetrics::requests uses for a status code.
int status_column(int status);

}  // namespace vitae

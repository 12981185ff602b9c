// Process model: the main process holds the listening socket and keeps
// --workers serving processes (each multi-threaded) alive. A worker that dies
// (crash, kill -9, an abort inside libfcgi such as CVE-2025-23016's assert)
// is replaced at once while the others keep serving; a crash loop backs off.
// The supervisor forwards SIGHUP, stops everything on SIGTERM, and pings the
// systemd watchdog only while every worker reports that its request threads
// make progress; a worker stuck past limits::stuck_request_ms is killed.
// Workers and supervisor share one small anonymous mapping (heartbeats, pids,
// the restart count, each worker's metrics counters); it is the only state the
// processes share.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "base/limits.hpp"
#include "fcgi/config.hpp"
#include "fcgi/core/listener.hpp"
#include "fcgi/metrics.hpp"
#include "site/site.hpp"

namespace vitae {

struct SharedProcessState {
    // A worker's place in the table: `slot` in the supervisor is its index.
    struct WorkerSlot {
        std::atomic<pid_t> pid{0};
        std::atomic<std::int64_t> heartbeat_ms{0};  // last time the worker reported progress
        std::atomic<std::int64_t> started_ms{0};
        WorkerMetrics metrics;  // written by the worker in this slot, summed by whichever answers a scrape
    };
    std::atomic<std::uint64_t> restarts{0};
    WorkerSlot slots[limits::max_workers];
};
static_assert(std::atomic<std::int64_t>::is_always_lock_free, "heartbeats cross processes");

class Supervisor {
public:
    // `last_good` is the site validated at start; a worker restarted while the
    // files are bad starts from it. SIGHUP refreshes it when the files load.
    Supervisor(const Config& config, const Listener& listener, std::shared_ptr<const Site> last_good);
    ~Supervisor();
    Supervisor(const Supervisor&) = delete;
    Supervisor& operator=(const Supervisor&) = delete;

    int run();  // until SIGTERM/SIGINT; returns the exit code

private:
    void spawn(int slot);
    void reap();
    void check_heartbeats();
    void forward(int signo);
    void stop_workers();
    std::string process_json(int slot) const;
    MetricsScope metrics_scope(int slot) const;

    const Config& config_;
    const Listener& listener_;
    std::shared_ptr<const Site> last_good_;
    SharedProcessState* shared_;  // mmap'd MAP_SHARED before any fork
    std::int64_t retry_at_ms_[limits::max_workers] = {};   // 0: no restart pending
    int backoff_ms_[limits::max_workers] = {};
    bool stopping_ = false;
    const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace vitae

// Tells the caches in front of the worker (--purge URL, repeatable: Varnish
// with vitae.vcl, varnish/) which surrogate keys changed, so an edit is live
// through the cache within milliseconds while every other page stays a hit.
// SiteFollower hands it each commit's keys (site/surrogate_keys); its own
// thread sends them, so neither the follower nor a request thread ever waits
// on the network. One request per URL and batch: `PURGE /` with the keys in
// `xkey-softpurge` (a soft purge: the cache may still answer from the old
// copy if the worker is down, and revalidates it by ETag). Each batch is sent
// again purge_repeat_ms later: a page the cache fetched from the old version
// while the first purge was on its way is then purged too. Every request has
// a connect and a total timeout (base/limits.hpp); a failure is logged and
// counted (vitae_purge_failures_total), never retried beyond that repeat.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "fcgi/metrics.hpp"
#include "fcgi/purge_request.hpp"

namespace vitae {

class Purger {
public:
    // Throws UsageError for a URL that is not http://HOST[:PORT][/PATH].
    Purger(std::vector<std::string> urls, WorkerMetrics& metrics);
    ~Purger();
    Purger(const Purger&) = delete;
    Purger& operator=(const Purger&) = delete;

    // Queues `keys` (never blocks on the network). A full queue drops its
    // oldest batch for `fallback` (the site's own key), counted.
    void purge(std::vector<std::string> keys, const std::string& fallback);

private:
    using Clock = std::chrono::steady_clock;
    struct Batch {
        std::vector<std::string> keys;
        Clock::time_point due;
        bool repeat;  // to be sent again purge_repeat_ms after this send
    };
    void run();
    void send(const std::vector<std::string>& keys);

    struct Cache {
        std::string url;  // as given, for the log
        PurgeTarget target;
    };
    std::vector<Cache> caches_;
    WorkerMetrics& metrics_;
    std::mutex mutex_;  // guards queue_, stopping_
    std::condition_variable wake_;
    std::deque<Batch> queue_;
    bool stopping_ = false;
    std::thread thread_;  // last: started once the rest is built
};

}  // namespace vitae

#include "fcgi/purger.hpp"

#include <algorithm>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"

namespace vitae {

namespace {

// Varnish's default http_req_hdr_len is 8 KB: a longer key list is split.
constexpr std::size_t purge_header_max_bytes = 4000;

// The keys as header values, each under purge_header_max_bytes.
std::vector<std::string> key_lines(const std::vector<std::string>& keys) {
    std::vector<std::string> lines(1);
    for (const auto& key : keys) {
        if (!lines.back().empty() && lines.back().size() + 1 + key.size() > purge_header_max_bytes) lines.emplace_back();
        if (!lines.back().empty()) lines.back() += ' ';
        lines.back() += key;
    }
    return lines;
}

}  // namespace

Purger::Purger(std::vector<std::string> urls, WorkerMetrics& metrics) : metrics_(metrics) {
    for (auto& url : urls) {
        PurgeTarget target = parse_purge_url(url);
        caches_.push_back({.url = std::move(url), .target = std::move(target)});
    }
    thread_ = std::thread([this] { run(); });
}

Purger::~Purger() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void Purger::purge(std::vector<std::string> keys, const std::string& fallback) {
    if (keys.empty()) return;
    {
        std::lock_guard lock(mutex_);
        if (queue_.size() >= limits::purge_queue_max) {
            queue_.pop_front();
            metrics_.purges_dropped.fetch_add(1, std::memory_order_relaxed);
            queue_.push_back({.keys = {fallback}, .due = Clock::now(), .repeat = true});
        }
        queue_.push_back({.keys = std::move(keys), .due = Clock::now(), .repeat = true});
    }
    wake_.notify_one();
}

// Sends every batch that is due, merged; schedules the repeats.
void Purger::run() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        auto now = Clock::now();
        std::vector<std::string> keys;
        bool repeat = false;
        for (auto it = queue_.begin(); it != queue_.end();) {
            if (it->due > now) {
                ++it;
                continue;
            }
            keys.insert(keys.end(), it->keys.begin(), it->keys.end());
            repeat = repeat || it->repeat;
            it = queue_.erase(it);
        }
        if (keys.empty()) {
            auto next = std::min_element(queue_.begin(), queue_.end(), [](const Batch& a, const Batch& b) { return a.due < b.due; });
            if (next == queue_.end()) wake_.wait(lock);
            else wake_.wait_until(lock, next->due);
            continue;
        }
        std::sort(keys.begin(), keys.end());
        keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
        if (repeat) queue_.push_back({.keys = keys, .due = now + std::chrono::milliseconds(limits::purge_repeat_ms), .repeat = false});
        lock.unlock();
        send(keys);
        lock.lock();
    }
}

void Purger::send(const std::vector<std::string>& keys) {
    auto started = Clock::now();
    std::int64_t failed = 0;
    for (const auto& cache : caches_) {
        for (const auto& line : key_lines(keys)) {
            metrics_.purge_requests.fetch_add(1, std::memory_order_relaxed);
            std::string why = send_purge(cache.target, "xkey-softpurge", line, limits::purge_connect_timeout_ms,
                                         limits::purge_timeout_ms);
            if (why.empty()) continue;
            ++failed;
            metrics_.purge_failures.fetch_add(1, std::memory_order_relaxed);
            log_error("purge " + in_quotes(cache.url) + ": " + why + "; its pages may stay stale for up to " +
                      std::to_string(limits::surrogate_max_age_s) + " s");
        }
    }
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count();
    log(Level::info, LogEvent("purge")
                         .add("keys", static_cast<std::int64_t>(keys.size()))
                         .add("caches", static_cast<std::int64_t>(caches_.size()))
                         .add("failed", failed)
                         .add("us", static_cast<std::int64_t>(us)));
}

}  // namespace vitae

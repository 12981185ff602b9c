#include "fcgi/purger.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <memory>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"

namespace vitae {

namespace {

// Varnish's default http_req_hdr_len is 8 KB: a longer key list is split.
constexpr std::size_t purge_header_max_bytes = 4000;

struct CurlDeleter {
    void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
using CurlHandle = std::unique_ptr<CURL, CurlDeleter>;

struct CurlHeaders {
    curl_slist* list = nullptr;
    ~CurlHeaders() { curl_slist_free_all(list); }
};

std::size_t discard_body(char*, std::size_t size, std::size_t count, void*) { return size * count; }

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

// One PURGE; empty when the cache answered 2xx, else why not.
std::string purge_request(CURL* curl, const std::string& url, const std::string& keys) {
    CurlHeaders headers;
    headers.list = curl_slist_append(nullptr, ("xkey-softpurge: " + keys).c_str());
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, "PURGE");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.list);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, limits::purge_connect_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, limits::purge_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // a thread of a multi-threaded process
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard_body);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    CURLcode rc = curl_easy_perform(curl);
    if (rc != CURLE_OK) return curl_easy_strerror(rc);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    if (status < 200 || status > 299) return "answered " + std::to_string(status);
    return {};
}

}  // namespace

void check_purge_url(std::string_view url) {
    bool scheme = url.starts_with("http://") || url.starts_with("https://");
    auto host = url.substr(url.find("://") == std::string_view::npos ? 0 : url.find("://") + 3);
    if (!scheme || host.empty() || host.front() == '/' || url.find_first_of(" \t\r\n") != std::string_view::npos)
        throw UsageError("--purge: \"" + std::string(url) + "\" is not an http:// or https:// URL with a host");
}

Purger::Purger(std::vector<std::string> urls, WorkerMetrics& metrics) : urls_(std::move(urls)), metrics_(metrics) {
    for (const auto& url : urls_) check_purge_url(url);
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) throw Error("purge: curl_global_init failed");
    thread_ = std::thread([this] { run(); });
}

Purger::~Purger() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
    curl_global_cleanup();
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
    for (const auto& url : urls_) {
        CurlHandle curl(curl_easy_init());
        for (const auto& line : key_lines(keys)) {
            metrics_.purge_requests.fetch_add(1, std::memory_order_relaxed);
            std::string why = curl ? purge_request(curl.get(), url, line) : "curl_easy_init failed";
            if (why.empty()) continue;
            ++failed;
            metrics_.purge_failures.fetch_add(1, std::memory_order_relaxed);
            log_error("purge " + in_quotes(url) + ": " + why + "; its pages may stay stale for up to " +
                      std::to_string(limits::surrogate_max_age_s) + " s");
        }
    }
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count();
    log(Level::info, LogEvent("purge")
                         .add("keys", static_cast<std::int64_t>(keys.size()))
                         .add("caches", static_cast<std::int64_t>(urls_.size()))
                         .add("failed", failed)
                         .add("us", static_cast<std::int64_t>(us)));
}

}  // namespace vitae

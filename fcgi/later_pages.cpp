#include "fcgi/later_pages.hpp"

#include <algorithm>
#include <chrono>

#include "base/limits.hpp"
#include "base/log.hpp"
#include "site/cv_pdf_child.hpp"
#include "site/page_inputs.hpp"
#include "site/pages.hpp"

namespace vitae {

namespace {

using LaterClock = std::chrono::steady_clock;

}  // namespace

void LaterPages::publish(std::shared_ptr<const Site> site, std::vector<std::string> paths) {
    bool start = false;
    {
        std::lock_guard lock(mutex_);
        last_publish_ = LaterClock::now();
        if (!next_) behind_since_ = last_publish_;
        next_ = std::move(site);
        next_paths_ = std::move(paths);
        start = !running_;
        running_ = true;
    }
    if (!start) {
        wake_.notify_one();
        return;
    }
    if (thread_.joinable()) thread_.join();  // the last round's thread, which has returned or is returning
    thread_ = std::thread([this] { run(); });
}

void LaterPages::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

void LaterPages::withdraw() {
    stop();
    for (const auto& [path, generation] : written_) tree_.remove(file_for_path(path));
    written_.clear();
    next_.reset();
    running_ = false;
    stopping_ = false;  // a later publish starts a thread again
}

// Until nothing is left to do: a thread per round, not per publisher for
// its whole life (a directory of sites has a publisher per loaded site).
void LaterPages::run() {
    CvPdfCancel cancel(stopping_, limits::cv_pdf_background_timeout_ms);  // a stop kills the child this thread waits for
    int retry_ms = 0;
    std::unique_lock lock(mutex_);
    while (!stopping_ && next_) {
        auto due = std::min(last_publish_ + std::chrono::milliseconds(limits::cv_pdf_quiet_ms),
                            behind_since_ + std::chrono::milliseconds(limits::cv_pdf_max_delay_ms));
        // Nothing written yet (a start): at once, there is no older file to serve meanwhile.
        if (!written_.empty() && LaterClock::now() < due) {
            wake_.wait_until(lock, due, [&] { return stopping_.load(); });
            continue;  // a publish meanwhile moved the quiet time on
        }
        auto site = next_;
        auto paths = next_paths_;
        lock.unlock();
        bool written = bring_up_to(*site, paths);
        lock.lock();
        if (written) {
            if (next_ == site) next_.reset();  // else a newer one came meanwhile
            retry_ms = 0;
            continue;
        }
        retry_ms = std::clamp(retry_ms * 2, limits::cv_pdf_retry_min_ms, limits::cv_pdf_retry_max_ms);
        wake_.wait_for(lock, std::chrono::milliseconds(retry_ms), [&] { return stopping_.load() || next_ != site; });
    }
    running_ = false;
}

// False if a page failed (its last good file stays) or a stop came first.
bool LaterPages::bring_up_to(const Site& site, const std::vector<std::string>& paths) {
    auto started = LaterClock::now();
    std::int64_t rendered = 0, failed = 0;
    for (const auto& path : paths) {
        if (stopping_) return false;
        PageRef ref = page_ref(site_route(site, path), site);
        auto it = written_.find(path);
        if (it != written_.end() && it->second >= page_stamp(ref, site)) continue;
        try {
            auto page = pages_.render_page(site, ref);
            tree_.write(file_for_path(path), page->body, page->gzip);
            written_[path] = site.generation;
            ++rendered;
        } catch (const std::exception& e) {
            if (stopping_) return false;  // its child was killed by the stop
            log_error("publish " + in_quotes(path) + ": " + e.what() + "; nginx serves the last one written, tried again later");
            ++failed;
        }
    }
    remove_unlisted(tree_, written_, paths);
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(LaterClock::now() - started).count();
    log(Level::info, LogEvent("publish_later")
                         .add("generation", static_cast<std::int64_t>(site.generation))
                         .add("pages", static_cast<std::int64_t>(written_.size()))
                         .add("rendered", rendered)
                         .add("failed", failed)
                         .add("us", us));
    return failed == 0;
}

}  // namespace vitae

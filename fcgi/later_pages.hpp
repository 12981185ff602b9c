// The pages a publish leaves for later. /cv.pdf is typeset by a
// child process (core/site/cv_pdf_child), which takes from tens of
// milliseconds (the shipped site) to seconds (thousands of papers): on the
// swap's path it would hold back every HTML page behind it. So Publisher
// writes the other pages and hands these here: a thread (started when there
// is work, gone when there is none) brings them up to the newest site handed to it
// (a newer site replaces one not yet begun), while nginx keeps serving the
// file written before. It starts once publishes pause for
// limits::cv_pdf_quiet_ms, and at most limits::cv_pdf_max_delay_ms after
// the first one it has not caught up with: so the PDF follows the HTML
// pages by half a second and one child's run, a burst of edits costs one
// PDF, and steady editing cannot keep it stale. The first round (nothing
// written yet: nginx would ask the worker) starts at once. A page that fails keeps its last good file (or none: nginx
// then asks the worker, which makes it), is logged, and is tried again after
// a pause that doubles from limits::cv_pdf_retry_min_ms to _max_ms until it
// is written or a newer site comes. Each round logs event=publish_later.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "http/router.hpp"
#include "http/static_files.hpp"
#include "site/page_source.hpp"

namespace vitae {

class LaterPages {
public:
    LaterPages(PageSource& pages, StaticTree& tree) : pages_(pages), tree_(tree) {}
    ~LaterPages() { stop(); }
    LaterPages(const LaterPages&) = delete;
    LaterPages& operator=(const LaterPages&) = delete;

    // Whether a publish leaves pages of this kind here.
    static bool is_later(RouteKind kind) { return kind == RouteKind::cv_pdf; }

    // Brings `paths` (every later page `site` has) up to `site`, soon, and
    // removes the files of later pages it no longer has.
    void publish(std::shared_ptr<const Site> site, std::vector<std::string> paths);
    // Stops (a child being waited for is killed) and removes every file written.
    void withdraw();

private:
    void stop();
    void run();
    bool bring_up_to(const Site& site, const std::vector<std::string>& paths);

    PageSource& pages_;
    StaticTree& tree_;
    std::mutex mutex_;  // guards next_, next_paths_, running_ (and stopping_'s changes, for the waits)
    std::condition_variable wake_;
    std::shared_ptr<const Site> next_;  // the site to bring the pages up to; null: done
    std::vector<std::string> next_paths_;
    std::chrono::steady_clock::time_point last_publish_{};  // the newest publish() call
    std::chrono::steady_clock::time_point behind_since_{};  // the first publish() not yet caught up with
    bool running_ = false;  // a thread is in run(), or about to be
    std::atomic<bool> stopping_{false};
    std::thread thread_;
    std::unordered_map<std::string, std::uint64_t> written_;  // the thread's own: path -> generation written from
};

}  // namespace vitae

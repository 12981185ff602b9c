// The fast path (optional, --publish DIR): the pages of the current site as
// static files (and .gz beside them) in DIR, which nginx serves with
// try_files + gzip_static, falling back to the worker on a miss. The layout
// and the atomic writer are core/http/static_files, the same as `vitae
// export`'s. A publish writes only the pages whose inputs changed since their
// file was written (core/site/page_inputs) and removes those the site no
// longer has: an edit costs what it changes, not the size of the site. Pages
// are streamed to disk one at a time, never kept. SiteFollower calls
// publish() within milliseconds of a change: freshness here is "milliseconds
// after the commit", not read-your-writes (docs/operations.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "fcgi/later_pages.hpp"
#include "fcgi/metrics.hpp"
#include "http/static_files.hpp"
#include "site/page_source.hpp"

namespace vitae {

class Publisher {
public:
    // Throws Error if DIR cannot be created. Each publish is timed into `metrics`.
    Publisher(PageSource& pages, const std::filesystem::path& dir, WorkerMetrics& metrics, int threads);

    // Removes what an earlier process left in DIR: its pages may be stale,
    // and nginx falls back to the worker until they are written again.
    void clear() { tree_.clear(); }
    // Removes every file this publisher wrote (its site is unloaded: nginx
    // then asks the worker, which loads it again).
    void withdraw();

    // Brings DIR up to `site`, rendering on up to `threads` threads (a cold
    // publish of thousands of pages; an edit's few pages take one). Not
    // reentrant. Stops between two pages once `stopping` is set (the next
    // call, if any, finishes the work). A page that fails to render is logged
    // and its file removed, so nginx asks the worker (which answers, and
    // logs, the same error); the others go on. The pages LaterPages takes
    // (/cv.pdf) are handed to it and follow within about one child's run:
    // this returns once the others are written.
    void publish(const std::shared_ptr<const Site>& site, const std::atomic<bool>& stopping);

private:
    struct Job;
    void run_jobs(const Site& site, std::vector<Job>& jobs, const std::atomic<bool>& stopping);

    PageSource& pages_;
    WorkerMetrics& metrics_;
    StaticTree tree_;
    std::size_t threads_;  // publishing threads at most, this one included
    std::unordered_map<std::string, std::uint64_t> written_;  // URL path -> generation its file was rendered from
    std::uint64_t complete_ = 0;  // the generation the last publish that ran to its end brought DIR to
    LaterPages later_{pages_, tree_};  // declared last: its thread stops before the tree goes
};

}  // namespace vitae

// The fast path (optional, --publish DIR): every page of the current site is
// written as static files (and .gz beside them) into DIR, which nginx serves
// with try_files + gzip_static, falling back to the worker on a miss. The
// layout and the atomic writer are core/http/static_files, the same as
// `vitae export`'s; pages that no longer exist are removed. SiteFollower
// calls publish() within milliseconds of a change: freshness here is
// "milliseconds after the commit", not read-your-writes (docs/operations.md).
#pragma once

#include <filesystem>
#include <set>

#include "metrics.hpp"

#include "page_source.hpp"
#include "renderer.hpp"
#include "static_files.hpp"

namespace vitae {

class Publisher {
public:
    // Throws Error if DIR cannot be created.
    // Each publish is timed into `metrics`.
    Publisher(PageSource& pages, const std::filesystem::path& dir, WorkerMetrics& metrics);

    // Renders and writes every page of `site` now. One thread at a time.
    void publish(const Site& site);

private:
    PageSource& pages_;
    WorkerMetrics& metrics_;
    StaticTree tree_;
    PageWorkspace workspace_;
    std::set<std::filesystem::path> published_;  // relative paths written last time
};

}  // namespace vitae

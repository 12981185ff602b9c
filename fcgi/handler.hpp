// One request, start to finish, without FastCGI: validate, make sure the site
// is current, route, find the page in the cache or render it, choose the
// representation (gzip or not) and apply conditional GET. Each step is a
// function that returns a value; this file only wires them together.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "config.hpp"
#include "content_probe.hpp"
#include "http.hpp"
#include "page_cache.hpp"
#include "renderer.hpp"
#include "request.hpp"
#include "site.hpp"

namespace vitae {

// What each request thread owns: its template copies and its database probe.
struct ThreadState {
    explicit ThreadState(const std::string& db_path) : probe(db_path) {}
    PageRenderer renderer;
    ContentProbe probe;
};

// Every path that names a page of `site`, for exporting or publishing them all.
std::vector<std::string> site_paths(const Site& site);

class Handler {
public:
    Handler(SiteHolder& sites, PageCache& cache);

    // Never throws for bad input; a failure to render becomes a 500.
    Response handle(const RawRequest& raw, ThreadState& thread);

    // The current site, reloaded first if the probe or the template watch saw
    // a change: every change committed before this call is in what it returns.
    std::shared_ptr<const Site> fresh_site(ContentProbe& probe);

    // The page for a path, from the cache or rendered (for `--render`, tests, export).
    std::shared_ptr<const Page> page_for(const Site& site, std::string_view path, PageRenderer& renderer,
                                         bool& cache_hit, bool gzip_wanted = true);
    std::shared_ptr<const Page> page_for(std::string_view path, PageRenderer& renderer, bool& cache_hit);

    // The site's public URL for canonical links, the feed, sitemap and
    // robots.txt (Config::base_url). Set before serving: cached pages keep it.
    void set_base_url(std::string base_url) { base_url_ = std::move(base_url); }
    const std::string& base_url() const { return base_url_; }

    // Adds the supervisor's view (worker pids, restarts) to /_vitae/status.
    void set_process_json(std::function<std::string()> fn) { process_json_ = std::move(fn); }

private:
    Response status_response(const Request& request);

    SiteHolder& sites_;
    PageCache& cache_;
    const std::chrono::steady_clock::time_point started_;
    std::function<std::string()> process_json_;
    std::string base_url_{default_base_url};
};

}  // namespace vitae

// One request, start to finish, without FastCGI: validate, find the site
// (its host and path, with --sites), make sure the site is current, route
// once (its languages and the Accept header decide with the path), find
// the page in the cache or render it, choose the representation (gzip or
// not) and apply conditional GET. Each step is a function that returns a
// value; this file only wires them together.
#pragma once

#include <chrono>
#include <functional>
#include <mutex>
#include <string>

#include "fcgi/metrics.hpp"
#include "http/http.hpp"
#include "http/request.hpp"
#include "render/views/renderer.hpp"
#include "site/content_probe.hpp"
#include "site/page_source.hpp"
#include "site/site.hpp"
#include "sites/site_set.hpp"

namespace vitae {

// Which request thread this is: its slot in each loaded site (its template
// copies, its view of the page cache, its database probe).
struct ThreadState {
    std::size_t index = 0;
};

class Handler {
public:
    // Counts every loaded site's reloads (each site's reload observer).
    explicit Handler(SiteSet& sites);

    // Never throws for bad input; a failure to render becomes a 500.
    Response handle(const RawRequest& raw, ThreadState& thread);

    // Adds the supervisor's view (worker pids, restarts) to /_vitae/status.
    void set_process_json(std::function<std::string()> fn) { process_json_ = std::move(fn); }

    // Counts into `scope.own` and sums `scope.workers` on a scrape; until
    // called, the handler counts into a slot of its own. Before threads start.
    void set_metrics(MetricsScope scope) { metrics_ = std::move(scope); }
    WorkerMetrics& metrics() { return *metrics_.own; }  // this process's slot
    // This process's gauges (generation, cache size) into its slot.
    void refresh_gauges();

private:
    // What a routed request became; `route_row` labels it in the metrics.
    struct Answer {
        Response response = {};
        int route_row = metrics::unrouted;
    };
    Answer answer(const RawRequest& raw, ThreadState& thread);
    Answer site_answer(const Request& request, LoadedSite& site, std::string_view path, ThreadState& thread);
    Response status_response(const Request& request);
    Response metrics_response(const Request& request);
    Response page_response(const Request& request, const Route& route, LoadedSite& site, const Site& version,
                           ThreadState& thread);
    Response search_response(const Request& request, const Route& route, LoadedSite& site, const Site& version,
                             ThreadState& thread);
    PageLookup timed_page(LoadedSite& site, const Site& version, const Route& route, ThreadState& thread,
                          ContentCoding coding);
    SiteSet& sites_;
    std::mutex counted_mutex_;  // guards counted_
    SitesStats counted_;        // the site set's numbers already added to the metrics
    const std::chrono::steady_clock::time_point started_;
    std::function<std::string()> process_json_;
    WorkerMetrics local_metrics_;  // used until set_metrics()
    MetricsScope metrics_{&local_metrics_, {&local_metrics_}, nullptr, started_};
};

}  // namespace vitae

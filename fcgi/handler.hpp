// One request, start to finish, without FastCGI: validate, route once, make
// sure the site is current, find the page in the cache or render it, choose
// the representation (gzip or not) and apply conditional GET. Each step is a
// function that returns a value; this file only wires them together.
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "fcgi/metrics.hpp"
#include "http/http.hpp"
#include "http/request.hpp"
#include "render/views/renderer.hpp"
#include "site/content_probe.hpp"
#include "site/page_source.hpp"
#include "site/site.hpp"

namespace vitae {

// What each request thread owns: its template copies, its view of the page
// cache and its database probe.
struct ThreadState {
    ThreadState(const std::string& db_path, PageSource& source) : pages(source), probe(db_path) {}
    PageWorkspace pages;
    ContentProbe probe;
};

class Handler {
public:
    // Becomes `sites`' reload observer (for the reload counters).
    Handler(SiteHolder& sites, PageSource& pages);

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
    // What a routed request became; `route_slot` labels it in the metrics.
    struct Answer {
        Response response;
        int route_slot = metrics::unrouted;
    };
    Answer answer(const RawRequest& raw, ThreadState& thread);
    Response status_response(const Request& request);
    Response metrics_response(const Request& request);
    Response page_response(const Request& request, const Route& route, ThreadState& thread);
    PageLookup timed_page(const Site& site, const Route& route, ThreadState& thread, bool gzip_wanted);

    SiteHolder& sites_;
    PageSource& pages_;
    const std::chrono::steady_clock::time_point started_;
    std::function<std::string()> process_json_;
    WorkerMetrics local_metrics_;  // used until set_metrics()
    MetricsScope metrics_{&local_metrics_, {&local_metrics_}, nullptr, started_};
};

}  // namespace vitae

#include "fcgi/metrics.hpp"

#include <algorithm>
#include <cstdio>

namespace vitae {

namespace {

constexpr auto relaxed = std::memory_order_relaxed;

std::uint64_t sum(const MetricsScope& scope, const Counter WorkerMetrics::*field) {
    std::uint64_t total = 0;
    for (const auto* w : scope.workers) total += (w->*field).load(relaxed);
    return total;
}

std::string seconds(std::uint64_t ns) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(ns) / 1e9);
    return buf;
}

std::string number(double value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", value);
    return buf;
}

// Writes the exposition text, one family at a time.
class Text {
public:
    void family(std::string_view name, std::string_view type, std::string_view help) {
        out_ += "# HELP ";
        out_ += name;
        out_ += ' ';
        out_ += help;
        out_ += "\n# TYPE ";
        out_ += name;
        out_ += ' ';
        out_ += type;
        out_ += '\n';
    }
    void sample(std::string_view name, std::string_view labels, std::string_view value) {
        out_ += name;
        if (!labels.empty()) {
            out_ += '{';
            out_ += labels;
            out_ += '}';
        }
        out_ += ' ';
        out_ += value;
        out_ += '\n';
    }
    void sample(std::string_view name, std::string_view labels, std::uint64_t value) {
        sample(name, labels, std::to_string(value));
    }
    void counter(std::string_view name, std::string_view help, std::uint64_t value) {
        family(name, "counter", help);
        sample(name, {}, value);
    }
    void gauge(std::string_view name, std::string_view help, std::string_view value) {
        family(name, "gauge", help);
        sample(name, {}, value);
    }
    std::string take() { return std::move(out_); }

private:
    std::string out_;
};

std::string status_label(int column) {
    return column < static_cast<int>(metrics::statuses.size()) ? std::to_string(metrics::statuses[column]) : "other";
}

std::string_view route_label(int row) {
    return row == metrics::unrouted ? std::string_view("unrouted") : route_kind_name(static_cast<RouteKind>(row));
}

// Only the pairs that occurred: most route kinds never answer most statuses.
void requests(Text& text, const MetricsScope& scope) {
    text.family("vitae_requests_total", "counter", "Requests answered by the workers, by route kind and status.");
    for (int r = 0; r < metrics::route_rows; ++r) {
        for (int s = 0; s < metrics::status_columns; ++s) {
            std::uint64_t n = 0;
            for (const auto* w : scope.workers) n += w->requests[r][s].load(relaxed);
            if (n == 0) continue;
            text.sample("vitae_requests_total",
                        "route=\"" + std::string(route_label(r)) + "\",status=\"" + status_label(s) + "\"", n);
        }
    }
}

void render_histogram(Text& text, const MetricsScope& scope) {
    constexpr std::string_view name = "vitae_render_seconds";
    text.family(name, "histogram", "Time to render a page on a cache miss (requests only, not the publisher).");
    std::uint64_t cumulative = 0;
    for (std::size_t b = 0; b <= metrics::render_buckets.size(); ++b) {
        for (const auto* w : scope.workers) cumulative += w->render_buckets[b].load(relaxed);
        std::string le = b < metrics::render_buckets.size() ? number(metrics::render_buckets[b]) : "+Inf";
        text.sample("vitae_render_seconds_bucket", "le=\"" + le + "\"", cumulative);
    }
    text.sample("vitae_render_seconds_sum", {}, seconds(sum(scope, &WorkerMetrics::render_ns)));
    text.sample("vitae_render_seconds_count", {}, cumulative);  // the +Inf bucket, so they always agree
}

void publishing(Text& text, const MetricsScope& scope) {
    text.family("vitae_publish_seconds", "summary", "Time to write every page of a new site version (--publish).");
    text.sample("vitae_publish_seconds_sum", {}, seconds(sum(scope, &WorkerMetrics::publish_ns)));
    text.sample("vitae_publish_seconds_count", {}, sum(scope, &WorkerMetrics::publishes));
    std::uint64_t last = 0;  // one process publishes; the others stay 0
    for (const auto* w : scope.workers) last = std::max(last, w->publish_last_ns.load(relaxed));
    text.gauge("vitae_publish_last_seconds", "Duration of the latest publish.", seconds(last));
}

void per_worker_generation(Text& text, const MetricsScope& scope) {
    text.family("vitae_site_generation", "gauge", "Site version each worker process serves (counted per process).");
    for (std::size_t i = 0; i < scope.workers.size(); ++i)
        text.sample("vitae_site_generation", "worker=\"" + std::to_string(i) + "\"",
                    scope.workers[i]->generation.load(relaxed));
}

}  // namespace

int status_column(int status) {
    auto it = std::find(metrics::statuses.begin(), metrics::statuses.end(), status);
    return static_cast<int>(it - metrics::statuses.begin());  // the "other" column when absent
}

void WorkerMetrics::count_request(int route, int status) {
    requests[std::clamp(route, 0, metrics::unrouted)][status_column(status)].fetch_add(1, relaxed);
}

void WorkerMetrics::count_render(std::chrono::nanoseconds took) {
    double s = std::chrono::duration<double>(took).count();
    auto bucket = std::lower_bound(metrics::render_buckets.begin(), metrics::render_buckets.end(), s);
    render_buckets[bucket - metrics::render_buckets.begin()].fetch_add(1, relaxed);
    render_ns.fetch_add(static_cast<std::uint64_t>(took.count()), relaxed);
}

void WorkerMetrics::count_publish(std::chrono::nanoseconds took) {
    publishes.fetch_add(1, relaxed);
    publish_ns.fetch_add(static_cast<std::uint64_t>(took.count()), relaxed);
    publish_last_ns.store(static_cast<std::uint64_t>(took.count()), relaxed);
}

void WorkerMetrics::set_gauges(std::uint64_t site_generation, const CacheStats& cache) {
    generation.store(site_generation, relaxed);
    cache_entries.store(cache.entries, relaxed);
    cache_bytes.store(cache.bytes, relaxed);
}

std::string metrics_text(const MetricsScope& scope) {
    Text text;
    requests(text, scope);
    text.counter("vitae_page_cache_hits_total", "Requests answered from the page cache.",
                 sum(scope, &WorkerMetrics::cache_hits));
    text.counter("vitae_page_cache_misses_total", "Requests that rendered their page.",
                 sum(scope, &WorkerMetrics::cache_misses));
    text.gauge("vitae_page_cache_entries", "Pages held in the page caches of all workers.",
               std::to_string(sum(scope, &WorkerMetrics::cache_entries)));
    text.gauge("vitae_page_cache_bytes", "Bytes held in the page caches of all workers.",
               std::to_string(sum(scope, &WorkerMetrics::cache_bytes)));
    render_histogram(text, scope);
    text.counter("vitae_reloads_total", "New site versions installed (each worker process counts its own).",
                 sum(scope, &WorkerMetrics::reloads));
    text.counter("vitae_reload_rejections_total", "Database or template versions refused; the last good kept serving.",
                 sum(scope, &WorkerMetrics::reload_rejections));
    publishing(text, scope);
    per_worker_generation(text, scope);
    text.gauge("vitae_sites_registered", "Sites in the registry (--sites; 1 with --db), as the first worker read it.",
               std::to_string(scope.workers.empty() ? 0 : scope.workers.front()->sites_registered.load(relaxed)));
    text.gauge("vitae_sites_loaded", "Sites loaded, summed over the worker processes (each loads its own).",
               std::to_string(sum(scope, &WorkerMetrics::sites_loaded)));
    std::uint64_t findings = 0;  // the most any process has loaded: with --db every process has the one site
    for (const WorkerMetrics* w : scope.workers) findings = std::max(findings, w->accessibility_findings.load(relaxed));
    text.gauge("vitae_accessibility_findings",
               "Accessibility findings in the content of the loaded sites (vitae check --accessibility lists them), "
               "the most of any worker process.",
               std::to_string(findings));
    text.counter("vitae_site_loads_total", "Sites loaded on a first request.", sum(scope, &WorkerMetrics::site_loads));
    text.counter("vitae_site_unloads_total", "Sites unloaded: idle, over --sites-loaded, or moved in the registry.",
                 sum(scope, &WorkerMetrics::site_unloads));
    text.counter("vitae_site_load_failures_total", "Site loads that failed (answered 503; tried again).",
                 sum(scope, &WorkerMetrics::site_load_failures));
    text.counter("vitae_purge_requests_total", "Purge requests sent to the caches in front (--purge).",
                 sum(scope, &WorkerMetrics::purge_requests));
    text.counter("vitae_purge_failures_total", "Purge requests that failed: no answer in time, or not 2xx (logged).",
                 sum(scope, &WorkerMetrics::purge_failures));
    text.counter("vitae_purges_dropped_total", "Purge batches dropped from a full queue (the site's key purged instead).",
                 sum(scope, &WorkerMetrics::purges_dropped));
    text.counter("vitae_worker_restarts_total", "Worker processes the supervisor replaced.",
                 scope.restarts ? scope.restarts->load(relaxed) : 0);
    auto uptime = std::chrono::duration<double>(std::chrono::steady_clock::now() - scope.started).count();
    text.gauge("vitae_uptime_seconds", "Seconds since the service (the supervisor) started.", number(uptime));
    return text.take();
}

}  // namespace vitae

#include "fcgi/handler.hpp"

#include "base/limits.hpp"
#include "base/log.hpp"
#include "fcgi/status.hpp"
#include "http/router.hpp"

namespace vitae {

namespace {

constexpr std::string_view allowed_methods = "GET, HEAD";

// RFC 9110 13.2.2: If-None-Match wins; If-Modified-Since only without it.
bool not_modified(const Request& request, const Response& response) {
    if (!request.if_none_match.empty()) return etag_matches(request.if_none_match, response.etag());
    if (request.if_modified_since.empty()) return false;
    auto since = parse_http_date(request.if_modified_since);
    return since && response.page->last_modified_unix <= *since;
}

Response redirect(std::string location) {
    Response response = plain_response(301, location);
    response.location = std::move(location);
    return response;
}

}  // namespace

Handler::Handler(SiteSet& sites) : sites_(sites), started_(std::chrono::steady_clock::now()) {
    sites_.on_reload([this](const SiteHolder::ReloadOutcome& outcome) {
        if (outcome.installed) metrics_.own->reloads.fetch_add(1, std::memory_order_relaxed);
        if (outcome.refused) metrics_.own->reload_rejections.fetch_add(1, std::memory_order_relaxed);
    });
}

Response Handler::status_response(const Request& request) {
    if (!request.from_loopback) return plain_response(404, "not found");
    Response response = plain_response(200, "");
    auto page = std::make_shared<Page>();
    page->content_type = "application/json";
    page->body = status_json(sites_, started_, process_json_ ? process_json_() : std::string("null"));
    response.page = std::move(page);
    response.cache_control = "no-store";
    return response;
}

Response Handler::metrics_response(const Request& request) {
    if (!request.from_loopback) return plain_response(404, "not found");
    refresh_gauges();
    Response response = plain_response(200, "");
    auto page = std::make_shared<Page>();
    page->content_type = "text/plain; version=0.0.4; charset=utf-8";
    page->body = metrics_text(metrics_);
    response.page = std::move(page);
    response.cache_control = "no-store";
    return response;
}

void Handler::refresh_gauges() {
    auto stats = sites_.stats();
    std::uint64_t generation = sites_.many() ? 0 : sites_.loaded().front()->holder.current()->generation;
    metrics_.own->set_gauges(generation, sites_.cache().stats());
    metrics_.own->sites_registered.store(stats.registered, std::memory_order_relaxed);
    metrics_.own->sites_loaded.store(stats.loaded, std::memory_order_relaxed);
    std::uint64_t findings = 0;
    for (const auto& site : sites_.loaded())
        if (auto version = site->holder.current()) findings += version->content->accessibility_findings();
    metrics_.own->accessibility_findings.store(findings, std::memory_order_relaxed);
    // The set counts for this process's life; the slot counts across restarts: add what is new.
    std::lock_guard lock(counted_mutex_);
    metrics_.own->site_loads.fetch_add(stats.loads - counted_.loads, std::memory_order_relaxed);
    metrics_.own->site_unloads.fetch_add(stats.unloads - counted_.unloads, std::memory_order_relaxed);
    metrics_.own->site_load_failures.fetch_add(stats.load_failures - counted_.load_failures, std::memory_order_relaxed);
    counted_ = stats;
}

// The page, with a miss's render counted and timed (the lookup is in the time
// too: a hash lookup, noise next to a render).
PageLookup Handler::timed_page(LoadedSite& site, const Site& version, const Route& route, ThreadState& thread,
                               ContentCoding coding) {
    auto before = std::chrono::steady_clock::now();
    auto found = site.pages.page(version, route, site.thread_view(thread.index).workspace, coding);
    if (found.cache_hit) {
        metrics_.own->cache_hits.fetch_add(1, std::memory_order_relaxed);
        return found;
    }
    auto took = std::chrono::steady_clock::now() - before;
    metrics_.own->cache_misses.fetch_add(1, std::memory_order_relaxed);
    metrics_.own->count_render(took);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(took).count();
    if (ms >= limits::slow_render_ms)
        log(Level::warning, LogEvent("slow_render")
                                .add("site", site.name)
                                .add("route", route_kind_name(route.kind))
                                .add("path", route.path)
                                .add("ms", ms)
                                .add("generation", static_cast<std::int64_t>(version.generation)));
    return found;
}

namespace {

// A stored file's bytes, one range of them when asked (a PDF viewer reads a
// big file in parts): of the bytes as stored, not gzipped; If-Range with
// another ETag means the client's copy is old, so it gets the whole file.
void ranged(const Request& request, Response& response) {
    if (request.range.empty() || (!request.if_range.empty() && request.if_range != response.page->etag)) return;
    auto range = parse_range(request.range, response.page->body.size());
    if (!range) return;
    response.gzip = false;
    response.range = range;
    response.status = range->satisfiable ? 206 : 416;
}

}  // namespace

Response Handler::page_response(const Request& request, const Route& route, LoadedSite& site, const Site& version,
                               ThreadState& thread) {
    Response response;
    ContentCoding coding = accepted_coding(request.accept_encoding);
    try {
        auto found = timed_page(site, version, route, thread, coding);
        response.page = std::move(found.page);
        response.cache_hit = found.cache_hit;
    } catch (const std::exception& e) {
        log_error("render " + in_quotes(site.mount + request.path) + " of " + site.name + ": " + e.what());
        return plain_response(500, "internal server error");
    }
    response.status = response.page->status;
    response.gzip = !response.page->gzip.empty() && coding == ContentCoding::gzip;
    if (response.status == 200 && not_modified(request, response)) response.status = 304;
    else if (response.status == 200 && route.kind == RouteKind::file) ranged(request, response);
    return response;
}

// Never through the page cache: the query is part of the answer.
Response Handler::search_response(const Request& request, const Route& route, LoadedSite& site, const Site& version,
                                 ThreadState& thread) {
    Response response;
    ContentCoding coding = accepted_coding(request.accept_encoding);
    try {
        auto before = std::chrono::steady_clock::now();
        response.page = search_page(version, route, request.query, site.pages, site.thread_view(thread.index).search, coding);
        metrics_.own->cache_misses.fetch_add(1, std::memory_order_relaxed);
        metrics_.own->count_render(std::chrono::steady_clock::now() - before);
    } catch (const std::exception& e) {
        log_error("search " + in_quotes(site.mount + request.path) + " of " + site.name + ": " + e.what());
        return plain_response(500, "internal server error");
    }
    response.status = response.page->status;
    response.gzip = !response.page->gzip.empty() && coding == ContentCoding::gzip;
    if (response.status == 200 && not_modified(request, response)) response.status = 304;
    return response;
}

Response Handler::handle(const RawRequest& raw, ThreadState& thread) {
    Answer a = answer(raw, thread);
    metrics_.own->count_request(a.route_row, a.response.status);
    return std::move(a.response);
}

Handler::Answer Handler::answer(const RawRequest& raw, ThreadState& thread) {
    auto parsed = parse_request(raw);
    if (auto* rejection = std::get_if<Rejection>(&parsed)) return {plain_response(rejection->status, rejection->reason)};
    const Request& request = std::get<Request>(parsed);
    if (request.method != Method::get && request.method != Method::head) {  // a read-only server
        Response response = plain_response(405, "method not allowed");
        response.allow = allowed_methods;
        return {std::move(response)};
    }
    // The server's own pages, on any host.
    if (sites_.many() && request.path.starts_with("/_vitae/")) {
        Route own = vitae::route(request.path);
        if (own.kind == RouteKind::status) return {status_response(request), static_cast<int>(own.kind)};
        if (own.kind == RouteKind::metrics) return {metrics_response(request), static_cast<int>(own.kind)};
    }
    auto lookup = sites_.find(raw.host, request.path);
    Answer a;
    switch (lookup.found) {
        case SiteSet::Found::site: a = site_answer(request, *lookup.site, lookup.path, thread); break;
        case SiteSet::Found::no_site: a.response = plain_response(404, "not found"); break;  // names no site
        case SiteSet::Found::unavailable:
            a.response = plain_response(503, "site unavailable");
            a.response.cache_control = "no-store";
            break;
        case SiteSet::Found::add_slash: a.response = redirect(lookup.location); break;
    }
    a.response.send_body = request.method != Method::head && a.response.status != 304;
    // A cache hit of a GET answered in full: the bytes were laid out once, at
    // render time (not for a negotiated answer: its Content-Location is its
    // own; nor for HEAD, rare enough to lay out per request).
    if (a.response.cache_hit && a.response.send_body && a.response.status == a.response.page->status &&
        a.response.content_location.empty())
        a.response.wire = a.response.page->wire[a.response.gzip ? 1 : 0];
    return a;
}

// `path` is inside the site (its prefix taken off); every URL sent back
// gets the prefix again. The site is made current once, then the path is
// routed once with what decides it (the site's languages, the Accept
// header), and that route is what every step below is given.
Handler::Answer Handler::site_answer(const Request& request, LoadedSite& site, std::string_view path,
                                     ThreadState& thread) {
    std::shared_ptr<const Site> version;
    try {
        version = site.holder.fresh(site.thread_view(thread.index).probe);
    } catch (const std::exception& e) {
        log_error("load " + in_quotes(site.mount + request.path) + " of " + site.name + ": " + e.what());
        return {plain_response(500, "internal server error")};
    }
    Route route = site_route(*version, path, request.accept);
    Answer a{.route_row = static_cast<int>(route.kind)};
    switch (route.kind) {
    case RouteKind::redirect: {
        std::string language = route.language.empty() ? std::string() : "/" + std::string(route.language);
        a.response = redirect(site.mount + language + std::string(route.location));
        break;
    }
    case RouteKind::search: a.response = search_response(request, route, site, *version, thread); break;
    case RouteKind::status: a.response = status_response(request); break;
    case RouteKind::metrics: a.response = metrics_response(request); break;
    default:
        a.response = page_response(request, route, site, *version, thread);
        // A paper's URL answering a citation: the representation is the one at its own URL.
        if (route.negotiated && a.response.status != 500)
            a.response.content_location = site.mount + std::string(route.path) + std::string(citation_extension(route.format));
    }
    return a;
}

}  // namespace vitae

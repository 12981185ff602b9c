#include "handler.hpp"

#include "gzip.hpp"
#include "log.hpp"
#include "pages.hpp"
#include "router.hpp"
#include "status.hpp"

namespace vitae {

namespace {

constexpr std::string_view allowed_methods = "GET, HEAD";

// What a rendered page carries beyond its body. For the cache, everything;
// with the cache off (benchmarks), only what this one request will send.
struct Extras {
    bool gzip = true;
    bool wire = true;
};

std::shared_ptr<const Page> render(const Site& site, const PageRef& ref, std::string_view path,
                                   std::string_view base_url, PageRenderer& renderer, Extras extras) {
    auto page = std::make_shared<Page>();
    page->status = ref.status;
    page->content_type = ref.content_type;
    if (ref.template_name)
        page->body = renderer.render(*site.templates, site.views(), ref.template_name, *ref.data,
                                     layout_for(ref, site.views(), path, base_url));
    else
        page->body = generated_body(ref, site, base_url);
    page->etag = etag_for(page->body);
    if (extras.gzip) page->gzip = gzip_compress(page->body);
    page->etag_gzip = page->etag.substr(0, page->etag.size() - 1) + "-gz\"";
    page->last_modified_unix = site.last_modified_unix;
    page->last_modified = http_date(site.last_modified_unix);
    page->generation = site.generation;
    if (extras.wire) prepare_wire(page);
    return page;
}

// RFC 9110 13.2.2: If-None-Match wins; If-Modified-Since only without it.
bool not_modified(const Request& request, const Response& response) {
    if (!request.if_none_match.empty()) return etag_matches(request.if_none_match, response.etag());
    if (request.if_modified_since.empty()) return false;
    auto since = parse_http_date(request.if_modified_since);
    return since && response.page->last_modified_unix <= *since;
}

}  // namespace

std::vector<std::string> site_paths(const Site& site) { return all_paths(site.views()); }

Handler::Handler(SiteHolder& sites, PageCache& cache)
    : sites_(sites), cache_(cache), started_(std::chrono::steady_clock::now()) {}

std::shared_ptr<const Site> Handler::fresh_site(ContentProbe& probe) {
    bool content = probe.changed(*sites_.current());
    // Read after the probe: only a content load that starts later is sure to include what it saw.
    auto epoch = sites_.content_epoch();
    // A rebuild in progress may have consumed the template events this
    // request must see: wait for it rather than serve the site it replaces.
    if (content || sites_.templates_changed() || sites_.rebuilding()) return sites_.refresh(content, epoch);
    return sites_.current();
}

std::shared_ptr<const Page> Handler::page_for(const Site& site, std::string_view path, PageRenderer& renderer,
                                              bool& cache_hit, bool gzip_wanted) {
    PageRef ref = page_ref(route(path), site, path);
    if (auto cached = cache_.find(ref.key, site.generation)) {
        cache_hit = true;
        return cached;
    }
    cache_hit = false;
    Extras extras;
    if (!cache_.enabled()) extras = {gzip_wanted, false};
    auto page = render(site, ref, path, base_url_, renderer, extras);
    cache_.insert(std::string(ref.key), page);
    return page;
}

std::shared_ptr<const Page> Handler::page_for(std::string_view path, PageRenderer& renderer, bool& cache_hit) {
    return page_for(*sites_.current(), path, renderer, cache_hit);
}

Response Handler::status_response(const Request& request) {
    if (!request.from_loopback) return plain_response(404, "not found");
    Response response = plain_response(200, "");
    auto page = std::make_shared<Page>();
    page->content_type = "application/json";
    page->body = status_json(sites_, cache_, started_, process_json_ ? process_json_() : std::string("null"));
    response.page = std::move(page);
    response.cache_control = "no-store";
    return response;
}

Response Handler::handle(const RawRequest& raw, ThreadState& thread) {
    auto parsed = parse_request(raw);
    if (auto* rejection = std::get_if<Rejection>(&parsed)) return plain_response(rejection->status, rejection->reason);
    const Request& request = std::get<Request>(parsed);
    if (request.method == Method::other) {
        Response response = plain_response(405, "method not allowed");
        response.allow = allowed_methods;
        return response;
    }
    Route r = route(request.path);
    Response response;
    if (r.kind == RouteKind::redirect) {
        response = plain_response(301, r.location);
        response.location = r.location;
    } else if (r.kind == RouteKind::status) {
        response = status_response(request);
    } else {
        bool gzip_wanted = accepts_gzip(request.accept_encoding);
        try {
            auto site = fresh_site(thread.probe);
            response.page = page_for(*site, request.path, thread.renderer, response.cache_hit, gzip_wanted);
        } catch (const std::exception& e) {
            log_error("render " + in_quotes(request.path) + ": " + e.what());
            return plain_response(500, "internal server error");
        }
        response.status = response.page->status;
        response.gzip = !response.page->gzip.empty() && gzip_wanted;
        if (response.status == 200 && not_modified(request, response)) response.status = 304;
    }
    response.send_body = request.method != Method::head && response.status != 304;
    // A cache hit answered in full: the bytes were laid out once, at render time.
    if (response.cache_hit && response.status == response.page->status) {
        const auto& wire = response.page->wire[response.gzip ? 1 : 0];
        response.wire = std::string_view(wire.bytes).substr(0, response.send_body ? wire.bytes.size() : wire.head_size);
    }
    return response;
}

}  // namespace vitae

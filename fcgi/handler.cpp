#include "handler.hpp"

#include "gzip.hpp"
#include "log.hpp"
#include "router.hpp"
#include "status.hpp"

namespace vitae {

namespace {

constexpr std::string_view allowed_methods = "GET, HEAD";

struct PageSpec {
    std::string key;  // page cache key
    const char* template_name;
    const MustacheData* data;
    int status;
    LayoutFields layout;
};

PageSpec spec_for(const Route& route, const Site& site, std::string_view path) {
    const Views& v = site.views();
    switch (route.kind) {
    case RouteKind::home:
        return {"home", "home", &v.home, 200, {v.site_name, v.home_description, path}};
    case RouteKind::blog_index:
        return {"blog", "blog", &v.blog, 200, {"Blog — " + v.site_name, "Posts by " + v.site_name, path}};
    case RouteKind::post:
        if (auto it = v.posts.find(route.slug); it != v.posts.end()) {
            const PostView& post = it->second;
            return {"post/" + it->first, "post", &post.data, 200, {post.title + " — " + v.site_name, post.title, path}};
        }
        break;
    case RouteKind::status:
    case RouteKind::redirect:
    case RouteKind::not_found:
        break;
    }
    return {"not_found", "not_found", &v.not_found, 404, {"Page not found — " + v.site_name, "", ""}};
}

std::shared_ptr<const Page> render(const Site& site, const PageSpec& spec, PageRenderer& renderer) {
    auto page = std::make_shared<Page>();
    page->status = spec.status;
    page->body = renderer.render(*site.templates, site.views(), spec.template_name, *spec.data, spec.layout);
    page->etag = etag_for(page->body);
    page->gzip = gzip_compress(page->body);
    page->etag_gzip = page->etag.substr(0, page->etag.size() - 1) + "-gz\"";
    page->last_modified_unix = site.last_modified_unix;
    page->last_modified = http_date(site.last_modified_unix);
    page->generation = site.generation;
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

std::vector<std::string> site_paths(const Site& site) {
    std::vector<std::string> paths = {"/", "/blog/"};
    for (const auto& [slug, post] : site.views().posts) paths.push_back("/blog/" + slug);
    return paths;
}

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
                                              bool& cache_hit) {
    PageSpec spec = spec_for(route(path), site, path);
    if (auto cached = cache_.find(spec.key, site.generation)) {
        cache_hit = true;
        return cached;
    }
    cache_hit = false;
    auto page = render(site, spec, renderer);
    cache_.insert(spec.key, page);
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
    page->body = status_json(sites_, cache_, started_);
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
        try {
            auto site = fresh_site(thread.probe);
            response.page = page_for(*site, request.path, thread.renderer, response.cache_hit);
        } catch (const std::exception& e) {
            log_error("render " + in_quotes(request.path) + ": " + e.what());
            return plain_response(500, "internal server error");
        }
        response.status = response.page->status;
        response.gzip = !response.page->gzip.empty() && accepts_gzip(request.accept_encoding);
        if (response.status == 200 && not_modified(request, response)) response.status = 304;
    }
    response.send_body = request.method != Method::head && response.status != 304;
    return response;
}

}  // namespace vitae

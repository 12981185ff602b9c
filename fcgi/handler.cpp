#include "handler.hpp"

#include "log.hpp"
#include "router.hpp"

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
    const Views& v = site.views;
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
    case RouteKind::redirect:
    case RouteKind::not_found:
        break;
    }
    return {"not_found", "not_found", &v.not_found, 404, {"Page not found — " + v.site_name, "", ""}};
}

std::shared_ptr<const Page> render(const Site& site, const PageSpec& spec, PageRenderer& renderer) {
    auto page = std::make_shared<Page>();
    page->status = spec.status;
    page->body = renderer.render(*site.templates, site.views, spec.template_name, *spec.data, spec.layout);
    page->etag = etag_for(page->body);
    page->generation = site.generation;
    return page;
}

}  // namespace

std::vector<std::string> site_paths(const Site& site) {
    std::vector<std::string> paths = {"/", "/blog/"};
    for (const auto& [slug, post] : site.views.posts) paths.push_back("/blog/" + slug);
    return paths;
}

std::shared_ptr<const Page> Handler::page_for(std::string_view path, PageRenderer& renderer, bool& cache_hit) {
    auto site = sites_.current();
    PageSpec spec = spec_for(route(path), *site, path);
    if (auto cached = cache_.find(spec.key, site->generation)) {
        cache_hit = true;
        return cached;
    }
    cache_hit = false;
    auto page = render(*site, spec, renderer);
    cache_.insert(spec.key, page);
    return page;
}

Response Handler::handle(const RawRequest& raw, PageRenderer& renderer) {
    auto parsed = parse_request(raw);
    if (auto* rejection = std::get_if<Rejection>(&parsed)) return plain_response(rejection->status, rejection->reason);
    const Request& request = std::get<Request>(parsed);
    if (request.method == Method::other) {
        Response response = plain_response(405, "method not allowed");
        response.allow = allowed_methods;
        return response;
    }
    Route r = route(request.path);
    if (r.kind == RouteKind::redirect) {
        Response response = plain_response(301, r.location);
        response.location = r.location;
        return response;
    }

    Response response;
    try {
        response.page = page_for(request.path, renderer, response.cache_hit);
    } catch (const std::exception& e) {
        log_error(std::string("render ") + in_quotes(request.path) + ": " + e.what());
        return plain_response(500, "internal server error");
    }
    response.status = response.page->status;
    response.send_body = request.method != Method::head;
    if (response.status == 200 && etag_matches(request.if_none_match, response.page->etag)) {
        response.etag = response.page->etag;
        response.status = 304;
        response.send_body = false;
    }
    return response;
}

}  // namespace vitae

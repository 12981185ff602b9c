#include "router.hpp"

namespace vitae {

namespace {

// Slugs are [a-z0-9-]+ (the schema enforces it), so anything else is a 404.
bool is_slug(std::string_view s) {
    if (s.empty() || s.size() > 128) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

}  // namespace

Route route(std::string_view path) {
    constexpr std::string_view blog = "/blog/";
    if (path == "/") return {RouteKind::home, {}, {}};
    if (path == "/blog") return {RouteKind::redirect, {}, blog};
    if (path == "/_vitae/status") return {RouteKind::status, {}, {}};
    if (path == blog) return {RouteKind::blog_index, {}, {}};
    if (path.starts_with(blog) && is_slug(path.substr(blog.size())))
        return {RouteKind::post, path.substr(blog.size()), {}};
    return {RouteKind::not_found, {}, {}};
}

}  // namespace vitae

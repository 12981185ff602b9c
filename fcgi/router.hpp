// Maps a decoded request path to the page it names. Pure: no I/O, no state.
// The route key it produces is the page cache's key, so the set of keys is
// fixed by the routes (and by the slugs the content defines), not by clients.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

enum class RouteKind { home, blog_index, post, status, redirect, not_found };

struct Route {
    RouteKind kind = RouteKind::not_found;
    std::string_view slug;      // post: the slug from the path (may be unknown)
    std::string_view location;  // redirect: the canonical path
};

Route route(std::string_view path);

}  // namespace vitae

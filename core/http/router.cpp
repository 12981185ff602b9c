#include "http/router.hpp"

#include "http/routes.hpp"

namespace vitae {

namespace {

// The pattern without an optional last segment: "/publications/" of
// "/publications/[{kind}/]".
std::string_view directory_of(std::string_view pattern) {
    return pattern.ends_with("}/]") ? pattern.substr(0, pattern.rfind("[{")) : pattern;
}

Route route_kind(std::string_view path) {
    for (const auto& spec : route_table()) {
        if (spec.pattern.empty()) continue;
        Route r;
        r.kind = spec.kind;
        if (match_pattern(spec.pattern, path, r)) return r;
    }
    // A directory's path without its slash ("/blog"): a redirect to the
    // directory. Not the home page's, nor a tag's: one URL per page.
    for (const auto& spec : route_table()) {
        std::string_view directory = directory_of(spec.pattern);
        if (directory.size() > 1 && directory.size() == path.size() + 1 && directory.ends_with('/') &&
            directory.starts_with(path) && directory.find('{') == std::string_view::npos) {
            Route r;
            r.kind = RouteKind::redirect;
            r.location = directory;
            return r;
        }
    }
    return {};
}

// Whether `rest` (after a language's prefix) is under a route that is one
// for all languages: its pattern's first segment ("/_vitae/", "/files/") or
// the whole of a one-segment pattern ("/robots.txt").
bool is_root_only(std::string_view rest) {
    for (const auto& spec : route_table()) {
        if (!spec.root_only) continue;
        std::size_t second = spec.pattern.find('/', 1);
        std::string_view head = spec.pattern.substr(0, second == std::string_view::npos ? second : second + 1);
        if (head.ends_with('/') ? rest.starts_with(head) : rest == head) return true;
    }
    return false;
}

}  // namespace

bool is_language_code(std::string_view code) {
    // A primary subtag of 2-3 lower-case letters, then subtags of 2-8 letters or digits.
    std::size_t first = code.find('-');
    std::string_view primary = code.substr(0, first);
    if (primary.size() < 2 || primary.size() > 3) return false;
    for (char c : primary)
        if (c < 'a' || c > 'z') return false;
    if (route_kind("/" + std::string(code) + "/").kind != RouteKind::not_found) return false;  // a section's name
    if (first == std::string_view::npos) return true;
    for (std::string_view rest = code.substr(first + 1);;) {
        std::size_t dash = rest.find('-');
        std::string_view sub = rest.substr(0, dash);
        if (sub.size() < 2 || sub.size() > 8) return false;
        for (char c : sub)
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
        if (dash == std::string_view::npos) return code.size() <= 35;
        rest = rest.substr(dash + 1);
    }
}

Route route(std::string_view path) {
    Route r = route_kind(path);
    r.path = path;
    if (r.kind != RouteKind::not_found || path.size() < 3 || path[0] != '/') return r;
    // "/zh" and "/zh/...": the page of the rest in that language.
    std::size_t slash = path.find('/', 1);
    std::string_view code = path.substr(1, slash == std::string_view::npos ? std::string_view::npos : slash - 1);
    if (!is_language_code(code)) return r;
    if (slash == std::string_view::npos) {
        r.kind = RouteKind::redirect;
        r.location = "/";
    } else {
        std::string_view rest = path.substr(slash);
        if (is_root_only(rest)) return r;  // one for all languages, at the root only
        r = route_kind(rest);
        r.path = path;
    }
    r.language = code;
    return r;
}

}  // namespace vitae

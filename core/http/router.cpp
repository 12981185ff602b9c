#include "http/router.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include "base/limits.hpp"
#include "base/log.hpp"
#include "http/routes.hpp"

namespace vitae {

namespace {

// A row of the route table, worked out once for matching: a path can only
// match a pattern that starts with its literal head, so most rows cost one
// short comparison.
struct Matcher {
    RouteKind kind;
    std::string_view pattern;
    std::string_view head;       // the pattern up to its first placeholder; all of it when it has none
    std::string_view directory;  // a pattern that is a directory ("/blog/", "/publications/" of
                                 // "/publications/[{kind}/]"): its path without the slash redirects to it
};

std::vector<Matcher> matchers_of_table() {
    std::vector<Matcher> out;
    for (const auto& spec : route_table()) {
        if (spec.pattern.empty()) continue;
        std::string_view p = spec.pattern;
        std::string_view without_optional_end = p.ends_with("}/]") ? p.substr(0, p.rfind("[{")) : p;
        bool directory = without_optional_end.size() > 1 && without_optional_end.ends_with('/') &&
                         without_optional_end.find('{') == std::string_view::npos;
        out.push_back({.kind = spec.kind,
                       .pattern = p,
                       .head = p.substr(0, std::min(p.find_first_of("{["), p.size())),
                       .directory = directory ? without_optional_end : std::string_view()});
    }
    return out;
}

const std::vector<Matcher>& matchers() {
    static const std::vector<Matcher> rows = matchers_of_table();
    return rows;
}

Route route_kind(std::string_view path) {
    for (const auto& m : matchers()) {
        if (!path.starts_with(m.head)) continue;
        std::optional<Route> r;
        if (m.head.size() != m.pattern.size()) r = match_pattern(m.pattern, path);
        else if (path.size() == m.head.size()) r = Route{};  // a pattern without placeholders: the path itself
        if (!r) continue;
        r->kind = m.kind;
        if (r->kind == RouteKind::page && is_reserved_segment(r->slug)) continue;  // "/files/": a section's, never a page's
        return *r;
    }
    // A directory's path without its slash ("/blog"): a redirect to the
    // directory. Not the home page's, nor a tag's: one URL per page.
    for (const auto& m : matchers())
        if (!m.directory.empty() && m.directory.size() == path.size() + 1 && m.directory.starts_with(path)) {
            Route r;
            r.kind = RouteKind::redirect;
            r.location = m.directory;
            return r;
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

// First path segments the site's own pages use, from the route table.
const std::set<std::string, std::less<>>& reserved_segments() {
    static const std::set<std::string, std::less<>> segments = [] {
        std::set<std::string, std::less<>> out{"people", "search", ".well-known"};
        for (const auto& spec : route_table()) {
            if (spec.pattern.size() < 2 || spec.pattern[1] == '{') continue;  // "/", a page's "/{slug}/", no path
            std::string_view rest = spec.pattern.substr(1);
            out.emplace(rest.substr(0, rest.find('/')));
        }
        return out;
    }();
    return segments;
}

}  // namespace

bool is_reserved_segment(std::string_view segment) { return reserved_segments().contains(segment); }

std::optional<std::string> page_slug_problem(std::string_view slug) {
    if (!is_slug(slug))
        return in_quotes(slug) + " is not a slug: use a-z, 0-9 and '-', starting with a letter or digit, at most " +
               std::to_string(limits::max_slug_bytes) + " bytes";
    if (is_reserved_segment(slug))
        return "/" + std::string(slug) + "/ is a path the site's own pages use; choose another slug (e.g. my-" +
               std::string(slug) + ")";
    return std::nullopt;
}

bool is_language_code(std::string_view code) {
    // A primary subtag of 2-3 lower-case letters, then subtags of 2-8 letters or digits.
    std::size_t first = code.find('-');
    std::string_view primary = code.substr(0, first);
    if (primary.size() < 2 || primary.size() > 3) return false;
    for (char c : primary)
        if (c < 'a' || c > 'z') return false;
    if (is_reserved_segment(code)) return false;  // a section's name
    if (first == std::string_view::npos) return true;
    for (std::string_view rest = code.substr(first + 1);;) {
        std::size_t dash = rest.find('-');
        std::string_view sub = rest.substr(0, dash);
        if (sub.size() < 2 || sub.size() > 8) return false;
        for (char c : sub)
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
        if (dash == std::string_view::npos) return code.size() <= limits::max_language_code_chars;
        rest = rest.substr(dash + 1);
    }
}

Route route(std::string_view path) {
    Route r = route_kind(path);
    r.path = path;
    // "/zh/" is a language's home before it is a page's: the site, which
    // knows its languages, serves the page when it has no such language.
    bool maybe_language = r.kind == RouteKind::not_found || (r.kind == RouteKind::page && is_language_code(r.slug));
    if (!maybe_language || path.size() < 3 || path[0] != '/') return r;
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

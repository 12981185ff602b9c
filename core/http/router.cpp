#include "http/router.hpp"

#include <algorithm>
#include <vector>

#include "base/limits.hpp"
#include "base/log.hpp"
#include "http/http.hpp"
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
    for (const auto& spec : route_paths()) {
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
    for (const auto& spec : route_paths()) {
        if (!spec.root_only) continue;
        std::size_t second = spec.pattern.find('/', 1);
        std::string_view head = spec.pattern.substr(0, second == std::string_view::npos ? second : second + 1);
        if (head.ends_with('/') ? rest.starts_with(head) : rest == head) return true;
    }
    return false;
}

// "/zh" and "/zh/...": the page of the rest in that language when the site
// has it. Otherwise `r`, what the path names without one: "/lab/" is the
// page lab, "/en/…" of a site whose default is English is not found.
Route in_language(Route r, std::string_view path, std::span<const std::string> languages) {
    r.path = path;
    // "/zh/" is a language's home before it is a page's.
    bool maybe_language = r.kind == RouteKind::not_found || (r.kind == RouteKind::page && is_language_code(r.slug));
    if (!maybe_language || path.size() < 3 || path[0] != '/') return r;
    std::size_t slash = path.find('/', 1);
    std::string_view code = path.substr(1, slash == std::string_view::npos ? std::string_view::npos : slash - 1);
    if (!is_language_code(code)) return r;
    auto known = std::find(languages.begin(), languages.end(), code);
    if (known == languages.end()) return r;
    Route in;
    if (slash == std::string_view::npos) {
        in.kind = RouteKind::redirect;
        in.location = "/";
    } else {
        std::string_view rest = path.substr(slash);
        if (is_root_only(rest)) return r;  // one for all languages, at the root only
        in = route_kind(rest);
    }
    in.path = path;
    in.language = code;
    in.language_index = 1 + static_cast<std::size_t>(known - languages.begin());
    return in;
}

// The citation format Accept prefers over a paper's HTML page, if any.
std::optional<CitationFormat> negotiated_citation(std::string_view accept) {
    if (accept.empty()) return std::nullopt;
    static constexpr std::string_view offered[] = {"text/html", "application/x-bibtex",
                                                   "application/vnd.citationstyles.csl+json",
                                                   "application/x-research-info-systems"};
    static constexpr CitationFormat formats[] = {CitationFormat::bibtex, CitationFormat::csl_json, CitationFormat::ris};
    auto best = preferred_type(accept, offered);
    if (!best || *best == 0) return std::nullopt;  // the page (or nothing acceptable: the page as well)
    return formats[*best - 1];
}

}  // namespace

std::optional<std::string> page_slug_problem(std::string_view slug) {
    if (!is_slug(slug))
        return in_quotes(slug) + " is not a slug: use a-z, 0-9 and '-', starting with a letter or digit, at most " +
               std::to_string(limits::max_slug_bytes) + " bytes";
    if (is_reserved_segment(slug))
        return "/" + std::string(slug) + "/ is a path the site's own pages use; choose another slug (e.g. my-" +
               std::string(slug) + ")";
    return std::nullopt;
}

Route route(std::string_view path, const RouteContext& context) {
    Route r = in_language(route_kind(path), path, context.languages);
    if (r.kind == RouteKind::publication)
        if (auto format = negotiated_citation(context.accept)) {
            r.kind = RouteKind::citation;
            r.format = *format;
            r.negotiated = true;
        }
    return r;
}

}  // namespace vitae

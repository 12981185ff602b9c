// Where each kind of page lives: one row per RouteKind with its path
// pattern. A rule every layer shares, so it sits below them all: the router
// (core/http) matches paths against these patterns and url_for() builds
// every link from them; the registry (core/store/registry) refuses a site
// prefix a pattern's first segment takes, a page's slug and a language's
// code are refused the same way. What a page is made from (template, type,
// inputs, data, head, body) is its row in core/site/page_table.cpp, keyed by
// the same RouteKind; a new kind of page is a row here, one there, and its
// view.
//
// A pattern is literal text with placeholders, each one path segment (or the
// part of one before the next literal character):
//   {slug} {tag} {token}  a slug (is_slug)      {name}    a file name (is_file_name)
//   {kind}                a publication kind    {format}  bib, ris or json
//   [{digest}/]           optional: 12 hex digits of a file's digest and a slash
//   [{kind}/]             optional: a kind and a slash
// A pattern that is a directory ("/blog/") also takes its path without the
// slash, with a redirect to it.
#pragma once

#include <array>
#include <span>
#include <string_view>

namespace vitae {

enum class RouteKind {
    home,
    blog_index,
    post,
    tag,               // /blog/tag/<tag>/ (slug = the tag)
    tag_feed,          // /blog/tag/<tag>/feed.xml
    preview,           // /blog/preview/<token>: a draft (slug = the token)
    publications,      // /publications/ or /publications/<kind>/ (filter = the kind)
    publication,       // /publications/<slug>
    citation,          // /publications/<slug>.bib|.ris|.json
    publications_bib,  // /publications.bib
    feed,              // /feed.xml
    sitemap,           // /sitemap.xml
    robots,            // /robots.txt
    news,              // /news/: found only when there is news
    talks,             // /talks/: found only when there are talks
    projects,          // /projects/: found only when there are projects
    project,           // /projects/<slug>
    cv,                // /cv/: found only when has_cv()
    cv_pdf,            // /cv.pdf
    cv_json,           // /cv.json (JSON Resume)
    people,            // /people/: found only on a group's home site (Site::group)
    accessibility,     // /accessibility/: the site's accessibility statement
    search,            // /search/?q=&page=: never cached; the only route that reads the query string
    status,            // /_vitae/status
    metrics,           // /_vitae/metrics
    file,              // /files/<name> (the current bytes) or /files/<12 hex of digest>/<name> (those bytes)
    page,              // /<slug>/: a page of the owner's own; matched after every other route
    redirect,
    not_found
};
inline constexpr int route_kind_count = static_cast<int>(RouteKind::not_found) + 1;

struct RoutePath {
    RouteKind kind;
    std::string_view name;     // the enumerator's name: metrics labels
    std::string_view pattern;  // empty: no path names it (redirect, not_found)
    bool root_only = false;    // one for all languages: not under a language's prefix
};

// One row per RouteKind, in the enum's order (the order the router tries them).
std::span<const RoutePath> route_paths();
const RoutePath& route_path(RouteKind kind);

// "home", "blog_index", ...: the enumerator's name, for metrics labels.
std::string_view route_kind_name(RouteKind kind);

// Whether `segment` is a first path segment the site's own pages use: a
// pattern's ("blog", "cv.pdf", "_vitae"), or one the server keeps besides
// (ACME's ".well-known" in nginx-site.conf). Neither a site's prefix, a
// page's slug nor a language's code may be one.
bool is_reserved_segment(std::string_view segment);

// Whether `code` can be a language's prefix: a BCP 47 tag as `vitae lang
// add` accepts it ("zh", "zh-Hant", "pt-BR"), not a name a route uses (/cv/).
bool is_language_code(std::string_view code);

}  // namespace vitae

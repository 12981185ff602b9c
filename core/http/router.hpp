// Maps a decoded request path to the page it names, by the patterns of the
// route table (http/routes.hpp). Pure: no I/O, no state.
// A request is routed once; the Route (which keeps the path it was made
// from) is carried through the handler, the page lookup and the render. Its
// path is the page cache's key, so the set of keys is fixed by the routes
// (and by the slugs the content defines), not by clients.
#pragma once

#include <optional>
#include <string_view>

#include "store/model/publication_kind.hpp"
#include "store/model/slug.hpp"

namespace vitae {

// One row each in http/routes.cpp's table (its path pattern there).
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
    redirect,
    not_found
};
inline constexpr int route_kind_count = static_cast<int>(RouteKind::not_found) + 1;

enum class CitationFormat { bibtex, ris, csl_json };

struct Route {
    RouteKind kind = RouteKind::not_found;
    std::string_view path;      // what was routed: decoded, as requested
    std::string_view slug;      // post, publication, citation, tag, project, file: the slug or name from the path (may be unknown)
    std::string_view digest;    // file: the digest's first 12 hex digits in a content-addressed URL; empty: none
    std::string_view location;  // redirect: the canonical path (after `language`'s prefix)
    std::string_view language;  // "zh" of /zh/...: a language's prefix (the site may not have it); empty: the default
    std::optional<PublicationKind> filter;  // publications: one kind, or all
    CitationFormat format = CitationFormat::bibtex;
};

// "home", "blog_index", ...: the enumerator's name, for metrics labels.
std::string_view route_kind_name(RouteKind kind);

// `path` must outlive the Route, which points into it. A path under a
// language prefix (/zh/…, /zh-Hant/…) routes as the rest of it would, with
// `language` set; whether the site has that language is the site's to say.
Route route(std::string_view path);

// Whether `code` can be a language's prefix: a BCP 47 tag as `vitae lang
// add` accepts it ("zh", "zh-Hant", "pt-BR"), not a name a route uses (/cv/).
bool is_language_code(std::string_view code);

// ".bib", ".json", ".ris": how a citation's URL ends.
std::string_view citation_extension(CitationFormat format);

}  // namespace vitae

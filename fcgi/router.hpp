// Maps a decoded request path to the page it names. Pure: no I/O, no state.
// The route key it produces is the page cache's key, so the set of keys is
// fixed by the routes (and by the slugs the content defines), not by clients.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

enum class RouteKind {
    home,
    blog_index,
    post,
    publications,      // /publications/ or /publications/<kind>/ (filter = the kind)
    publication,       // /publications/<slug>
    citation,          // /publications/<slug>.bib|.ris|.json
    publications_bib,  // /publications.bib
    feed,              // /feed.xml
    sitemap,           // /sitemap.xml
    robots,            // /robots.txt
    status,
    redirect,
    not_found
};

enum class CitationFormat { bibtex, ris, csl_json };

struct Route {
    RouteKind kind = RouteKind::not_found;
    std::string_view slug;      // post, publication, citation: the slug from the path (may be unknown)
    std::string_view location;  // redirect: the canonical path
    std::string_view filter;    // publications: "", "conference", "journal" or "preprint"
    CitationFormat format = CitationFormat::bibtex;
};

Route route(std::string_view path);

// [a-z0-9-]{1,128}: what a post or publication slug may be. The loader checks
// it too: a damaged file can hold values its schema's CHECKs would refuse.
bool is_slug(std::string_view s);

// The publication kinds the list can be filtered by, in display order.
inline constexpr std::string_view publication_kinds[] = {"conference", "journal", "preprint"};

}  // namespace vitae

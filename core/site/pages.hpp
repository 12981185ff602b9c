// What each route serves on one site: which cache key, which template and
// data (or which generated body: citations, feed, sitemap, robots.txt), which
// Content-Type, and the <head> fields of an HTML page, each read from the
// kind's one row in core/site/page_table.cpp. PageSource wires these steps;
// everything here is a pure function of the site and the base URL.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "http/routes.hpp"
#include "render/views/renderer.hpp"
#include "site/site.hpp"

namespace vitae {

// The page a route names on one site. Built on every request, so it only
// points into the path: nothing is allocated on a cache hit. Its data is made
// by page_data() when the page is rendered.
struct PageRef {
    std::string_view key;            // page cache key: the canonical path, or "404"
    std::string_view template_name;  // empty: the body is generated (see kind)
    RouteKind kind;
    std::string_view content_type;
    std::size_t index = 0;  // post, publication, citation: into the content's posts or publications; preview: unlisted
    std::size_t language = 0;  // the site's language it is in (Site::views(language)); 0: the default
    std::optional<PublicationKind> filter{};  // publications: one kind, or all
    std::string_view tag{};  // tag, tag_feed: a tag some post has (points into the path)
    CitationFormat format = CitationFormat::bibtex;  // citation
    int status = 200;
    bool vary_accept = false;  // a paper's URL and its citations: chosen by Accept too
    bool unlisted = false;     // a draft's preview: noindex, never stored by a shared cache
    bool immutable = false;    // a file's content-addressed URL: its bytes never change
    const Group* group = nullptr;  // a group's home site: its group (Site::group, alive while the site is)
    std::string_view key_extension{};  // a citation asked for at its paper's URL (Route::negotiated): the rest of its own URL, ".bib"
};

// The route `path` names on `site`, decided once: the site's languages say
// which prefixes name one, `accept` which representation a paper's URL
// answers with (http/router.hpp).
Route site_route(const Site& site, std::string_view path, std::string_view accept = {});

// The page a route made by site_route() names on the same site version.
PageRef page_ref(const Route& route, const Site& site);

// The Mustache data of a page with a template, in its language (`views`, `t`: the ref's language's).
MustacheData page_data(const PageRef& ref, const Views& views, const Catalogue& t);

// <title>, description, canonical URL, Open Graph, JSON-LD and meta tags,
// the language and its alternates.
LayoutFields layout_for(const PageRef& ref, const Views& views, const Catalogue& t, std::string_view base_url);

// The Link header of a page (Signposting for a paper's); empty for others.
std::string link_for(const PageRef& ref, const Views& views, std::string_view base_url);

// The body of a page without a template (ref.template_name empty).
std::string generated_body(const PageRef& ref, const Site& site, std::string_view base_url);

// Every path the site serves with 200, HTML pages first: what the fast path
// publishes and `vitae export` writes.
std::vector<std::string> site_paths(const Site& site);

}  // namespace vitae

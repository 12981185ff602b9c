// Maps a decoded request path to the page it names, by the patterns of the
// route table (rules/route_paths.hpp). Pure: no I/O, no state.
// A request is routed once; the Route (which keeps the path it was made
// from) is carried through the handler, the page lookup and the render. Its
// path is the page cache's key, so the set of keys is fixed by the routes
// (and by the slugs the content defines), not by clients.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "rules/route_paths.hpp"
#include "store/model/publication_kind.hpp"
#include "store/model/slug.hpp"

namespace vitae {

enum class CitationFormat { bibtex, ris, csl_json };

struct Route {
    RouteKind kind = RouteKind::not_found;
    std::string_view path;      // what was routed: decoded, as requested
    std::string_view slug;      // post, publication, citation, tag, project, file: the slug or name from the path (may be unknown)
    std::string_view digest;    // file: the digest's first 12 hex digits in a content-addressed URL; empty: none
    std::string_view location;  // redirect: the canonical path (after `language`'s prefix)
    std::string_view language;  // "zh" of /zh/...: the prefix of one of the site's languages; empty: the default
    std::size_t language_index = 0;  // which: 0 the default, i RouteContext::languages[i - 1] (Site::views(i))
    std::optional<PublicationKind> filter;  // publications: one kind, or all
    CitationFormat format = CitationFormat::bibtex;
    // citation: asked for at its paper's URL, by Accept. Its page is the one
    // at path + citation_extension(format), cached and named under that.
    bool negotiated = false;
};

// What decides a route besides its path, so that a request is routed once.
struct RouteContext {
    // The site's languages but its default, in the site's order: a first
    // segment names a language only when it is one of these ("/lab/" is the
    // page lab on a site without a language "lab").
    std::span<const std::string> languages = {};
    // The request's Accept: a paper's URL answers a citation format it
    // prefers over HTML, as doi.org does.
    std::string_view accept = {};
};

// `path` must outlive the Route, which points into it. A path under one of
// the context's language prefixes (/zh/…, /zh-Hant/…) routes as the rest of
// it would, with `language` set.
Route route(std::string_view path, const RouteContext& context = {});

// Why `slug` cannot name a page of the owner's own at /<slug>/ (not a slug,
// or a path the site's own pages use), nullopt when it can. The one rule
// for a page's slug: `vitae add page`, the editor and import-site ask it.
// A slug that could be a language's code ("lab", "my-research") is a page's
// while the site has no such language (store/write/pages.hpp checks that).
std::optional<std::string> page_slug_problem(std::string_view slug);

// ".bib", ".json", ".ris": how a citation's URL ends.
std::string_view citation_extension(CitationFormat format);

}  // namespace vitae

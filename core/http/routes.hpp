// Paths from the route table (rules/route_paths.hpp): url_for() builds
// every link a page, feed, sitemap or export makes from a kind's pattern,
// and match_pattern() reads one back, so a path is spelled once. A
// citation's formats (their extension and Content-Type) are a table here.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "http/router.hpp"

namespace vitae {

// A file's content-addressed URL names it by this many lower-case hex
// digits of its SHA-256 (the router accepts exactly this many;
// nginx-site.conf's and nginx-sites.conf's /files/ location say {12}).
inline constexpr std::size_t url_digest_hex_digits = 12;

// What fills a pattern's placeholders.
struct UrlParts {
    std::string_view prefix{};  // put before the path: a language's prefix ("/zh"), an absolute base URL with it, or ""
    std::string_view slug{};    // {slug}, {tag}, {token}, {name}
    std::optional<PublicationKind> kind{};  // [{kind}/]: a filter, or all
    CitationFormat format = CitationFormat::bibtex;  // {format}
    std::string_view digest{};  // [{digest}/]: a file's digest (its first 12 digits are used), or none
};

// The path (after parts.prefix) of the page of `kind` these parts name:
// url_for(RouteKind::post, {.prefix = "/zh", .slug = "x"}) is "/zh/blog/x".
std::string url_for(RouteKind kind, const UrlParts& parts = {});

struct StoredFile;

// A stored file's content-addressed URL, "/files/<first 12 of digest>/<name>":
// it changes with the bytes, so it is cached for a year.
std::string url_for(const StoredFile& file);

// The Content-Type of a citation in `format`; BibTeX's is also /publications.bib's.
std::string_view citation_type(CitationFormat format);
inline constexpr std::string_view bibtex_type = "application/x-bibtex; charset=utf-8";

// When `pattern` matches `path`: a Route holding the placeholders' values
// (slug, filter, format, digest), pointing into `path`; its kind is the caller's.
std::optional<Route> match_pattern(std::string_view pattern, std::string_view path);

}  // namespace vitae

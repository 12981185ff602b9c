// Routes as data, the way Redis keeps its commands in one table: every
// route kind is one row with its path pattern, template, Content-Type and
// the inputs its page is made from. The router matches paths against the
// patterns, core/site/pages looks each page's template and type up here, and
// every link a page, feed, sitemap or export makes is built by url_for()
// from the same pattern, so a path is spelled once. A new page is one row
// here, one in core/site/pages.cpp's page table, and its view.
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

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "http/router.hpp"

namespace vitae {

// What a page is made from, as core/site/page_inputs stamps it
// (InputStamps): a page is as new as the newest of its inputs.
enum class Input : std::uint32_t {
    owner_name = 1u << 0,       // the layout's title and header; a feed's author
    nav = 1u << 1,              // the layout's nav: which sections there are
    strings = 1u << 2,          // its language's interface strings
    page_template = 1u << 3,    // its own template (the row's template_name), partials expanded
    layout_template = 1u << 4,  // the layout around it
    home = 1u << 5,
    blog = 1u << 6,
    news = 1u << 7,
    talks = 1u << 8,
    projects = 1u << 9,
    project = 1u << 10,     // one project's page
    cv = 1u << 11,
    post = 1u << 12,        // one post's page
    tag = 1u << 13,         // one tag's posts
    preview = 1u << 14,     // one draft
    list = 1u << 15,        // the publications of the filter's kind (or all)
    paper = 1u << 16,       // one paper's page
    citation = 1u << 17,    // one paper's row alone
    bibtex_all = 1u << 18,  // every publication
    feed = 1u << 19,
    sitemap = 1u << 20,
    file = 1u << 21,        // one stored file's row
    people = 1u << 22,       // a group's home: its members' cards
    group_works = 1u << 23,  // a group's home: its members' papers, merged
    contact = 1u << 24,      // the owner's email addresses (the accessibility statement's contact)
    page = 1u << 25,         // one page of the owner's own
};

// A set of Inputs: `Input::cv | Input::strings`.
class Inputs {
public:
    constexpr Inputs() = default;
    constexpr Inputs(Input i) : bits_(static_cast<std::uint32_t>(i)) {}  // NOLINT: one input is a set of one
    constexpr Inputs operator|(Inputs other) const {
        Inputs both;
        both.bits_ = bits_ | other.bits_;
        return both;
    }
    constexpr bool has(Input i) const { return (bits_ & static_cast<std::uint32_t>(i)) != 0; }

private:
    std::uint32_t bits_ = 0;
};
constexpr Inputs operator|(Input a, Input b) { return Inputs(a) | Inputs(b); }

// What every HTML page is made from besides its own content.
inline constexpr Inputs html_inputs =
    Input::owner_name | Input::nav | Input::strings | Input::page_template | Input::layout_template;

inline constexpr std::string_view html_type = "text/html; charset=utf-8";

struct RouteSpec {
    RouteKind kind;
    std::string_view name;           // the enumerator's name: metrics labels
    std::string_view pattern;        // empty: no path names it (redirect, not_found)
    std::string_view template_name;  // empty: the body is generated
    std::string_view content_type;   // empty: the citation format's, the stored file's own, or the handler's
    Inputs inputs;                   // what the page is made from (none: never cached)
    bool root_only = false;          // one for all languages: not under a language's prefix
};

// One row per RouteKind, in the enum's order.
std::span<const RouteSpec> route_table();
const RouteSpec& route_spec(RouteKind kind);

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

// The Content-Type of a citation in `format`.
std::string_view citation_type(CitationFormat format);

// When `pattern` matches `path`: a Route holding the placeholders' values
// (slug, filter, format, digest), pointing into `path`; its kind is the caller's.
std::optional<Route> match_pattern(std::string_view pattern, std::string_view path);

}  // namespace vitae

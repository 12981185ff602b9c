// One row per kind of page, everything about it but its path: its
// template, Content-Type, the inputs it is made from, and the steps that
// find and make it (its data, its <head>, a generated body). Its path is
// the same RouteKind's row in core/rules/route_paths (the router and every
// link need it below this layer); the compiler refuses a kind without its
// row here. A new kind of page is that path row, one row here and its view.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "render/views/renderer.hpp"
#include "site/pages.hpp"

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

// Where a page is made: its language's views and strings, and the absolute
// URLs it links to.
struct Place {
    const Views& v;
    const Catalogue& t;
    std::string_view base_url;  // the site's
    const std::string& base;    // this language's pages: the base URL and the language's prefix
};

struct PageRow {
    RouteKind kind;
    std::string_view template_name = {};  // empty: the body is generated
    std::string_view content_type = {};   // empty: the citation format's, the stored file's own, or the handler's
    Inputs inputs = {};                   // what the page is made from (none: never cached)
    // Whether the route names a page on this site, and which (ref.index,
    // ref.tag...). Null: none does (the handler's own answers, not_found).
    bool (*find)(const Route&, const Views&, PageRef&) = nullptr;
    MustacheData (*data)(const PageRef&, const Views&, const Catalogue&) = nullptr;  // an HTML page's (not home's: Views::home)
    void (*head)(const PageRef&, const Place&, LayoutFields&) = nullptr;             // an HTML page's title, description...
    std::string (*body)(const PageRef&, const Site&, const Place&) = nullptr;        // a generated page's
};

// One row per RouteKind, in the enum's order.
std::span<const PageRow> page_table();
const PageRow& page_row(RouteKind kind);

}  // namespace vitae

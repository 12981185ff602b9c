#include "rules/route_paths.hpp"

#include "base/limits.hpp"
#include "base/text.hpp"

namespace vitae {

namespace {

using K = RouteKind;

// clang-format off
constexpr std::array<RoutePath, route_kind_count> path_table{{
    {.kind = K::home,             .name = "home",             .pattern = "/"},
    {.kind = K::blog_index,       .name = "blog_index",       .pattern = "/blog/"},
    {.kind = K::post,             .name = "post",             .pattern = "/blog/{slug}"},
    {.kind = K::tag,              .name = "tag",              .pattern = "/blog/tag/{tag}/"},
    {.kind = K::tag_feed,         .name = "tag_feed",         .pattern = "/blog/tag/{tag}/feed.xml"},
    {.kind = K::preview,          .name = "preview",          .pattern = "/blog/preview/{token}"},
    {.kind = K::publications,     .name = "publications",     .pattern = "/publications/[{kind}/]"},
    {.kind = K::publication,      .name = "publication",      .pattern = "/publications/{slug}"},
    {.kind = K::citation,         .name = "citation",         .pattern = "/publications/{slug}.{format}"},
    {.kind = K::publications_bib, .name = "publications_bib", .pattern = "/publications.bib"},
    {.kind = K::feed,             .name = "feed",             .pattern = "/feed.xml"},
    {.kind = K::sitemap,          .name = "sitemap",          .pattern = "/sitemap.xml",     .root_only = true},
    {.kind = K::robots,           .name = "robots",           .pattern = "/robots.txt",      .root_only = true},
    {.kind = K::news,             .name = "news",             .pattern = "/news/"},
    {.kind = K::talks,            .name = "talks",            .pattern = "/talks/"},
    {.kind = K::projects,         .name = "projects",         .pattern = "/projects/"},
    {.kind = K::project,          .name = "project",          .pattern = "/projects/{slug}"},
    {.kind = K::cv,               .name = "cv",               .pattern = "/cv/"},
    {.kind = K::cv_pdf,           .name = "cv_pdf",           .pattern = "/cv.pdf"},
    {.kind = K::cv_json,          .name = "cv_json",          .pattern = "/cv.json"},
    {.kind = K::people,           .name = "people",           .pattern = "/people/"},
    {.kind = K::accessibility,    .name = "accessibility",    .pattern = "/accessibility/"},
    {.kind = K::search,           .name = "search",           .pattern = "/search/"},
    {.kind = K::status,           .name = "status",           .pattern = "/_vitae/status",   .root_only = true},
    {.kind = K::metrics,          .name = "metrics",          .pattern = "/_vitae/metrics",  .root_only = true},
    {.kind = K::file,             .name = "file",             .pattern = "/files/[{digest}/]{name}", .root_only = true},
    {.kind = K::page,             .name = "page",             .pattern = "/{slug}/"},  // after every other route
    {.kind = K::redirect,         .name = "redirect",         .pattern = ""},
    {.kind = K::not_found,        .name = "not_found",        .pattern = ""},
}};
// clang-format on

constexpr bool in_enum_order() {
    for (std::size_t i = 0; i < path_table.size(); ++i)
        if (static_cast<std::size_t>(path_table[i].kind) != i) return false;
    return true;
}
static_assert(in_enum_order(), "one row per RouteKind, in the enum's order");

// A pattern's first segment ("blog" of "/blog/{slug}"); empty for "/", a
// page's "/{slug}/" and a kind without a path.
constexpr std::string_view first_segment(std::string_view pattern) {
    if (pattern.size() < 2 || pattern[1] == '{') return {};
    std::string_view rest = pattern.substr(1);
    return rest.substr(0, rest.find('/'));
}

// Paths the server keeps besides the routes: ACME's challenges (nginx-site.conf).
constexpr std::string_view kept_segments[] = {".well-known"};

}  // namespace

std::span<const RoutePath> route_paths() { return path_table; }

const RoutePath& route_path(RouteKind kind) { return path_table[static_cast<std::size_t>(kind)]; }

std::string_view route_kind_name(RouteKind kind) { return route_path(kind).name; }

bool is_reserved_segment(std::string_view segment) {
    if (segment.empty()) return false;
    for (const auto& row : path_table)
        if (first_segment(row.pattern) == segment) return true;
    for (auto kept : kept_segments)
        if (kept == segment) return true;
    return false;
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
            if (!is_ascii_digit(c) && !is_ascii_letter(c)) return false;
        if (dash == std::string_view::npos) return code.size() <= limits::max_language_code_chars;
        rest = rest.substr(dash + 1);
    }
}

}  // namespace vitae

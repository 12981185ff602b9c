#include "http/routes.hpp"

#include <array>

#include "store/model/content.hpp"
#include "store/model/slug.hpp"

namespace vitae {

namespace {

constexpr std::string_view atom_type = "application/atom+xml; charset=utf-8";
constexpr std::string_view bibtex_type = "application/x-bibtex; charset=utf-8";
constexpr std::string_view json_type = "application/json; charset=utf-8";

using enum Input;
using K = RouteKind;

// clang-format off
constexpr std::array<RouteSpec, route_kind_count> table{{
    // kind               name                pattern                          template        content type     inputs
    {K::home,             "home",             "/",                             "home",         html_type,       html_inputs | home},
    {K::blog_index,       "blog_index",       "/blog/",                        "blog",         html_type,       html_inputs | blog},
    {K::post,             "post",             "/blog/{slug}",                  "post",         html_type,       html_inputs | post},
    {K::tag,              "tag",              "/blog/tag/{tag}/",              "tag",          html_type,       html_inputs | tag},
    {K::tag_feed,         "tag_feed",         "/blog/tag/{tag}/feed.xml",      "",             atom_type,       tag | owner_name | strings},
    {K::preview,          "preview",          "/blog/preview/{token}",         "post",         html_type,       html_inputs | preview},
    {K::publications,     "publications",     "/publications/[{kind}/]",       "publications", html_type,       html_inputs | list | group_works},
    {K::publication,      "publication",      "/publications/{slug}",          "paper",        html_type,       html_inputs | paper},
    {K::citation,         "citation",         "/publications/{slug}.{format}", "",             "",              citation},
    {K::publications_bib, "publications_bib", "/publications.bib",             "",             bibtex_type,     bibtex_all},
    {K::feed,             "feed",             "/feed.xml",                     "",             atom_type,       feed | strings},
    {K::sitemap,          "sitemap",          "/sitemap.xml",                  "",             "application/xml; charset=utf-8", sitemap, true},
    {K::robots,           "robots",           "/robots.txt",                   "",             "text/plain; charset=utf-8", {}, true},  // the base URL alone
    {K::news,             "news",             "/news/",                        "news",         html_type,       html_inputs | news},
    {K::talks,            "talks",            "/talks/",                       "talks",        html_type,       html_inputs | talks},
    {K::projects,         "projects",         "/projects/",                    "projects",     html_type,       html_inputs | projects},
    {K::project,          "project",          "/projects/{slug}",              "project",      html_type,       html_inputs | project},
    {K::cv,               "cv",               "/cv/",                          "cv",           html_type,       html_inputs | cv},
    {K::cv_pdf,           "cv_pdf",           "/cv.pdf",                       "",             "application/pdf", cv | strings},  // the PDF's headings and dates are the language's
    {K::cv_json,          "cv_json",          "/cv.json",                      "",             json_type,       cv | strings},
    {K::people,           "people",           "/people/",                      "people",       html_type,       html_inputs | people},  // a group's home only
    {K::accessibility,    "accessibility",    "/accessibility/",               "accessibility", html_type,      html_inputs | contact},
    {K::search,           "search",           "/search/",                      "search",       html_type,       {}},  // made per request
    {K::status,           "status",           "/_vitae/status",                "",             "",              {}, true},
    {K::metrics,          "metrics",          "/_vitae/metrics",               "",             "",              {}, true},
    {K::file,             "file",             "/files/[{digest}/]{name}",      "",             "",              file, true},
    {K::page,             "page",             "/{slug}/",                      "page",         html_type,       html_inputs | page},  // after every other route
    {K::redirect,         "redirect",         "",                              "",             "",              {}},
    {K::not_found,        "not_found",        "",                              "not_found",    html_type,       html_inputs},
}};
// clang-format on

constexpr bool in_enum_order() {
    for (std::size_t i = 0; i < table.size(); ++i)
        if (static_cast<std::size_t>(table[i].kind) != i) return false;
    return true;
}
static_assert(in_enum_order(), "one row per RouteKind, in the enum's order");

// A citation's formats, in the enum's order: how its URL ends, its Content-Type.
struct FormatRow {
    CitationFormat format;
    std::string_view extension;  // the {format} placeholder: after the dot
    std::string_view content_type;
};
constexpr std::array<FormatRow, 3> citation_formats{{
    {CitationFormat::bibtex, "bib", bibtex_type},
    {CitationFormat::ris, "ris", "application/x-research-info-systems; charset=utf-8"},
    {CitationFormat::csl_json, "json", "application/vnd.citationstyles.csl+json; charset=utf-8"},
}};

const FormatRow& format_row(CitationFormat format) { return citation_formats[static_cast<std::size_t>(format)]; }

bool is_digest_prefix(std::string_view s) {
    if (s.size() != url_digest_hex_digits) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

// Puts one placeholder's value into `r`; false when it is not one.
bool capture(std::string_view placeholder, std::string_view value, Route& r) {
    if (placeholder == "slug" || placeholder == "tag" || placeholder == "token") {
        r.slug = value;
        return is_slug(value);
    }
    if (placeholder == "name") {
        r.slug = value;
        return is_file_name(value);
    }
    if (placeholder == "digest") {
        r.digest = value;
        return is_digest_prefix(value);
    }
    if (placeholder == "kind") {
        r.filter = kind_named(value);
        return r.filter.has_value();
    }
    if (placeholder == "format")
        for (const auto& row : citation_formats)
            if (value == row.extension) {
                r.format = row.format;
                return true;
            }
    return false;
}

}  // namespace

std::span<const RouteSpec> route_table() { return table; }

const RouteSpec& route_spec(RouteKind kind) { return table[static_cast<std::size_t>(kind)]; }

std::string_view route_kind_name(RouteKind kind) { return route_spec(kind).name; }

std::string_view citation_extension(CitationFormat format) {
    constexpr std::array<std::string_view, 3> dotted{".bib", ".ris", ".json"};  // the pattern's ".{format}"
    return dotted[static_cast<std::size_t>(format)];
}

std::string_view citation_type(CitationFormat format) { return format_row(format).content_type; }

std::optional<Route> match_pattern(std::string_view pattern, std::string_view path) {
    Route r;
    while (!pattern.empty()) {
        if (pattern.starts_with("[{")) {  // "[{x}/]": x and a slash, or nothing when no slash is left
            std::size_t close = pattern.find("}/]");
            std::size_t slash = path.find('/');
            if (slash != std::string_view::npos) {
                if (!capture(pattern.substr(2, close - 2), path.substr(0, slash), r)) return std::nullopt;
                path.remove_prefix(slash + 1);
            }
            pattern.remove_prefix(close + 3);
        } else if (pattern.front() == '{') {  // up to the next literal character, or the end
            std::size_t close = pattern.find('}');
            std::string_view placeholder = pattern.substr(1, close - 1);
            pattern.remove_prefix(close + 1);
            std::size_t end = pattern.empty() ? path.size() : path.find(pattern.front());
            if (end == std::string_view::npos) return std::nullopt;
            if (!capture(placeholder, path.substr(0, end), r)) return std::nullopt;
            path.remove_prefix(end);
        } else {
            std::size_t literal = std::min(pattern.find_first_of("{["), pattern.size());
            if (!path.starts_with(pattern.substr(0, literal))) return std::nullopt;
            path.remove_prefix(literal);
            pattern.remove_prefix(literal);
        }
    }
    if (!path.empty()) return std::nullopt;
    return r;
}

std::string url_for(RouteKind kind, const UrlParts& parts) {
    std::string_view pattern = route_spec(kind).pattern;
    std::string url(parts.prefix);
    while (!pattern.empty()) {
        std::size_t open = pattern.find_first_of("{[");
        url += pattern.substr(0, open);
        if (open == std::string_view::npos) break;
        bool optional = pattern[open] == '[';
        std::size_t close = pattern.find('}', open);
        std::string_view placeholder = pattern.substr(open + (optional ? 2 : 1), close - open - (optional ? 2 : 1));
        std::string_view value;
        if (placeholder == "kind") value = parts.kind ? kind_row(*parts.kind).name : std::string_view();
        else if (placeholder == "format") value = format_row(parts.format).extension;
        else if (placeholder == "digest") value = parts.digest.substr(0, url_digest_hex_digits);
        else value = parts.slug;
        url += value;
        if (optional && !value.empty()) url += '/';
        pattern.remove_prefix(close + (optional ? 3 : 1));
    }
    return url;
}

std::string url_for(const StoredFile& file) {
    return url_for(RouteKind::file, {.slug = file.name, .digest = file.digest});
}

}  // namespace vitae

#include "http/router.hpp"

#include <utility>

namespace vitae {

namespace {

Route of(RouteKind kind, std::string_view slug = {}) {
    Route r;
    r.kind = kind;
    r.slug = slug;
    return r;
}

Route redirect_to(std::string_view location) {
    Route r;
    r.kind = RouteKind::redirect;
    r.location = location;
    return r;
}

// "/publications/..." past the prefix: a filter, a paper or one of its citations.
Route publications_route(std::string_view rest) {
    for (const auto& row : kind_rows())
        if (rest.size() == row.name.size() + 1 && rest.starts_with(row.name) && rest.back() == '/') {
            Route r = of(RouteKind::publications);
            r.filter = row.kind;
            return r;
        }
    for (auto format : {CitationFormat::bibtex, CitationFormat::ris, CitationFormat::csl_json}) {
        auto extension = citation_extension(format);
        if (!rest.ends_with(extension)) continue;
        auto slug = rest.substr(0, rest.size() - extension.size());
        if (!is_slug(slug)) return {};
        Route r = of(RouteKind::citation, slug);
        r.format = format;
        return r;
    }
    if (is_slug(rest)) return of(RouteKind::publication, rest);
    return {};
}

// "/blog/tag/..." past the prefix: "<tag>/" or "<tag>/feed.xml". Without the
// slash it is not found: the page's one URL is the directory's.
Route tag_route(std::string_view rest) {
    constexpr std::string_view feed = "/feed.xml";
    if (rest.ends_with('/') && is_slug(rest.substr(0, rest.size() - 1)))
        return of(RouteKind::tag, rest.substr(0, rest.size() - 1));
    if (rest.ends_with(feed) && is_slug(rest.substr(0, rest.size() - feed.size())))
        return of(RouteKind::tag_feed, rest.substr(0, rest.size() - feed.size()));
    return {};
}

// "/files/..." past the prefix: "<name>" or "<12 hex>/<name>".
Route files_route(std::string_view rest) {
    if (is_file_name(rest)) return of(RouteKind::file, rest);
    constexpr std::size_t digits = 12;
    if (rest.size() <= digits + 1 || rest[digits] != '/' || !is_file_name(rest.substr(digits + 1))) return {};
    for (char c : rest.substr(0, digits))
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return {};
    Route r = of(RouteKind::file, rest.substr(digits + 1));
    r.digest = rest.substr(0, digits);
    return r;
}

Route route_kind(std::string_view path) {
    constexpr std::string_view blog = "/blog/";
    constexpr std::string_view publications = "/publications/";
    if (path == "/") return of(RouteKind::home);
    if (path == "/blog") return redirect_to(blog);
    if (path == "/_vitae/status") return of(RouteKind::status);
    if (path == "/_vitae/metrics") return of(RouteKind::metrics);
    if (path == blog) return of(RouteKind::blog_index);
    if (constexpr std::string_view tags = "/blog/tag/"; path.starts_with(tags)) return tag_route(path.substr(tags.size()));
    if (constexpr std::string_view preview = "/blog/preview/"; path.starts_with(preview) && is_slug(path.substr(preview.size())))
        return of(RouteKind::preview, path.substr(preview.size()));
    if (path.starts_with(blog) && is_slug(path.substr(blog.size()))) return of(RouteKind::post, path.substr(blog.size()));
    if (path == "/publications") return redirect_to(publications);
    if (path == publications) return of(RouteKind::publications);
    if (path.starts_with(publications)) return publications_route(path.substr(publications.size()));
    if (path == "/publications.bib") return of(RouteKind::publications_bib);
    if (path == "/feed.xml") return of(RouteKind::feed);
    if (path == "/sitemap.xml") return of(RouteKind::sitemap);
    if (path == "/robots.txt") return of(RouteKind::robots);
    if (path == "/news/") return of(RouteKind::news);
    if (path == "/news") return redirect_to("/news/");
    if (path == "/talks/") return of(RouteKind::talks);
    if (path == "/talks") return redirect_to("/talks/");
    if (constexpr std::string_view projects = "/projects/"; path.starts_with(projects)) {
        if (path == projects) return of(RouteKind::projects);
        if (is_slug(path.substr(projects.size()))) return of(RouteKind::project, path.substr(projects.size()));
        return {};
    }
    if (path == "/projects") return redirect_to("/projects/");
    if (path == "/cv/") return of(RouteKind::cv);
    if (path == "/cv") return redirect_to("/cv/");
    if (path == "/cv.pdf") return of(RouteKind::cv_pdf);
    if (path == "/cv.json") return of(RouteKind::cv_json);
    if (path.starts_with("/files/")) return files_route(path.substr(7));
    return {};
}

}  // namespace

std::string_view route_kind_name(RouteKind kind) {
    switch (kind) {
    case RouteKind::home: return "home";
    case RouteKind::blog_index: return "blog_index";
    case RouteKind::post: return "post";
    case RouteKind::tag: return "tag";
    case RouteKind::tag_feed: return "tag_feed";
    case RouteKind::preview: return "preview";
    case RouteKind::publications: return "publications";
    case RouteKind::publication: return "publication";
    case RouteKind::citation: return "citation";
    case RouteKind::publications_bib: return "publications_bib";
    case RouteKind::feed: return "feed";
    case RouteKind::sitemap: return "sitemap";
    case RouteKind::robots: return "robots";
    case RouteKind::news: return "news";
    case RouteKind::talks: return "talks";
    case RouteKind::projects: return "projects";
    case RouteKind::project: return "project";
    case RouteKind::cv: return "cv";
    case RouteKind::cv_pdf: return "cv_pdf";
    case RouteKind::cv_json: return "cv_json";
    case RouteKind::status: return "status";
    case RouteKind::metrics: return "metrics";
    case RouteKind::file: return "file";
    case RouteKind::redirect: return "redirect";
    case RouteKind::not_found: return "not_found";
    }
    return "not_found";
}

std::string_view citation_extension(CitationFormat format) {
    switch (format) {
    case CitationFormat::bibtex: return ".bib";
    case CitationFormat::ris: return ".ris";
    case CitationFormat::csl_json: return ".json";
    }
    return ".bib";
}

bool is_language_code(std::string_view code) {
    // A primary subtag of 2-3 lower-case letters, then subtags of 2-8 letters or digits.
    std::size_t first = code.find('-');
    std::string_view primary = code.substr(0, first);
    if (primary.size() < 2 || primary.size() > 3) return false;
    for (char c : primary)
        if (c < 'a' || c > 'z') return false;
    if (route_kind("/" + std::string(code) + "/").kind != RouteKind::not_found) return false;  // a section's name
    if (first == std::string_view::npos) return true;
    for (std::string_view rest = code.substr(first + 1);;) {
        std::size_t dash = rest.find('-');
        std::string_view sub = rest.substr(0, dash);
        if (sub.size() < 2 || sub.size() > 8) return false;
        for (char c : sub)
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
        if (dash == std::string_view::npos) return code.size() <= 35;
        rest = rest.substr(dash + 1);
    }
}

Route route(std::string_view path) {
    Route r = route_kind(path);
    r.path = path;
    if (r.kind != RouteKind::not_found || path.size() < 3 || path[0] != '/') return r;
    // "/zh" and "/zh/...": the page of the rest in that language.
    std::size_t slash = path.find('/', 1);
    std::string_view code = path.substr(1, slash == std::string_view::npos ? std::string_view::npos : slash - 1);
    if (!is_language_code(code)) return r;
    if (slash == std::string_view::npos) {
        r.kind = RouteKind::redirect;
        r.location = "/";
    } else {
        std::string_view rest = path.substr(slash);
        if (rest.starts_with("/_vitae/") || rest.starts_with("/files/") || rest == "/robots.txt" || rest == "/sitemap.xml")
            return r;  // one for all languages, at the root only
        r = route_kind(rest);
        r.path = path;
    }
    r.language = code;
    return r;
}

}  // namespace vitae

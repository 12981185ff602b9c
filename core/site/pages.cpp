#include "site/pages.hpp"

#include "render/formats/structured_data.hpp"
#include "render/formats/syndication.hpp"
#include "site/page_table.hpp"

namespace vitae {

namespace {

PageRef not_found(const Views& v) {
    const PageRow& row = page_row(RouteKind::not_found);
    PageRef ref{v.locale.not_found_page, row.template_name, RouteKind::not_found, row.content_type};
    ref.status = 404;
    return ref;
}

PageRef page_ref_in(const Route& route, const Site& site, std::size_t language) {
    const Views& v = site.views(language);
    const PageRow& row = page_row(route.kind);
    PageRef ref{route.path, row.template_name, route.kind, row.content_type};
    ref.group = site.group.get();
    auto find = row.find;
    if (find && find(route, v, ref)) return ref;
    PageRef missing = not_found(v);
    missing.group = ref.group;  // its nav names /people/ as every page of the site does
    return missing;
}

// The same page in each of the site's languages, for the switcher and hreflang.
std::vector<Alternate> alternates(const Locale& locale, std::string_view path, std::string_view base_url) {
    std::vector<Alternate> out;
    if (locale.languages.size() < 2) return out;
    for (const auto& l : locale.languages) {
        std::string there = locale.path_in(l, path);
        out.push_back({.code = l.code, .name = l.name, .path = locale.mount + there, .url = std::string(base_url) + there,
                       .current = l.code == locale.code});
    }
    return out;
}

}  // namespace

Route site_route(const Site& site, std::string_view path, std::string_view accept) {
    return route(path, {.languages = site.content->language_codes, .accept = accept});
}

PageRef page_ref(const Route& route, const Site& site) {
    // A route made with another site's languages names none of this one's.
    if (route.language_index >= site.language_count()) return not_found(site.views());
    PageRef ref = page_ref_in(route, site, route.language_index);
    ref.language = route.language_index;
    if (route.negotiated && ref.kind == RouteKind::citation) ref.key_extension = citation_extension(route.format);
    return ref;
}

MustacheData page_data(const PageRef& ref, const Views& v, const Catalogue& t) {
    auto data = page_row(ref.kind).data;
    return data ? data(ref, v, t) : MustacheData{MustacheData::type::object};
}

LayoutFields layout_for(const PageRef& ref, const Views& v, const Catalogue& t, std::string_view base_url) {
    LayoutFields f;
    std::string base = std::string(base_url) + v.locale.prefix;  // this language's pages
    f.current_path = ref.key;  // the path; the 404 page's is cleared below
    f.site_name = v.site_name;
    f.feed_url = url_for(RouteKind::feed, {.prefix = base});
    f.feed_title = feed_title(v.content, t);
    f.has_news = !v.content.news.empty();
    f.has_talks = !v.content.talks.empty();
    f.lang = v.locale.code;
    f.rtl = v.locale.rtl;
    f.prefix = v.locale.links;
    f.has_projects = !v.content.projects.empty();
    f.has_cv = has_cv(v.content);
    f.has_people = ref.group != nullptr;
    for (const auto& p : v.content.pages)
        if (p.in_menu) f.menu.push_back({.slug = p.slug, .title = p.title, .lang = v.lang_of("page", p.slug)});
    // No canonical URL: the layout then says noindex (the 404 page, a draft's preview).
    if (ref.status == 200 && !ref.unlisted) {
        f.canonical_url = std::string(base_url) + std::string(ref.key);
        f.alternates = alternates(v.locale, ref.key, base_url);
        f.x_default_url = std::string(base_url) + std::string(ref.key).substr(v.locale.prefix.size());
    }
    if (auto head = page_row(ref.kind).head) {
        head(ref, {.v = v, .t = t, .base_url = base_url, .base = base}, f);
    } else {
        f.title = t("not_found_title") + " — " + v.site_name;
        f.current_path = "";
    }
    return f;
}

std::string link_for(const PageRef& ref, const Views& v, std::string_view base_url) {
    if (ref.kind != RouteKind::publication || ref.status != 200) return {};
    return link_header(signposts(v.content.publications[ref.index], std::string(base_url) + std::string(ref.key)));
}

std::string generated_body(const PageRef& ref, const Site& site, std::string_view base_url) {
    const Views& v = site.views(ref.language);
    std::string base = std::string(base_url) + v.locale.prefix;
    auto body = page_row(ref.kind).body;
    return body ? body(ref, site, {.v = v, .t = site.strings(ref.language), .base_url = base_url, .base = base})
                : std::string();
}

std::vector<std::string> site_paths(const Site& site) {
    const Content& c = site.views().content;
    std::vector<std::string> paths;
    // Each language's pages, the default language's first (HTML pages first within each).
    for (std::size_t l = 0; l < site.language_count(); ++l) {
        const std::string& prefix = site.views(l).locale.prefix;
        for (auto& entry : sitemap_entries(c)) paths.push_back(prefix + entry.path);
        if (site.group) paths.push_back(url_for(RouteKind::people, {.prefix = prefix}));
        for (const auto& [tag, posts] : site.views(l).tag_index)
            paths.push_back(url_for(RouteKind::tag_feed, {.prefix = prefix, .slug = tag}));
        for (const auto& p : c.publications)
            for (auto format : {CitationFormat::bibtex, CitationFormat::ris, CitationFormat::csl_json})
                paths.push_back(url_for(RouteKind::citation, {.prefix = prefix, .slug = p.slug, .format = format}));
        for (auto kind : {RouteKind::publications_bib, RouteKind::feed}) paths.push_back(url_for(kind, {.prefix = prefix}));
        if (has_cv(c))
            for (auto kind : {RouteKind::cv_pdf, RouteKind::cv_json}) paths.push_back(url_for(kind, {.prefix = prefix}));
    }
    for (auto kind : {RouteKind::sitemap, RouteKind::robots}) paths.push_back(url_for(kind));
    for (const auto& f : c.files) {
        paths.push_back(url_for(RouteKind::file, {.slug = f.name, .digest = f.digest}));
        paths.push_back(url_for(RouteKind::file, {.slug = f.name}));
    }
    return paths;
}

}  // namespace vitae

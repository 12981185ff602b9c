#include "site/pages.hpp"

#include <array>

#include "base/error.hpp"
#include "base/log.hpp"
#include "render/cite/citation.hpp"
#include "render/cv/cv_json.hpp"
#include "render/formats/structured_data.hpp"
#include "render/formats/syndication.hpp"
#include "render/text/page_text.hpp"
#include "site/cv_pdf_child.hpp"
#include "store/rows/file_store.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

namespace {

PageRef not_found(const Views& v) {
    const RouteSpec& spec = route_spec(RouteKind::not_found);
    PageRef ref{v.locale.not_found_page, spec.template_name, RouteKind::not_found, spec.content_type};
    ref.status = 404;
    return ref;
}

// A stored picture's absolute content-addressed URL (og:image), "" for none.
std::string picture_url(const Content& c, const std::string& name, std::string_view base_url) {
    const StoredFile* f = name.empty() ? nullptr : c.file(name);
    return f && f->is_picture() ? std::string(base_url) + url_for(*f) : std::string();
}

// Read when the file is asked for, not held with the content: a site's PDFs
// and pictures can be far larger than its rows. One connection per read,
// read-only, like a load; the bytes must still be the version's.
std::string stored_file_bytes(const Site& site, const StoredFile& file) {
    auto db = Db::open(site.content->db_path, OpenMode::read_only);
    auto bytes = file_bytes(db, file.name, file.digest);
    if (!bytes) throw Error("read file " + in_quotes(file.name) + ": changed since this version was loaded");
    return std::move(*bytes);
}

// Where a page is made: its language's views and strings, and the absolute
// URLs it links to.
struct Place {
    const Views& v;
    const Catalogue& t;
    std::string_view base_url;  // the site's
    const std::string& base;    // this language's pages: the base URL and the language's prefix
};

// How each kind of page is found and made on a site; its path, template,
// Content-Type and inputs are its row in core/http/routes. A step a kind
// does not have is null.
struct PageMaker {
    RouteKind kind;
    // Whether the route names a page on this site, and which (ref.index,
    // ref.tag...). Null: none does (the handler's own answers, not_found).
    bool (*find)(const Route&, const Views&, PageRef&);
    MustacheData (*data)(const PageRef&, const Views&, const Catalogue&);  // an HTML page's (not home's: Views::home)
    void (*head)(const PageRef&, const Place&, LayoutFields&);             // an HTML page's title, description...
    std::string (*body)(const PageRef&, const Site&, const Place&);        // a generated page's
};

bool always(const Route&, const Views&, PageRef&) { return true; }

// "<title> — <site name>" and the description, from the interface strings.
void titled(const Place& at, LayoutFields& f, std::string_view heading, std::string_view description) {
    f.title = at.t(heading) + " — " + at.v.site_name;
    f.description = cut_at_word(at.t.format(description, {{"name", at.v.site_name}}));
}

// clang-format off
constexpr std::array<PageMaker, route_kind_count> makers{{
    {RouteKind::home, always, nullptr,
     [](const PageRef&, const Place& at, LayoutFields& f) {
         f.title = at.v.site_name;
         f.description = at.v.home_description;
         f.og_type = "profile";
         f.json_ld = person_json_ld(at.v.content, at.base);
     }, nullptr},
    {RouteKind::blog_index, always,
     [](const PageRef&, const Views& v, const Catalogue& t) { return blog_data(v, t); },
     [](const PageRef&, const Place& at, LayoutFields& f) { titled(at, f, "blog_heading", "description_blog"); }, nullptr},
    {RouteKind::post,
     [](const Route& route, const Views& v, PageRef& ref) {
         auto it = v.post_index.find(route.slug);
         if (it != v.post_index.end()) ref.index = it->second;
         return it != v.post_index.end();
     },
     [](const PageRef& ref, const Views& v, const Catalogue& t) { return post_page_data(v, t, ref.index); },
     [](const PageRef& ref, const Place& at, LayoutFields& f) {
         const Post& post = at.v.content.posts[ref.index];
         f.title = post.title + " — " + at.v.site_name;
         f.description = post_description(post);
         f.og_type = "article";
     }, nullptr},
    {RouteKind::tag,
     [](const Route& route, const Views& v, PageRef& ref) {
         ref.tag = route.slug;
         return v.tag_index.contains(route.slug);
     },
     [](const PageRef& ref, const Views& v, const Catalogue& t) { return tag_page_data(v, t, ref.tag); },
     [](const PageRef& ref, const Place& at, LayoutFields& f) {
         const std::string& name = at.v.site_name;
         f.title = at.t.format("posts_tagged_title", {{"tag", ref.tag}}) + " — " + name;
         f.description = cut_at_word(at.t.format("description_tag", {{"name", name}, {"tag", ref.tag}}));
         f.feed_url = url_for(RouteKind::tag_feed, {.prefix = at.base, .slug = ref.tag});
         f.feed_title = at.t.format("posts_tagged_title", {{"tag", ref.tag}});
     }, nullptr},
    {RouteKind::tag_feed,
     [](const Route& route, const Views& v, PageRef& ref) {
         ref.tag = route.slug;
         return v.tag_index.contains(route.slug);
     }, nullptr, nullptr,
     [](const PageRef& ref, const Site& site, const Place& at) {
         FeedPlace place{at.base, site.content->modified_unix, at.t, at.v.locale.code};
         return tag_feed(at.v.content, ref.tag, at.v.tag_index.find(ref.tag)->second, place);
     }},
    {RouteKind::preview,
     [](const Route& route, const Views& v, PageRef& ref) {
         auto it = v.preview_index.find(route.slug);
         if (it != v.preview_index.end()) ref.index = it->second;
         ref.unlisted = true;
         return it != v.preview_index.end();
     },
     [](const PageRef& ref, const Views& v, const Catalogue& t) { return preview_page_data(v, t, ref.index); },
     [](const PageRef& ref, const Place& at, LayoutFields& f) {
         f.title = at.t.format("preview_title", {{"title", at.v.unlisted[ref.index].title}}) + " — " + at.v.site_name;
     }, nullptr},
    {RouteKind::publications,
     [](const Route& route, const Views&, PageRef& ref) {
         ref.filter = route.filter;
         return true;
     },
     [](const PageRef& ref, const Views& v, const Catalogue& t) {
         // A group's home lists the group's works, its own papers among them.
         return ref.group ? group_publications_data(*ref.group, v, t, ref.filter) : publication_list(v, t, ref.filter).data;
     },
     [](const PageRef& ref, const Place& at, LayoutFields& f) {
         std::string heading = list_heading(at.t, ref.filter);
         f.title = heading + " — " + at.v.site_name;
         f.description = cut_at_word(at.t.format("description_publications", {{"heading", heading}, {"name", at.v.site_name}}));
     }, nullptr},
    {RouteKind::publication,
     [](const Route& route, const Views& v, PageRef& ref) {
         auto it = v.publication_index.find(route.slug);
         if (it != v.publication_index.end()) ref.index = it->second;
         ref.vary_accept = true;
         return it != v.publication_index.end();
     },
     [](const PageRef& ref, const Views& v, const Catalogue& t) { return paper_page_data(v, t, ref.index); },
     [](const PageRef& ref, const Place& at, LayoutFields& f) {
         const Views& v = at.v;
         const Publication& p = v.content.publications[ref.index];
         f.title = p.title + " — " + v.site_name;
         f.description = publication_description(p, at.t);
         f.og_type = "article";
         f.meta = scholar_meta(p, [&v, base_url = at.base_url](const std::string& url) { return link_target(v, url, base_url); });
         f.json_ld = article_json_ld(p, f.canonical_url);
         f.og_image = picture_url(v.content, p.preview, at.base_url);
         for (const auto& s : signposts(p, f.canonical_url))
             f.head_links.push_back({.rel = s.rel, .href = s.href, .type = s.type});
     }, nullptr},
    {RouteKind::citation,
     [](const Route& route, const Views& v, PageRef& ref) {
         auto it = v.publication_index.find(route.slug);
         if (it != v.publication_index.end()) ref.index = it->second;
         ref.format = route.format;
         ref.content_type = citation_type(route.format);
         ref.vary_accept = true;
         return it != v.publication_index.end();
     }, nullptr, nullptr,
     [](const PageRef& ref, const Site&, const Place& at) {
         const Publication& p = at.v.content.publications[ref.index];
         switch (ref.format) {
         case CitationFormat::bibtex: return bibtex_entry(p);
         case CitationFormat::ris: return ris_entry(p);
         case CitationFormat::csl_json: return csl_json(p);
         }
         return std::string();
     }},
    {RouteKind::publications_bib, always, nullptr, nullptr,
     [](const PageRef&, const Site&, const Place& at) { return bibtex_file(at.v.content.publications); }},
    {RouteKind::feed, always, nullptr, nullptr,
     [](const PageRef&, const Site& site, const Place& at) {
         return atom_feed(at.v.content, {at.base, site.content->modified_unix, at.t, at.v.locale.code});
     }},
    {RouteKind::sitemap, always, nullptr, nullptr,
     [](const PageRef&, const Site& site, const Place& at) {
         auto entries = sitemap_entries(at.v.content);
         if (site.group) entries.push_back({.path = url_for(RouteKind::people), .lastmod = ""});
         return sitemap_xml(entries, at.base_url, at.v.locale.languages);
     }},
    {RouteKind::robots, always, nullptr, nullptr, [](const PageRef&, const Site&, const Place& at) { return robots_txt(at.base_url); }},
    // A section without rows has no page (and no nav entry, no sitemap entry).
    {RouteKind::news, [](const Route&, const Views& v, PageRef&) { return !v.content.news.empty(); },
     [](const PageRef&, const Views& v, const Catalogue& t) { return news_page_data(v, t); },
     [](const PageRef&, const Place& at, LayoutFields& f) { titled(at, f, "news_heading", "description_news"); }, nullptr},
    {RouteKind::talks, [](const Route&, const Views& v, PageRef&) { return !v.content.talks.empty(); },
     [](const PageRef&, const Views& v, const Catalogue& t) { return talks_page_data(v, t); },
     [](const PageRef&, const Place& at, LayoutFields& f) {
         titled(at, f, "talks_heading", "description_talks");
         f.json_ld = talks_json_ld(at.v.content, at.base);
     }, nullptr},
    {RouteKind::projects, [](const Route&, const Views& v, PageRef&) { return !v.content.projects.empty(); },
     [](const PageRef&, const Views& v, const Catalogue& t) { return projects_page_data(v, t); },
     [](const PageRef&, const Place& at, LayoutFields& f) { titled(at, f, "projects_heading", "description_projects"); },
     nullptr},
    {RouteKind::project,
     [](const Route& route, const Views& v, PageRef& ref) {
         bool found = false;
         for (std::size_t i = 0; i < v.content.projects.size(); ++i)
             if (v.content.projects[i].slug == route.slug) {
                 ref.index = i;
                 found = true;
             }
         return found;
     },
     [](const PageRef& ref, const Views& v, const Catalogue& t) { return project_page_data(v, t, ref.index); },
     [](const PageRef& ref, const Place& at, LayoutFields& f) {
         const Project& p = at.v.content.projects[ref.index];
         f.title = p.title + " — " + at.v.site_name;
         f.description = project_description(p);
         f.og_image = picture_url(at.v.content, p.image, at.base_url);
         f.json_ld = project_json_ld(p, at.v.content, f.canonical_url, f.og_image);  // its related work: the canonical URLs
     }, nullptr},
    {RouteKind::cv, [](const Route&, const Views& v, PageRef&) { return has_cv(v.content); },
     [](const PageRef&, const Views& v, const Catalogue& t) { return cv_page_data(v, t); },
     [](const PageRef&, const Place& at, LayoutFields& f) {
         titled(at, f, "cv_heading", "description_cv");
         f.og_type = "profile";
     }, nullptr},
    {RouteKind::cv_pdf, [](const Route&, const Views& v, PageRef&) { return has_cv(v.content); }, nullptr, nullptr,
     // Typeset by a child process (site/cv_pdf_child): no serving process keeps Pango's fonts and caches.
     [](const PageRef& ref, const Site& site, const Place& at) { return cv_pdf_by_child(site, ref.language, at.base); }},
    {RouteKind::cv_json, [](const Route&, const Views& v, PageRef&) { return has_cv(v.content); }, nullptr, nullptr,
     [](const PageRef&, const Site&, const Place& at) { return cv_json(at.v, at.base); }},
    {RouteKind::people, [](const Route&, const Views&, PageRef& ref) { return ref.group != nullptr; },
     [](const PageRef& ref, const Views& v, const Catalogue& t) { return people_page_data(*ref.group, v, t); },
     [](const PageRef&, const Place& at, LayoutFields& f) { titled(at, f, "people_heading", "description_people"); },
     nullptr},
    {RouteKind::accessibility, always,
     [](const PageRef&, const Views& v, const Catalogue& t) { return accessibility_page_data(v, t); },
     [](const PageRef&, const Place& at, LayoutFields& f) {
         titled(at, f, "accessibility_heading", "description_accessibility");
     }, nullptr},
    // Made per request by site_search.cpp (its data is the query's hits); never cached, never indexed.
    {RouteKind::search,
     [](const Route&, const Views&, PageRef& ref) {
         ref.unlisted = true;
         return true;
     }, nullptr,
     [](const PageRef&, const Place& at, LayoutFields& f) { titled(at, f, "search_heading", "description_search"); }, nullptr},
    {RouteKind::status, nullptr, nullptr, nullptr, nullptr},
    {RouteKind::metrics, nullptr, nullptr, nullptr, nullptr},
    {RouteKind::file,
     [](const Route& route, const Views& v, PageRef& ref) {
         bool found = false;
         for (std::size_t i = 0; i < v.content.files.size(); ++i) {
             const StoredFile& f = v.content.files[i];
             if (f.name != route.slug || !f.digest.starts_with(route.digest)) continue;  // an old digest: gone
             ref.content_type = f.type;
             ref.index = i;
             ref.immutable = !route.digest.empty();
             found = true;
         }
         return found;
     }, nullptr, nullptr,
     [](const PageRef& ref, const Site& site, const Place& at) { return stored_file_bytes(site, at.v.content.files[ref.index]); }},
    {RouteKind::redirect, nullptr, nullptr, nullptr, nullptr},
    {RouteKind::not_found, nullptr, nullptr, nullptr, nullptr},
}};
// clang-format on

constexpr bool in_enum_order() {
    for (std::size_t i = 0; i < makers.size(); ++i)
        if (static_cast<std::size_t>(makers[i].kind) != i) return false;
    return true;
}
static_assert(in_enum_order(), "one maker per RouteKind, in the enum's order");

const PageMaker& maker(RouteKind kind) { return makers[static_cast<std::size_t>(kind)]; }

PageRef page_ref_in(const Route& route, const Site& site, std::size_t language) {
    const Views& v = site.views(language);
    const RouteSpec& spec = route_spec(route.kind);
    PageRef ref{route.path, spec.template_name, route.kind, spec.content_type};
    ref.group = site.group.get();
    auto find = maker(route.kind).find;
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

std::optional<std::size_t> language_of(const Route& route, const Site& site) {
    if (route.language.empty()) return 0;
    for (std::size_t i = 1; i < site.language_count(); ++i)
        if (site.views(i).locale.code == route.language) return i;
    return std::nullopt;  // the default language's code, or one the site lacks
}

PageRef page_ref(const Route& route, const Site& site) {
    auto language = language_of(route, site);
    if (!language) return not_found(site.views());
    PageRef ref = page_ref_in(route, site, *language);
    ref.language = *language;
    return ref;
}

MustacheData page_data(const PageRef& ref, const Views& v, const Catalogue& t) {
    auto data = maker(ref.kind).data;
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
    // No canonical URL: the layout then says noindex (the 404 page, a draft's preview).
    if (ref.status == 200 && !ref.unlisted) {
        f.canonical_url = std::string(base_url) + std::string(ref.key);
        f.alternates = alternates(v.locale, ref.key, base_url);
        f.x_default_url = std::string(base_url) + std::string(ref.key).substr(v.locale.prefix.size());
    }
    if (auto head = maker(ref.kind).head) {
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
    auto body = maker(ref.kind).body;
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

#include "site/page_table.hpp"

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

constexpr std::string_view atom_type = "application/atom+xml; charset=utf-8";
constexpr std::string_view json_type = "application/json; charset=utf-8";

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

bool always(const Route&, const Views&, PageRef&) { return true; }

// "<title> — <site name>" and the description, from the interface strings.
void titled(const Place& at, LayoutFields& f, std::string_view heading, std::string_view description) {
    f.title = at.t(heading) + " — " + at.v.site_name;
    f.description = cut_at_word(at.t.format(description, {{"name", at.v.site_name}}));
}

using K = RouteKind;

// clang-format off
constexpr std::array<PageRow, route_kind_count> page_rows{{
    {.kind = K::home, .template_name = "home", .content_type = html_type, .inputs = html_inputs | Input::home,
     .find = always,
     .head = [](const PageRef&, const Place& at, LayoutFields& f) {
         f.title = at.v.site_name;
         f.description = at.v.home_description;
         f.og_type = "profile";
         f.json_ld = person_json_ld(at.v.content, at.base);
     }},
    {.kind = K::blog_index, .template_name = "blog", .content_type = html_type, .inputs = html_inputs | Input::blog,
     .find = always,
     .data = [](const PageRef&, const Views& v, const Catalogue& t) { return blog_data(v, t); },
     .head = [](const PageRef&, const Place& at, LayoutFields& f) { titled(at, f, "blog_heading", "description_blog"); }},
    {.kind = K::post, .template_name = "post", .content_type = html_type, .inputs = html_inputs | Input::post,
     .find = [](const Route& route, const Views& v, PageRef& ref) {
         auto it = v.post_index.find(route.slug);
         if (it != v.post_index.end()) ref.index = it->second;
         return it != v.post_index.end();
     },
     .data = [](const PageRef& ref, const Views& v, const Catalogue& t) { return post_page_data(v, t, ref.index); },
     .head = [](const PageRef& ref, const Place& at, LayoutFields& f) {
         const Post& shown = at.v.content.posts[ref.index];
         f.title = shown.title + " — " + at.v.site_name;
         f.description = post_description(shown);
         f.og_type = "article";
     }},
    {.kind = K::tag, .template_name = "tag", .content_type = html_type, .inputs = html_inputs | Input::tag,
     .find = [](const Route& route, const Views& v, PageRef& ref) {
         ref.tag = route.slug;
         return v.tag_index.contains(route.slug);
     },
     .data = [](const PageRef& ref, const Views& v, const Catalogue& t) { return tag_page_data(v, t, ref.tag); },
     .head = [](const PageRef& ref, const Place& at, LayoutFields& f) {
         const std::string& name = at.v.site_name;
         f.title = at.t.format("posts_tagged_title", {{"tag", ref.tag}}) + " — " + name;
         f.description = cut_at_word(at.t.format("description_tag", {{"name", name}, {"tag", ref.tag}}));
         f.feed_url = url_for(RouteKind::tag_feed, {.prefix = at.base, .slug = ref.tag});
         f.feed_title = at.t.format("posts_tagged_title", {{"tag", ref.tag}});
     }},
    {.kind = K::tag_feed, .content_type = atom_type, .inputs = Input::tag | Input::owner_name | Input::strings,
     .find = [](const Route& route, const Views& v, PageRef& ref) {
         ref.tag = route.slug;
         return v.tag_index.contains(route.slug);
     },
     .body = [](const PageRef& ref, const Site& site, const Place& at) {
         FeedPlace place{at.base, site.content->modified_unix, at.t, at.v.locale.code};
         return tag_feed(at.v.content, ref.tag, at.v.tag_index.find(ref.tag)->second, place);
     }},
    {.kind = K::preview, .template_name = "post", .content_type = html_type, .inputs = html_inputs | Input::preview,
     .find = [](const Route& route, const Views& v, PageRef& ref) {
         auto it = v.preview_index.find(route.slug);
         if (it != v.preview_index.end()) ref.index = it->second;
         ref.unlisted = true;
         return it != v.preview_index.end();
     },
     .data = [](const PageRef& ref, const Views& v, const Catalogue& t) { return preview_page_data(v, t, ref.index); },
     .head = [](const PageRef& ref, const Place& at, LayoutFields& f) {
         f.title = at.t.format("preview_title", {{"title", at.v.unlisted[ref.index].title}}) + " — " + at.v.site_name;
     }},
    {.kind = K::publications, .template_name = "publications", .content_type = html_type,
     .inputs = html_inputs | Input::list | Input::group_works,
     .find = [](const Route& route, const Views&, PageRef& ref) {
         ref.filter = route.filter;
         return true;
     },
     .data = [](const PageRef& ref, const Views& v, const Catalogue& t) {
         // A group's home lists the group's works, its own papers among them.
         return ref.group ? group_publications_data(*ref.group, v, t, ref.filter) : publication_list(v, t, ref.filter).data;
     },
     .head = [](const PageRef& ref, const Place& at, LayoutFields& f) {
         std::string heading = list_heading(at.t, ref.filter);
         f.title = heading + " — " + at.v.site_name;
         f.description = cut_at_word(at.t.format("description_publications", {{"heading", heading}, {"name", at.v.site_name}}));
     }},
    {.kind = K::publication, .template_name = "paper", .content_type = html_type, .inputs = html_inputs | Input::paper,
     .find = [](const Route& route, const Views& v, PageRef& ref) {
         auto it = v.publication_index.find(route.slug);
         if (it != v.publication_index.end()) ref.index = it->second;
         ref.vary_accept = true;
         return it != v.publication_index.end();
     },
     .data = [](const PageRef& ref, const Views& v, const Catalogue& t) { return paper_page_data(v, t, ref.index); },
     .head = [](const PageRef& ref, const Place& at, LayoutFields& f) {
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
     }},
    // The type is the format's (citation_type).
    {.kind = K::citation, .inputs = Input::citation,
     .find = [](const Route& route, const Views& v, PageRef& ref) {
         auto it = v.publication_index.find(route.slug);
         if (it != v.publication_index.end()) ref.index = it->second;
         ref.format = route.format;
         ref.content_type = citation_type(route.format);
         ref.vary_accept = true;
         return it != v.publication_index.end();
     },
     .body = [](const PageRef& ref, const Site&, const Place& at) {
         const Publication& p = at.v.content.publications[ref.index];
         switch (ref.format) {
         case CitationFormat::bibtex: return bibtex_entry(p);
         case CitationFormat::ris: return ris_entry(p);
         case CitationFormat::csl_json: return csl_json(p);
         }
         return std::string();
     }},
    {.kind = K::publications_bib, .content_type = bibtex_type, .inputs = Input::bibtex_all,
     .find = always,
     .body = [](const PageRef&, const Site&, const Place& at) { return bibtex_file(at.v.content.publications); }},
    {.kind = K::feed, .content_type = atom_type, .inputs = Input::feed | Input::strings,
     .find = always,
     .body = [](const PageRef&, const Site& site, const Place& at) {
         return atom_feed(at.v.content, {at.base, site.content->modified_unix, at.t, at.v.locale.code});
     }},
    {.kind = K::sitemap, .content_type = "application/xml; charset=utf-8", .inputs = Input::sitemap,
     .find = always,
     .body = [](const PageRef&, const Site& site, const Place& at) {
         auto entries = sitemap_entries(at.v.content);
         if (site.group) entries.push_back({.path = url_for(RouteKind::people), .lastmod = ""});
         return sitemap_xml(entries, at.base_url, at.v.locale.languages);
     }},
    // No inputs: the base URL alone, fixed for the process.
    {.kind = K::robots, .content_type = "text/plain; charset=utf-8",
     .find = always,
     .body = [](const PageRef&, const Site&, const Place& at) { return robots_txt(at.base_url); }},
    // A section without rows has no page (and no nav entry, no sitemap entry).
    {.kind = K::news, .template_name = "news", .content_type = html_type, .inputs = html_inputs | Input::news,
     .find = [](const Route&, const Views& v, PageRef&) { return !v.content.news.empty(); },
     .data = [](const PageRef&, const Views& v, const Catalogue& t) { return news_page_data(v, t); },
     .head = [](const PageRef&, const Place& at, LayoutFields& f) { titled(at, f, "news_heading", "description_news"); }},
    {.kind = K::talks, .template_name = "talks", .content_type = html_type, .inputs = html_inputs | Input::talks,
     .find = [](const Route&, const Views& v, PageRef&) { return !v.content.talks.empty(); },
     .data = [](const PageRef&, const Views& v, const Catalogue& t) { return talks_page_data(v, t); },
     .head = [](const PageRef&, const Place& at, LayoutFields& f) {
         titled(at, f, "talks_heading", "description_talks");
         f.json_ld = talks_json_ld(at.v.content, at.base);
     }},
    {.kind = K::projects, .template_name = "projects", .content_type = html_type, .inputs = html_inputs | Input::projects,
     .find = [](const Route&, const Views& v, PageRef&) { return !v.content.projects.empty(); },
     .data = [](const PageRef&, const Views& v, const Catalogue& t) { return projects_page_data(v, t); },
     .head = [](const PageRef&, const Place& at, LayoutFields& f) { titled(at, f, "projects_heading", "description_projects"); }},
    {.kind = K::project, .template_name = "project", .content_type = html_type, .inputs = html_inputs | Input::project,
     .find = [](const Route& route, const Views& v, PageRef& ref) {
         bool found = false;
         for (std::size_t i = 0; i < v.content.projects.size(); ++i)
             if (v.content.projects[i].slug == route.slug) {
                 ref.index = i;
                 found = true;
             }
         return found;
     },
     .data = [](const PageRef& ref, const Views& v, const Catalogue& t) { return project_page_data(v, t, ref.index); },
     .head = [](const PageRef& ref, const Place& at, LayoutFields& f) {
         const Project& p = at.v.content.projects[ref.index];
         f.title = p.title + " — " + at.v.site_name;
         f.description = project_description(p);
         f.og_image = picture_url(at.v.content, p.image, at.base_url);
         f.json_ld = project_json_ld(p, at.v.content, f.canonical_url, f.og_image);  // its related work: the canonical URLs
     }},
    {.kind = K::cv, .template_name = "cv", .content_type = html_type, .inputs = html_inputs | Input::cv,
     .find = [](const Route&, const Views& v, PageRef&) { return has_cv(v.content); },
     .data = [](const PageRef&, const Views& v, const Catalogue& t) { return cv_page_data(v, t); },
     .head = [](const PageRef&, const Place& at, LayoutFields& f) {
         titled(at, f, "cv_heading", "description_cv");
         f.og_type = "profile";
     }},
    // The PDF's headings and dates are its language's. Typeset by a child
    // process (site/cv_pdf_child): no serving process keeps Pango's fonts and caches.
    {.kind = K::cv_pdf, .content_type = "application/pdf", .inputs = Input::cv | Input::strings,
     .find = [](const Route&, const Views& v, PageRef&) { return has_cv(v.content); },
     .body = [](const PageRef& ref, const Site& site, const Place& at) { return cv_pdf_by_child(site, ref.language, at.base); }},
    {.kind = K::cv_json, .content_type = json_type, .inputs = Input::cv | Input::strings,
     .find = [](const Route&, const Views& v, PageRef&) { return has_cv(v.content); },
     .body = [](const PageRef&, const Site&, const Place& at) { return cv_json(at.v, at.base); }},
    // A group's home only.
    {.kind = K::people, .template_name = "people", .content_type = html_type, .inputs = html_inputs | Input::people,
     .find = [](const Route&, const Views&, PageRef& ref) { return ref.group != nullptr; },
     .data = [](const PageRef& ref, const Views& v, const Catalogue& t) { return people_page_data(*ref.group, v, t); },
     .head = [](const PageRef&, const Place& at, LayoutFields& f) { titled(at, f, "people_heading", "description_people"); }},
    {.kind = K::accessibility, .template_name = "accessibility", .content_type = html_type, .inputs = html_inputs | Input::contact,
     .find = always,
     .data = [](const PageRef&, const Views& v, const Catalogue& t) { return accessibility_page_data(v, t); },
     .head = [](const PageRef&, const Place& at, LayoutFields& f) {
         titled(at, f, "accessibility_heading", "description_accessibility");
     }},
    // Made per request by site_search.cpp (its data is the query's hits): no
    // inputs, never cached, never indexed.
    {.kind = K::search, .template_name = "search", .content_type = html_type,
     .find = [](const Route&, const Views&, PageRef& ref) {
         ref.unlisted = true;
         return true;
     },
     .head = [](const PageRef&, const Place& at, LayoutFields& f) { titled(at, f, "search_heading", "description_search"); }},
    // The handler's own answers.
    {.kind = K::status},
    {.kind = K::metrics},
    // The type is the stored file's own.
    {.kind = K::file, .inputs = Input::file,
     .find = [](const Route& route, const Views& v, PageRef& ref) {
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
     },
     .body = [](const PageRef& ref, const Site& site, const Place& at) { return stored_file_bytes(site, at.v.content.files[ref.index]); }},
    {.kind = K::page, .template_name = "page", .content_type = html_type, .inputs = html_inputs | Input::page,
     .find = [](const Route& route, const Views& v, PageRef& ref) {
         for (std::size_t i = 0; i < v.content.pages.size(); ++i)
             if (v.content.pages[i].slug == route.slug) {
                 ref.index = i;
                 return true;
             }
         return false;
     },
     .data = [](const PageRef& ref, const Views& v, const Catalogue& t) { return page_page_data(v, t, ref.index); },
     .head = [](const PageRef& ref, const Place& at, LayoutFields& f) {
         const OwnPage& p = at.v.content.pages[ref.index];
         f.title = p.title + " — " + at.v.site_name;
         f.description = page_description(p);
     }},
    {.kind = K::redirect},
    {.kind = K::not_found, .template_name = "not_found", .content_type = html_type, .inputs = html_inputs},
}};
// clang-format on

constexpr bool rows_in_enum_order() {
    for (std::size_t i = 0; i < page_rows.size(); ++i)
        if (static_cast<std::size_t>(page_rows[i].kind) != i) return false;
    return true;
}
static_assert(rows_in_enum_order(), "one page row per RouteKind, in the enum's order");

}  // namespace

std::span<const PageRow> page_table() { return page_rows; }

const PageRow& page_row(RouteKind kind) { return page_rows[static_cast<std::size_t>(kind)]; }

}  // namespace vitae

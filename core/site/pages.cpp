#include "site/pages.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "render/cite/citation.hpp"
#include "render/cv/cv_json.hpp"
#include "render/cv/cv_pdf.hpp"
#include "render/formats/structured_data.hpp"
#include "render/formats/syndication.hpp"
#include "render/text/page_text.hpp"
#include "store/rows/file_store.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

namespace {

constexpr const char* bibtex_type = "application/x-bibtex; charset=utf-8";
constexpr const char* ris_type = "application/x-research-info-systems; charset=utf-8";
constexpr const char* csl_type = "application/vnd.citationstyles.csl+json; charset=utf-8";
constexpr const char* atom_type = "application/atom+xml; charset=utf-8";
constexpr const char* xml_type = "application/xml; charset=utf-8";
constexpr const char* text_type = "text/plain; charset=utf-8";
constexpr const char* pdf_type = "application/pdf";
constexpr const char* json_type = "application/json; charset=utf-8";

PageRef html(std::string_view key, const char* template_name, RouteKind kind) {
    return PageRef{key, template_name, kind, html_type};
}

PageRef generated(std::string_view key, RouteKind kind, const char* content_type) {
    return PageRef{key, nullptr, kind, content_type};
}

PageRef not_found(const Views& v) {
    PageRef ref = html(v.locale.not_found_page, "not_found", RouteKind::not_found);
    ref.status = 404;
    return ref;
}

// A stored picture's absolute content-addressed URL (og:image), "" for none.
std::string picture_url(const Content& c, const std::string& name, std::string_view base_url) {
    const StoredFile* f = name.empty() ? nullptr : c.file(name);
    return f && f->is_picture() ? std::string(base_url) + f->url() : std::string();
}

const char* citation_type(CitationFormat format) {
    switch (format) {
    case CitationFormat::bibtex: return bibtex_type;
    case CitationFormat::ris: return ris_type;
    case CitationFormat::csl_json: return csl_type;
    }
    return text_type;
}

}  // namespace

namespace {

PageRef page_ref_in(const Route& route, const Site& site, std::size_t language) {
    const Views& v = site.views(language);
    std::string_view path = route.path;
    PageRef ref = not_found(v);
    switch (route.kind) {
    case RouteKind::home: return html(path, "home", route.kind);
    case RouteKind::blog_index: return html(path, "blog", route.kind);
    case RouteKind::post:
        if (auto it = v.post_index.find(route.slug); it != v.post_index.end()) {
            ref = html(path, "post", route.kind);
            ref.index = it->second;
        }
        return ref;
    case RouteKind::preview:
        if (auto it = v.preview_index.find(route.slug); it != v.preview_index.end()) {
            ref = html(path, "post", route.kind);
            ref.index = it->second;
            ref.unlisted = true;
        }
        return ref;
    case RouteKind::tag:
    case RouteKind::tag_feed:
        if (v.tag_index.contains(route.slug)) {
            ref = route.kind == RouteKind::tag ? html(path, "tag", route.kind) : generated(path, route.kind, atom_type);
            ref.tag = route.slug;
        }
        return ref;
    case RouteKind::publications:
        ref = html(path, "publications", route.kind);
        ref.filter = route.filter;
        return ref;
    case RouteKind::publication:
    case RouteKind::citation:
        if (auto it = v.publication_index.find(route.slug); it != v.publication_index.end()) {
            ref = route.kind == RouteKind::publication ? html(path, "paper", route.kind)
                                                       : generated(path, route.kind, citation_type(route.format));
            ref.index = it->second;
            ref.format = route.format;
            ref.vary_accept = true;
        }
        return ref;
    case RouteKind::publications_bib: return generated(path, route.kind, bibtex_type);
    case RouteKind::feed: return generated(path, route.kind, atom_type);
    case RouteKind::sitemap: return generated(path, route.kind, xml_type);
    case RouteKind::robots: return generated(path, route.kind, text_type);
    case RouteKind::news:  // a section without rows has no page (and no nav entry, no sitemap entry)
        return v.content.news.empty() ? ref : html(path, "news", route.kind);
    case RouteKind::talks: return v.content.talks.empty() ? ref : html(path, "talks", route.kind);
    case RouteKind::projects: return v.content.projects.empty() ? ref : html(path, "projects", route.kind);
    case RouteKind::project:
        for (std::size_t i = 0; i < v.content.projects.size(); ++i)
            if (v.content.projects[i].slug == route.slug) {
                ref = html(path, "project", route.kind);
                ref.index = i;
            }
        return ref;
    case RouteKind::cv: return has_cv(v.content) ? html(path, "cv", route.kind) : ref;
    case RouteKind::cv_pdf: return has_cv(v.content) ? generated(path, route.kind, pdf_type) : ref;
    case RouteKind::cv_json: return has_cv(v.content) ? generated(path, route.kind, json_type) : ref;
    case RouteKind::file:
        for (std::size_t i = 0; i < v.content.files.size(); ++i) {
            const StoredFile& f = v.content.files[i];
            if (f.name != route.slug || !f.digest.starts_with(route.digest)) continue;  // an old digest: gone
            ref = generated(path, route.kind, f.type.c_str());
            ref.index = i;
            ref.immutable = !route.digest.empty();
        }
        return ref;
    case RouteKind::status:
    case RouteKind::metrics:
    case RouteKind::redirect:
    case RouteKind::not_found: break;
    }
    return ref;
}

// The same page in each of the site's languages, for the switcher and hreflang.
MustacheData alternates(const Locale& locale, std::string_view path, std::string_view base_url) {
    MustacheData out{MustacheData::type::list};
    if (locale.languages.size() < 2) return out;
    for (const auto& l : locale.languages) {
        std::string there = locale.path_in(l, path);
        out.push_back(kainjow::mustache::object{{"code", l.code},
                                                {"name", l.name},
                                                {"path", there},
                                                {"url", std::string(base_url) + there},
                                                {"current", l.code == locale.code}});
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
    switch (ref.kind) {
    case RouteKind::home: return home_data(v, t);
    case RouteKind::blog_index: return blog_data(v, t);
    case RouteKind::post: return post_page_data(v, t, ref.index);
    case RouteKind::tag: return tag_page_data(v, t, ref.tag);
    case RouteKind::preview: return preview_page_data(v, t, ref.index);
    case RouteKind::publications: return publication_list(v, t, ref.filter).data;
    case RouteKind::publication: return paper_page_data(v, t, ref.index);
    case RouteKind::news: return news_page_data(v, t);
    case RouteKind::talks: return talks_page_data(v, t);
    case RouteKind::projects: return projects_page_data(v, t);
    case RouteKind::project: return project_page_data(v, t, ref.index);
    case RouteKind::cv: return cv_page_data(v, t);
    default: return kainjow::mustache::object{};
    }
}

LayoutFields layout_for(const PageRef& ref, const Views& v, const Catalogue& t, std::string_view base_url) {
    LayoutFields f;
    const std::string& name = v.site_name;
    std::string base = std::string(base_url) + v.locale.prefix;  // this language's pages
    f.current_path = ref.key;  // the path; the 404 page's is cleared below
    f.site_name = name;
    f.feed_url = base + "/feed.xml";
    f.feed_title = feed_title(v.content, t);
    f.has_news = !v.content.news.empty();
    f.has_talks = !v.content.talks.empty();
    f.lang = v.locale.code;
    f.rtl = v.locale.rtl;
    f.prefix = v.locale.prefix;
    f.has_projects = !v.content.projects.empty();
    f.has_cv = has_cv(v.content);
    // No canonical URL: the layout then says noindex (the 404 page, a draft's preview).
    if (ref.status == 200 && !ref.unlisted) {
        f.canonical_url = std::string(base_url) + std::string(ref.key);
        f.alternates = alternates(v.locale, ref.key, base_url);
        f.x_default_url = std::string(base_url) + std::string(ref.key).substr(v.locale.prefix.size());
    }
    switch (ref.kind) {
    case RouteKind::home:
        f.title = name;
        f.description = v.home_description;
        f.og_type = "profile";
        f.json_ld = person_json_ld(v.content, base);
        break;
    case RouteKind::blog_index:
        f.title = t("blog_heading") + " — " + name;
        f.description = cut_at_word(t.format("description_blog", {{"name", name}}));
        break;
    case RouteKind::post: {
        const Post& post = v.content.posts[ref.index];
        f.title = post.title + " — " + name;
        f.description = post_description(post);
        f.og_type = "article";
        break;
    }
    case RouteKind::preview:
        f.title = t.format("preview_title", {{"title", v.unlisted[ref.index].title}}) + " — " + name;
        break;
    case RouteKind::tag:
        f.title = t.format("posts_tagged_title", {{"tag", ref.tag}}) + " — " + name;
        f.description = cut_at_word(t.format("description_tag", {{"name", name}, {"tag", ref.tag}}));
        f.feed_url = std::string(base_url) + std::string(ref.key) + "feed.xml";
        f.feed_title = t.format("posts_tagged_title", {{"tag", ref.tag}});
        break;
    case RouteKind::news:
        f.title = t("news_heading") + " — " + name;
        f.description = cut_at_word(t.format("description_news", {{"name", name}}));
        break;
    case RouteKind::talks:
        f.title = t("talks_heading") + " — " + name;
        f.description = cut_at_word(t.format("description_talks", {{"name", name}}));
        f.json_ld = talks_json_ld(v.content, base);
        break;
    case RouteKind::projects:
        f.title = t("projects_heading") + " — " + name;
        f.description = cut_at_word(t.format("description_projects", {{"name", name}}));
        break;
    case RouteKind::project: {
        const Project& p = v.content.projects[ref.index];
        f.title = p.title + " — " + name;
        f.description = project_description(p);
        f.og_image = picture_url(v.content, p.image, base_url);
        f.json_ld = project_json_ld(p, v.content, f.canonical_url, f.og_image);  // its related work: the canonical URLs
        break;
    }
    case RouteKind::cv:
        f.title = t("cv_heading") + " — " + name;
        f.description = cut_at_word(t.format("description_cv", {{"name", name}}));
        f.og_type = "profile";
        break;
    case RouteKind::publications: {
        std::string heading = list_heading(t, ref.filter);
        f.title = heading + " — " + name;
        f.description = cut_at_word(t.format("description_publications", {{"heading", heading}, {"name", name}}));
        break;
    }
    case RouteKind::publication: {
        const Publication& p = v.content.publications[ref.index];
        f.title = p.title + " — " + name;
        f.description = publication_description(p, t);
        f.og_type = "article";
        f.meta = scholar_meta(p, [&v, base_url](const std::string& url) { return link_target(v, url, base_url); });
        f.json_ld = article_json_ld(p, f.canonical_url);
        f.og_image = picture_url(v.content, p.preview, base_url);
        for (const auto& s : signposts(p, f.canonical_url))
            f.head_links.push_back(kainjow::mustache::object{
                {"rel", s.rel}, {"href", s.href}, {"type", s.type}, {"has_type", !s.type.empty()}});
        break;
    }
    default:
        f.title = t("not_found_title") + " — " + name;
        f.current_path = "";
        break;
    }
    return f;
}

std::string link_for(const PageRef& ref, const Views& v, std::string_view base_url) {
    if (ref.kind != RouteKind::publication || ref.status != 200) return {};
    return link_header(signposts(v.content.publications[ref.index], std::string(base_url) + std::string(ref.key)));
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

std::string generated_body(const PageRef& ref, const Site& site, std::string_view base_url) {
    const Views& v = site.views(ref.language);
    const Content& c = v.content;
    std::string base = std::string(base_url) + v.locale.prefix;
    FeedPlace place{base, site.content->modified_unix, site.strings(ref.language), v.locale.code};
    switch (ref.kind) {
    case RouteKind::citation: {
        const Publication& p = c.publications[ref.index];
        switch (ref.format) {
        case CitationFormat::bibtex: return bibtex_entry(p);
        case CitationFormat::ris: return ris_entry(p);
        case CitationFormat::csl_json: return csl_json(p);
        }
        return {};
    }
    case RouteKind::publications_bib: return bibtex_file(c.publications);
    case RouteKind::feed: return atom_feed(c, place);
    case RouteKind::tag_feed: return tag_feed(c, ref.tag, v.tag_index.find(ref.tag)->second, place);
    case RouteKind::sitemap: return sitemap_xml(sitemap_entries(c), base_url, v.locale.languages);
    case RouteKind::robots: return robots_txt(base_url);
    case RouteKind::file: return stored_file_bytes(site, c.files[ref.index]);
    case RouteKind::cv_pdf: return cv_pdf(v, site.strings(ref.language), base, site.content->modified_unix);
    case RouteKind::cv_json: return cv_json(v, base);
    default: return {};
    }
}

std::vector<std::string> site_paths(const Site& site) {
    const Content& c = site.views().content;
    std::vector<std::string> paths;
    // Each language's pages, the default language's first (HTML pages first within each).
    for (std::size_t l = 0; l < site.language_count(); ++l) {
        const std::string& prefix = site.views(l).locale.prefix;
        for (auto& entry : sitemap_entries(c)) paths.push_back(prefix + entry.path);
        for (const auto& [tag, posts] : site.views(l).tag_index) paths.push_back(prefix + tag_url(tag) + "feed.xml");
        for (const auto& p : c.publications)
            for (const char* ext : {".bib", ".ris", ".json"}) paths.push_back(prefix + "/publications/" + p.slug + ext);
        for (const char* path : {"/publications.bib", "/feed.xml"}) paths.push_back(prefix + path);
        if (has_cv(c))
            for (const char* path : {"/cv.pdf", "/cv.json"}) paths.push_back(prefix + path);
    }
    for (const char* path : {"/sitemap.xml", "/robots.txt"}) paths.emplace_back(path);
    for (const auto& f : c.files) {
        paths.push_back(f.url());
        paths.push_back("/files/" + f.name);
    }
    return paths;
}

}  // namespace vitae

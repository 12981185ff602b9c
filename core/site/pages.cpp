#include "pages.hpp"

#include "citation.hpp"
#include "cv_json.hpp"
#include "cv_pdf.hpp"
#include "db.hpp"
#include "error.hpp"
#include "file_store.hpp"
#include "log.hpp"
#include "structured_data.hpp"
#include "syndication.hpp"

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

PageRef not_found() {
    PageRef ref = html("404", "not_found", RouteKind::not_found);
    ref.status = 404;
    return ref;
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

PageRef page_ref(const Route& route, const Site& site) {
    const Views& v = site.views();
    std::string_view path = route.path;
    PageRef ref = not_found();
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

MustacheData page_data(const PageRef& ref, const Views& v) {
    switch (ref.kind) {
    case RouteKind::home: return home_data(v);
    case RouteKind::blog_index: return blog_data(v);
    case RouteKind::post: return post_page_data(v, ref.index);
    case RouteKind::tag: return tag_page_data(v, ref.tag);
    case RouteKind::preview: return preview_page_data(v, ref.index);
    case RouteKind::publications: return publication_list(v, ref.filter).data;
    case RouteKind::publication: return paper_page_data(v, ref.index);
    case RouteKind::news: return news_page_data(v);
    case RouteKind::talks: return talks_page_data(v);
    case RouteKind::cv: return cv_page_data(v);
    default: return kainjow::mustache::object{};
    }
}

LayoutFields layout_for(const PageRef& ref, const Views& v, std::string_view base_url) {
    LayoutFields f;
    f.current_path = ref.key;  // the path; the 404 page's is cleared below
    f.site_name = v.site_name;
    f.feed_url = std::string(base_url) + "/feed.xml";
    f.has_news = !v.content.news.empty();
    f.has_talks = !v.content.talks.empty();
    f.has_cv = has_cv(v.content);
    // No canonical URL: the layout then says noindex (the 404 page, a draft's preview).
    if (ref.status == 200 && !ref.unlisted) f.canonical_url = std::string(base_url) + std::string(ref.key);
    switch (ref.kind) {
    case RouteKind::home:
        f.title = v.site_name;
        f.description = v.home_description;
        f.og_type = "profile";
        f.json_ld = person_json_ld(v.content, base_url);
        break;
    case RouteKind::blog_index:
        f.title = "Blog — " + v.site_name;
        f.description = "Posts by " + v.site_name;
        break;
    case RouteKind::post: {
        const Post& post = v.content.posts[ref.index];
        f.title = post.title + " — " + v.site_name;
        f.description = post.title;
        f.og_type = "article";
        break;
    }
    case RouteKind::preview:
        f.title = "Preview: " + v.unlisted[ref.index].title + " — " + v.site_name;
        break;
    case RouteKind::tag:
        f.title = "Posts tagged " + std::string(ref.tag) + " — " + v.site_name;
        f.description = "Posts by " + v.site_name + " tagged " + std::string(ref.tag);
        f.feed_url = std::string(base_url) + std::string(ref.key) + "feed.xml";
        f.feed_title = "Posts tagged " + std::string(ref.tag);
        break;
    case RouteKind::news:
        f.title = "News — " + v.site_name;
        f.description = "News from " + v.site_name + ", newest first.";
        break;
    case RouteKind::talks:
        f.title = "Talks — " + v.site_name;
        f.description = "Talks by " + v.site_name + ", by year.";
        f.json_ld = talks_json_ld(v.content, base_url);
        break;
    case RouteKind::cv:
        f.title = "CV — " + v.site_name;
        f.description = "Curriculum vitae of " + v.site_name + ".";
        f.og_type = "profile";
        break;
    case RouteKind::publications: {
        std::string heading = list_heading(ref.filter);
        f.title = heading + " — " + v.site_name;
        f.description = heading + " by " + v.site_name + ", by year, with citations.";
        break;
    }
    case RouteKind::publication: {
        const Publication& p = v.content.publications[ref.index];
        f.title = p.title + " — " + v.site_name;
        f.description = publication_description(p);
        f.og_type = "article";
        f.meta = scholar_meta(p, [&v, base_url](const std::string& url) { return link_target(v, url, base_url); });
        f.json_ld = article_json_ld(p, f.canonical_url);
        for (const auto& s : signposts(p, f.canonical_url))
            f.head_links.push_back(kainjow::mustache::object{
                {"rel", s.rel}, {"href", s.href}, {"type", s.type}, {"has_type", !s.type.empty()}});
        break;
    }
    default:
        f.title = "Page not found — " + v.site_name;
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
    const Content& c = site.views().content;
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
    case RouteKind::feed: return atom_feed(c, base_url, site.content->modified_unix);
    case RouteKind::tag_feed:
        return tag_feed(c, ref.tag, site.views().tag_index.find(ref.tag)->second, base_url, site.content->modified_unix);
    case RouteKind::sitemap: return sitemap_xml(sitemap_entries(c), base_url);
    case RouteKind::robots: return robots_txt(base_url);
    case RouteKind::file: return stored_file_bytes(site, c.files[ref.index]);
    case RouteKind::cv_pdf: return cv_pdf(site.views(), base_url, site.content->modified_unix);
    case RouteKind::cv_json: return cv_json(site.views(), base_url);
    default: return {};
    }
}

std::vector<std::string> site_paths(const Site& site) {
    const Content& c = site.views().content;
    std::vector<std::string> paths;
    for (auto& entry : sitemap_entries(c)) paths.push_back(std::move(entry.path));
    for (const auto& [tag, posts] : site.views().tag_index) paths.push_back(tag_url(tag) + "feed.xml");
    for (const auto& p : c.publications)
        for (const char* ext : {".bib", ".ris", ".json"}) paths.push_back("/publications/" + p.slug + ext);
    for (const char* path : {"/publications.bib", "/feed.xml", "/sitemap.xml", "/robots.txt"}) paths.emplace_back(path);
    if (has_cv(c))
        for (const char* path : {"/cv.pdf", "/cv.json"}) paths.emplace_back(path);
    for (const auto& f : c.files) {
        paths.push_back(f.url());
        paths.push_back("/files/" + f.name);
    }
    return paths;
}

}  // namespace vitae

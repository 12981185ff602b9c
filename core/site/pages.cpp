#include "pages.hpp"

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

PageRef html(std::string_view key, const char* template_name, const MustacheData* data, RouteKind kind) {
    return PageRef{key, template_name, data, kind, html_type};
}

PageRef generated(std::string_view key, RouteKind kind, const char* content_type, const std::string* text = nullptr) {
    PageRef ref{key, nullptr, nullptr, kind, content_type};
    ref.text = text;
    return ref;
}

PageRef not_found(const Views& v) {
    PageRef ref = html("404", "not_found", &v.not_found, RouteKind::not_found);
    ref.status = 404;
    return ref;
}

PageRef citation_ref(const Route& route, const Views& v) {
    std::string_view path = route.path;
    auto it = v.publications.find(route.slug);
    if (it == v.publications.end()) return not_found(v);
    const PublicationView& p = it->second;
    switch (route.format) {
    case CitationFormat::bibtex: return generated(path, route.kind, bibtex_type, &p.bibtex);
    case CitationFormat::ris: return generated(path, route.kind, ris_type, &p.ris);
    case CitationFormat::csl_json: return generated(path, route.kind, csl_type, &p.csl_json);
    }
    return not_found(v);
}

}  // namespace

PageRef page_ref(const Route& route, const Site& site) {
    const Views& v = site.views();
    std::string_view path = route.path;
    PageRef ref = not_found(v);
    switch (route.kind) {
    case RouteKind::home: return html(path, "home", &v.home, route.kind);
    case RouteKind::blog_index: return html(path, "blog", &v.blog, route.kind);
    case RouteKind::post:
        if (auto it = v.posts.find(route.slug); it != v.posts.end()) {
            ref = html(path, "post", &it->second.data, route.kind);
            ref.post = &it->second;
        }
        return ref;
    case RouteKind::publications: {
        const PublicationList& list = publication_list(v, route.filter);
        ref = html(path, "publications", &list.data, route.kind);
        ref.list = &list;
        return ref;
    }
    case RouteKind::publication:
        if (auto it = v.publications.find(route.slug); it != v.publications.end()) {
            ref = html(path, "paper", &it->second.data, route.kind);
            ref.publication = &it->second;
            ref.vary_accept = true;
        }
        return ref;
    case RouteKind::citation:
        ref = citation_ref(route, v);
        ref.vary_accept = ref.status == 200;
        return ref;
    case RouteKind::publications_bib: return generated(path, route.kind, bibtex_type, &v.bibtex_all);
    case RouteKind::feed: return generated(path, route.kind, atom_type);
    case RouteKind::sitemap: return generated(path, route.kind, xml_type);
    case RouteKind::robots: return generated(path, route.kind, text_type);
    case RouteKind::status:
    case RouteKind::metrics:
    case RouteKind::redirect:
    case RouteKind::not_found: break;
    }
    return ref;
}

LayoutFields layout_for(const PageRef& ref, const Views& v, std::string_view base_url) {
    LayoutFields f;
    f.current_path = ref.key;  // the path; the 404 page's is cleared below
    f.feed_url = std::string(base_url) + "/feed.xml";
    if (ref.status == 200) f.canonical_url = std::string(base_url) + std::string(ref.key);
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
    case RouteKind::post:
        f.title = ref.post->title + " — " + v.site_name;
        f.description = ref.post->title;
        f.og_type = "article";
        break;
    case RouteKind::publications:
        f.title = ref.list->heading + " — " + v.site_name;
        f.description = ref.list->heading + " by " + v.site_name + ", by year, with citations.";
        break;
    case RouteKind::publication:
        f.title = ref.publication->title + " — " + v.site_name;
        f.description = ref.publication->description;
        f.og_type = "article";
        f.meta = &ref.publication->meta;
        f.json_ld = article_json_ld(v.content.publications[ref.publication->index], f.canonical_url);
        for (const auto& s : signposts(v.content.publications[ref.publication->index], f.canonical_url))
            f.head_links.push_back(kainjow::mustache::object{
                {"rel", s.rel}, {"href", s.href}, {"type", s.type}, {"has_type", !s.type.empty()}});
        break;
    default:
        f.title = "Page not found — " + v.site_name;
        f.current_path = "";
        break;
    }
    return f;
}

std::string link_for(const PageRef& ref, const Views& v, std::string_view base_url) {
    if (ref.kind != RouteKind::publication || ref.status != 200) return {};
    return link_header(signposts(v.content.publications[ref.publication->index], std::string(base_url) + std::string(ref.key)));
}

std::string generated_body(const PageRef& ref, const Site& site, std::string_view base_url) {
    if (ref.text) return *ref.text;
    const Content& c = site.views().content;
    switch (ref.kind) {
    case RouteKind::feed: return atom_feed(c, base_url, site.content->modified_unix);
    case RouteKind::sitemap: return sitemap_xml(sitemap_entries(c), base_url);
    case RouteKind::robots: return robots_txt(base_url);
    default: return {};
    }
}

std::vector<std::string> site_paths(const Site& site) {
    const Views& v = site.views();
    std::vector<std::string> paths;
    for (auto& entry : sitemap_entries(v.content)) paths.push_back(std::move(entry.path));
    for (const auto& [slug, pub] : v.publications)
        for (const char* ext : {".bib", ".ris", ".json"}) paths.push_back("/publications/" + slug + ext);
    for (const char* path : {"/publications.bib", "/feed.xml", "/sitemap.xml", "/robots.txt"}) paths.emplace_back(path);
    return paths;
}

}  // namespace vitae

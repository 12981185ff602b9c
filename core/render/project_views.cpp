// The projects section (schema v8): /projects/ (each project's picture,
// title and summary, in the owner's order) and /projects/<slug> (its body,
// picture, links, and the papers and posts it relates to). Also the stored
// picture as a <picture>'s data, which a paper's preview shares. Only data
// here: every word a visitor reads is in the templates.
#include "markdown_math.hpp"
#include "view_data.hpp"

namespace vitae {

namespace view_data {

MustacheData picture_data(const Content& c, const StoredFile& picture, std::string_view alt) {
    MustacheData data = fields({{"url", picture.url()},
                                {"width", std::to_string(picture.width)},
                                {"height", std::to_string(picture.height)},
                                {"alt", std::string(alt.empty() ? std::string_view(picture.alt) : alt)}});
    // Its smaller copies (made when it was added), one srcset per format.
    for (auto [key, type] : {std::pair{"avif_srcset", "image/avif"}, std::pair{"webp_srcset", "image/webp"}}) {
        std::string srcset = srcset_of(c, picture, type);
        put(data, std::string("has_") + key, !srcset.empty());
        put(data, key, std::move(srcset));
    }
    return data;
}

const StoredFile* stored_picture(const Content& c, std::string_view name) {
    const StoredFile* f = name.empty() ? nullptr : c.file(name);
    return f && f->is_picture() ? f : nullptr;
}

}  // namespace view_data

using view_data::append;
using view_data::fields;
using view_data::picture_data;
using view_data::put;
using view_data::stored_picture;

namespace {

// A project's link: an http(s) URL, a stored file (at its content-addressed
// URL), or another page of this site; anything else (javascript:) no link.
std::string project_link(const Views& v, const std::string& url) {
    if (url.starts_with("https://") || url.starts_with("http://")) return url;
    if (url.starts_with("/files/")) {
        const StoredFile* f = v.content.file(std::string_view(url).substr(7));
        return f ? f->url() : url;
    }
    if (url.starts_with('/') && !url.starts_with("//")) return url;
    return {};
}

// What both pages show of a project: its title, URL and picture (alt: the
// file's, else the project's title).
MustacheData project_head(const Views& v, const Project& p) {
    MustacheData d = fields({{"slug", p.slug}, {"title", p.title}, {"url", "/projects/" + p.slug}});
    const StoredFile* image = stored_picture(v.content, p.image);
    put(d, "has_image", image != nullptr);
    if (image) put(d, "image", picture_data(v.content, *image, image->alt.empty() ? p.title : image->alt));
    std::string summary = p.summary.empty() ? std::string() : markdown_with_math_to_html(p.summary);
    put(d, "has_summary", !summary.empty());
    put(d, "summary_html", std::move(summary));
    return d;
}

}  // namespace

MustacheData projects_page_data(const Views& v) {
    MustacheData items{MustacheData::type::list};
    for (const auto& p : v.content.projects) append(items, project_head(v, p));
    MustacheData page = fields({{"name", v.site_name}});
    put(page, "projects", std::move(items));
    return page;
}

MustacheData project_page_data(const Views& v, std::size_t index) {
    const Project& p = v.content.projects[index];
    MustacheData d = project_head(v, p);
    put(d, "body_html", markdown_with_math_to_html(p.markdown));
    put(d, "has_body", !p.markdown.empty());
    MustacheData links{MustacheData::type::list};
    for (const auto& l : p.links)
        if (std::string url = project_link(v, l.url); !url.empty())
            append(links, fields({{"label", l.label}, {"url", std::move(url)}}));
    put(d, "has_links", !links.list_value().empty());
    put(d, "links", std::move(links));
    // Related papers and posts: those this version lists (a draft, a gone paper: none).
    MustacheData pubs{MustacheData::type::list};
    for (const auto& slug : p.publications)
        if (auto it = v.publication_index.find(slug); it != v.publication_index.end())
            append(pubs, view_data::publication_data(v.content.publications[it->second], v));
    put(d, "has_publications", !pubs.list_value().empty());
    put(d, "publications", std::move(pubs));
    MustacheData posts{MustacheData::type::list};
    for (const auto& slug : p.posts)
        if (auto it = v.post_index.find(slug); it != v.post_index.end())
            append(posts, view_data::post_data(v.content.posts[it->second]));
    put(d, "has_posts", !posts.list_value().empty());
    put(d, "posts", std::move(posts));
    MustacheData page = fields({{"name", v.site_name}});
    put(page, "project", std::move(d));
    return page;
}

}  // namespace vitae

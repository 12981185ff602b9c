// The projects section: /projects/ (each project's picture,
// title and summary, in the owner's order) and /projects/<slug> (its body,
// picture, links, and the papers and posts it relates to). Also the stored
// picture as a <picture>'s data, which a paper's preview shares. Only data
// here: every word a visitor reads is in the templates.
#include <algorithm>

#include "render/math/body_html.hpp"
#include "render/text/page_text.hpp"
#include "render/views/view_data.hpp"

namespace vitae {

namespace view_data {

std::unordered_map<std::string_view, StoredPicture> pictures_of(const Content& c, std::string_view mount) {
    std::unordered_map<std::string_view, std::vector<const StoredFile*>> copies;
    for (const auto& f : c.files)
        if (!f.variant_of.empty()) copies[f.variant_of].push_back(&f);
    std::unordered_map<std::string_view, StoredPicture> out;
    for (const auto& f : c.files) {
        if (!f.is_picture()) continue;
        StoredPicture picture{&f, std::string(mount) + url_for(f), {}, {}};
        if (auto it = copies.find(f.name); it != copies.end()) {
            auto& smaller = it->second;
            std::sort(smaller.begin(), smaller.end(), [](auto* x, auto* y) { return x->width < y->width; });
            for (const auto* copy : smaller) {
                std::string* srcset = copy->type == "image/avif"   ? &picture.avif_srcset
                                      : copy->type == "image/webp" ? &picture.webp_srcset
                                                                   : nullptr;
                if (srcset) *srcset += (srcset->empty() ? "" : ", ") + std::string(mount) + url_for(*copy) + " " + std::to_string(copy->width) + "w";
            }
        }
        out.emplace(f.name, std::move(picture));
    }
    return out;
}

MustacheData picture_data(const StoredPicture& picture, std::string_view alt) {
    const StoredFile& f = *picture.file;
    MustacheData data = fields({{"url", picture.url},
                                {"width", std::to_string(f.width)},
                                {"height", std::to_string(f.height)},
                                {"alt", std::string(alt.empty() ? std::string_view(f.alt) : alt)}});
    put(data, "has_avif_srcset", !picture.avif_srcset.empty());
    put(data, "avif_srcset", picture.avif_srcset);
    put(data, "has_webp_srcset", !picture.webp_srcset.empty());
    put(data, "webp_srcset", picture.webp_srcset);
    return data;
}

const StoredPicture* stored_picture(const Views& v, std::string_view name) {
    if (name.empty()) return nullptr;
    auto it = v.pictures.find(name);
    return it == v.pictures.end() ? nullptr : &it->second;
}

}  // namespace view_data

using view_data::append;
using view_data::fields;
using view_data::picture_data;
using view_data::put;
using view_data::stored_picture;

namespace {

// What both pages show of a project: its title, URL and picture (alt: the
// file's, else the project's title).
MustacheData project_head(const Views& v, const Project& p) {
    MustacheData d = fields({{"slug", p.slug},
                             {"title", p.title},
                             {"url", url_for(RouteKind::project, {.prefix = v.locale.links, .slug = p.slug})},
                             {"lang", view_data::lang_data(v.lang_of("project", p.slug))}});
    const StoredPicture* image = stored_picture(v, p.image);
    put(d, "has_image", image != nullptr);
    if (image) put(d, "image", picture_data(*image, image->file->alt.empty() ? p.title : image->file->alt));
    std::string summary = p.summary.empty() ? std::string() : body_html(p.summary, BodyFormat::markdown_math);
    put(d, "has_summary", !summary.empty());
    put(d, "summary_html", std::move(summary));
    return d;
}

}  // namespace

std::string project_description(const Project& p) {
    std::string text = body_text(p.summary, BodyFormat::markdown_math);
    if (text.empty()) text = body_text(p.markdown, BodyFormat::markdown_math);
    return cut_at_word(text.empty() ? p.title : text);
}

MustacheData projects_page_data(const Views& v, const Catalogue&) {
    MustacheData items{MustacheData::type::list};
    for (const auto& p : v.content.projects) append(items, project_head(v, p));
    MustacheData page = fields({{"name", v.site_name}});
    put(page, "projects", std::move(items));
    return page;
}

MustacheData project_page_data(const Views& v, const Catalogue& t, std::size_t index) {
    const Project& p = v.content.projects[index];
    MustacheData d = project_head(v, p);
    std::string lang = v.lang_of("project", p.slug);
    put(d, "body_html", accessible_body(p.markdown, BodyFormat::markdown_math, lang.empty() ? v.locale.code : lang).html);
    put(d, "has_body", !p.markdown.empty());
    MustacheData links{MustacheData::type::list};
    for (const auto& l : p.links)
        if (std::string url = link_target(v, l.url, v.locale.mount); !url.empty())
            append(links, fields({{"label", l.label}, {"url", std::move(url)}}));
    put(d, "has_links", !links.list_value().empty());
    put(d, "links", std::move(links));
    // Related papers and posts: those this version lists (a draft, a gone paper: none).
    MustacheData pubs{MustacheData::type::list};
    for (const auto& slug : p.publications)
        if (auto it = v.publication_index.find(slug); it != v.publication_index.end())
            append(pubs, view_data::publication_data(v.content.publications[it->second], v, t));
    put(d, "has_publications", !pubs.list_value().empty());
    put(d, "publications", std::move(pubs));
    MustacheData posts{MustacheData::type::list};
    for (const auto& slug : p.posts)
        if (auto it = v.post_index.find(slug); it != v.post_index.end())
            append(posts, view_data::post_data(v.content.posts[it->second], v, t));
    put(d, "has_posts", !posts.list_value().empty());
    put(d, "posts", std::move(posts));
    MustacheData page = fields({{"name", v.site_name}});
    put(page, "project", std::move(d));
    return page;
}

}  // namespace vitae

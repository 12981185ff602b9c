// A post's data, the blog and tag lists, a post's page and a draft's
// preview, and which posts are listed on a given day: the blog's half of
// the views (views.cpp has the home page and the publications).
#include "render/math/body_html.hpp"
#include "render/text/escape.hpp"
#include "render/text/markdown.hpp"
#include "render/text/page_text.hpp"
#include "render/text/toc.hpp"
#include "render/views/view_data.hpp"

namespace vitae {

namespace view_data {

namespace {

MustacheData tags_data(const Post& post, const Views& v, const Catalogue& t) {
    return list_of(post.tags, [&](const std::string& tag, std::size_t i, std::size_t n) {
        return fields({{"name", tag}, {"url", url_for(RouteKind::tag, {.prefix = v.locale.links, .slug = tag})}, {"joiner", t.joiner(i, n)}});
    });
}

// h2 entries, each with the h3s that follow it (an h3 before any h2 stands alone).
MustacheData toc_data(const std::vector<TocEntry>& entries) {
    struct Group {
        const TocEntry* head;
        std::vector<const TocEntry*> subs;
    };
    std::vector<Group> groups;
    for (const auto& e : entries) {
        if (e.level == 3 && !groups.empty() && groups.back().head->level == 2) groups.back().subs.push_back(&e);
        else groups.push_back({&e, {}});
    }
    auto item = [](const TocEntry& e) { return fields({{"id", e.id}, {"text_html", e.text_html}}); };
    MustacheData out{MustacheData::type::list};
    for (const auto& g : groups) {
        MustacheData entry = item(*g.head);
        MustacheData subs{MustacheData::type::list};
        for (const auto* sub : g.subs) append(subs, item(*sub));
        put(entry, "has_subs", !g.subs.empty());
        put(entry, "subs", std::move(subs));
        append(out, std::move(entry));
    }
    return out;
}

}  // namespace

MustacheData post_data(const Post& post, const Views& v, const Catalogue& t) {
    std::string minutes = std::to_string(reading_minutes(post.body));
    return fields({{"slug", post.slug},
                   {"title", post.title},
                   {"lang", view_data::lang_data(v.lang_of("post", post.slug))},
                   {"url", url_for(RouteKind::post, {.prefix = v.locale.links, .slug = post.slug})},
                   {"date", t.date(post.published)},
                   {"date_iso", view_data::calendar_datum(post.published)},
                   {"has_body", !post.body.empty()},
                   {"reading_minutes", minutes},
                   {"reading_time", t.format("reading_time", {{"n", minutes}})},
                   {"tags", tags_data(post, v, t)},
                   {"has_tags", !post.tags.empty()}});
}

namespace {

// A stored picture in a post: <picture> with its AVIF and WebP copies, the
// original as <img> with its size (no shift when it arrives); lazy but for
// the post's first, which may be in view at once.
std::optional<std::string> post_picture(const Views& v, std::string_view name, std::string_view alt,
                                        PictureLoading loading) {
    const StoredPicture* picture = stored_picture(v, name);
    if (!picture) return std::nullopt;
    const StoredFile* f = picture->file;
    constexpr std::string_view sizes = "(max-width: 44rem) 100vw, 42rem";  // the text column
    std::string out = "<picture>";
    for (auto [type, srcset] : {std::pair{"image/avif", &picture->avif_srcset}, std::pair{"image/webp", &picture->webp_srcset}})
        if (!srcset->empty())
            out += "<source type=\"" + std::string(type) + "\" srcset=\"" + xml_escape(*srcset) + "\" sizes=\"" +
                   std::string(sizes) + "\">";
    out += "<img src=\"" + xml_escape(picture->url) + "\" width=\"" + std::to_string(f->width) + "\" height=\"" +
           std::to_string(f->height) + "\" alt=\"" + xml_escape(alt.empty() ? f->alt : alt) + "\"" +
           (loading == PictureLoading::lazy ? " loading=\"lazy\"" : "") + " decoding=\"async\"></picture>";
    return out;
}

}  // namespace

void add_post_body(const Post& post, const Views& v, MustacheData& data) {
    add_body(post.body, post.body_format, v.lang_of("post", post.slug), v, data);
}

void add_body(std::string_view body, std::string_view body_format, std::string_view lang, const Views& v, MustacheData& data) {
    BodyFormat format = post_body_format(body_format);
    std::string body_html =
        accessible_body(body, format, lang.empty() ? std::string_view(v.locale.code) : lang,
                        [&v](std::string_view name, std::string_view alt, PictureLoading loading) {
                            return post_picture(v, name, alt, loading);
                        })
            .html;
    // Markdown's headings get ids to link to; HTML keeps the ids it has.
    if (format != BodyFormat::html) body_html = with_heading_ids(body_html);
    auto headings = toc_entries(body_html);
    put(data, "has_toc", headings.size() >= toc_min_headings);
    put(data, "toc", toc_data(headings));
    put(data, "body_html", std::move(body_html));
}

std::string shown_body(std::string_view text, BodyFormat format, std::string_view row_lang, const Views& v) {
    return accessible_body(text, format, row_lang.empty() ? std::string_view(v.locale.code) : row_lang).html;
}

MustacheData posts_data(const SharedRows<Post>& posts, const Views& v, const Catalogue& t) {
    return list_of(posts, [&](const Post& p, std::size_t, std::size_t) { return post_data(p, v, t); });
}

// Moves every post that is not listed on `today` out of c.posts into
// v.unlisted, and notes the next day one of them is due.
void split_posts(Content& c, Views& v) {
    SharedRows<Post> listed;
    for (std::size_t i = 0; i < c.posts.size(); ++i) {
        const Post& post = c.posts[i];
        bool scheduled = !post.draft && post.published > v.today;
        if (!post.draft && !scheduled) {
            listed.push_back(c.posts.shared(i));
            continue;
        }
        if (scheduled && (v.next_release.empty() || post.published < v.next_release)) v.next_release = post.published;
        v.unlisted.push_back(c.posts.shared(i));
    }
    c.posts = std::move(listed);
    for (std::size_t i = 0; i < v.unlisted.size(); ++i)
        if (v.unlisted[i].draft && !v.unlisted[i].preview_token.empty()) v.preview_index.emplace(v.unlisted[i].preview_token, i);
}

}  // namespace view_data

using view_data::append;
using view_data::fields;
using view_data::post_data;
using view_data::posts_data;
using view_data::put;

namespace {

// Previous (older) and next (newer) post; posts are newest first.
void add_neighbours(const Views& v, std::size_t i, MustacheData& post) {
    const SharedRows<Post>& posts = v.content.posts;
    auto link = [&v](const Post& p) {
        return fields({{"url", url_for(RouteKind::post, {.prefix = v.locale.links, .slug = p.slug})}, {"title", p.title}, {"lang", view_data::lang_data(v.lang_of("post", p.slug))}});
    };
    put(post, "has_older", i + 1 < posts.size());
    if (i + 1 < posts.size()) put(post, "older", link(posts[i + 1]));
    put(post, "has_newer", i > 0);
    if (i > 0) put(post, "newer", link(posts[i - 1]));
    put(post, "has_neighbours", posts.size() > 1);
}

}  // namespace

MustacheData blog_data(const Views& v, const Catalogue& t) {
    MustacheData blog{MustacheData::type::object};
    put(blog, "has_posts", !v.content.posts.empty());
    put(blog, "posts", posts_data(v.content.posts, v, t));
    return blog;
}

MustacheData tag_page_data(const Views& v, const Catalogue& t, std::string_view tag) {
    MustacheData page = fields({{"tag", std::string(tag)}, {"feed_url", url_for(RouteKind::tag_feed, {.prefix = v.locale.links, .slug = tag})}});
    MustacheData posts{MustacheData::type::list};
    if (auto it = v.tag_index.find(tag); it != v.tag_index.end())
        for (std::size_t i : it->second) append(posts, post_data(v.content.posts[i], v, t));
    put(page, "posts", std::move(posts));
    return page;
}

MustacheData preview_page_data(const Views& v, const Catalogue& t, std::size_t i) {
    MustacheData post = post_data(v.unlisted[i], v, t);
    view_data::add_post_body(v.unlisted[i], v, post);
    put(post, "preview", true);
    put(post, "has_neighbours", false);
    MustacheData page{MustacheData::type::object};
    put(page, "post", std::move(post));
    return page;
}

MustacheData post_page_data(const Views& v, const Catalogue& t, std::size_t i) {
    MustacheData post = post_data(v.content.posts[i], v, t);
    view_data::add_post_body(v.content.posts[i], v, post);
    add_neighbours(v, i, post);
    MustacheData page{MustacheData::type::object};
    put(page, "post", std::move(post));
    return page;
}

std::string post_description(const Post& post) {
    // The body as the page renders it; its pictures are no text, so none are looked up.
    std::string text = body_text(post.body, post_body_format(post.body_format));
    return cut_at_word(text.empty() ? post.title : text);
}

}  // namespace vitae

#include "syndication.hpp"

#include <ctime>

#include "escape.hpp"
#include "markdown.hpp"
#include "router.hpp"

namespace vitae {

namespace {

std::string day_start(std::string_view date) { return std::string(date) + "T00:00:00Z"; }

void element(std::string& out, std::string_view name, std::string_view text) {
    out += '<';
    out += name;
    out += '>';
    out += xml_escape(text);
    out += "</";
    out += name;
    out += ">\n";
}

void entry(std::string& out, const Post& post, std::string_view base_url) {
    std::string url = std::string(base_url) + "/blog/" + post.slug;
    out += "<entry>\n";
    element(out, "id", url);
    element(out, "title", post.title);
    element(out, "published", day_start(post.published));
    element(out, "updated", day_start(post.published));
    out += "<link rel=\"alternate\" type=\"text/html\" href=\"" + xml_escape(url) + "\"/>\n";
    for (const auto& tag : post.tags) out += "<category term=\"" + xml_escape(tag) + "\"/>\n";
    if (!post.body.empty()) {
        std::string html = post.body_format == "html" ? post.body : markdown_to_html(post.body);
        out += "<content type=\"html\">" + xml_escape(html) + "</content>\n";
    }
    out += "</entry>\n";
}

}  // namespace

std::string rfc3339_utc(std::int64_t unix_seconds) {
    std::time_t t = static_cast<std::time_t>(unix_seconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

namespace {

// One feed: `page` is the HTML page it follows (its id), `self` its own path.
std::string feed_of(const Content& c, const std::vector<std::size_t>& posts, std::string_view title,
                    std::string_view page, std::string_view self, std::string_view base_url,
                    std::int64_t fallback_unix) {
    std::string base(base_url);
    // Posts are newest first, so the first one's date is the feed's.
    std::string updated = posts.empty() ? rfc3339_utc(fallback_unix) : day_start(c.posts[posts.front()].published);
    std::string out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n";
    element(out, "id", base + std::string(page));
    element(out, "title", title);
    element(out, "updated", updated);
    out += "<author>\n";
    element(out, "name", c.name);
    out += "</author>\n";
    out += "<link rel=\"self\" type=\"application/atom+xml\" href=\"" + xml_escape(base + std::string(self)) + "\"/>\n";
    out += "<link rel=\"alternate\" type=\"text/html\" href=\"" + xml_escape(base + std::string(page)) + "\"/>\n";
    for (std::size_t i : posts) entry(out, c.posts[i], base_url);
    out += "</feed>\n";
    return out;
}

}  // namespace

std::string atom_feed(const Content& c, std::string_view base_url, std::int64_t fallback_unix) {
    std::vector<std::size_t> all(c.posts.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    return feed_of(c, all, "Blog — " + c.name, "/blog/", "/feed.xml", base_url, fallback_unix);
}

std::string tag_feed(const Content& c, std::string_view tag, const std::vector<std::size_t>& posts,
                     std::string_view base_url, std::int64_t fallback_unix) {
    std::string page = "/blog/tag/" + std::string(tag) + "/";
    return feed_of(c, posts, "Posts tagged " + std::string(tag) + " — " + c.name, page, page + "feed.xml", base_url,
                   fallback_unix);
}

std::vector<SitemapEntry> sitemap_entries(const Content& c) {
    std::string newest_post = c.posts.empty() ? std::string() : c.posts.front().published;
    std::vector<SitemapEntry> out = {{"/", ""}, {"/blog/", newest_post}, {"/publications/", ""}};
    for (auto kind : kinds_in(c)) out.push_back({"/publications/" + std::string(kind_row(kind).name) + "/", ""});
    for (const auto& post : c.posts) out.push_back({"/blog/" + post.slug, post.published});
    for (const auto& [tag, posts] : posts_by_tag(c))  // each tag page dated by its newest post
        out.push_back({"/blog/tag/" + tag + "/", c.posts[posts.front()].published});
    for (const auto& p : c.publications) out.push_back({"/publications/" + p.slug, ""});
    return out;
}

std::string sitemap_xml(const std::vector<SitemapEntry>& entries, std::string_view base_url) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    for (const auto& e : entries) {
        out += "<url><loc>" + xml_escape(std::string(base_url) + e.path) + "</loc>";
        if (!e.lastmod.empty()) out += "<lastmod>" + xml_escape(e.lastmod) + "</lastmod>";
        out += "</url>\n";
    }
    out += "</urlset>\n";
    return out;
}

std::string robots_txt(std::string_view base_url) {
    return "User-agent: *\nAllow: /\n\nSitemap: " + std::string(base_url) + "/sitemap.xml\n";
}

}  // namespace vitae

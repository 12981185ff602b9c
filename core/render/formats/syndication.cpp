#include "render/formats/syndication.hpp"

#include <algorithm>
#include <ctime>

#include "http/routes.hpp"
#include "render/math/body_html.hpp"
#include "render/text/escape.hpp"
#include "render/views/views.hpp"
#include "rules/date.hpp"

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

void entry(std::string& out, const Post& post, std::string_view base_url, const Catalogue&) {
    std::string url = url_for(RouteKind::post, {.prefix = base_url, .slug = post.slug});
    out += "<entry>\n";
    element(out, "id", url);
    element(out, "title", post.title);
    element(out, "published", day_start(post.published));
    element(out, "updated", day_start(post.published));
    out += "<link rel=\"alternate\" type=\"text/html\" href=\"" + xml_escape(url) + "\"/>\n";
    for (const auto& tag : post.tags) out += "<category term=\"" + xml_escape(tag) + "\"/>\n";
    if (!post.body.empty()) {
        std::string html = body_html(post.body, post_body_format(post.body_format));
        out += "<content type=\"html\">" + xml_escape(html) + "</content>\n";
    }
    out += "</entry>\n";
}

// A news item: its anchor on /news/ is its id, its title the day.
void entry(std::string& out, const News& n, std::string_view base_url, const Catalogue& strings) {
    std::string url = url_for(RouteKind::news, {.prefix = base_url}) + "#news-" + std::to_string(n.id);
    out += "<entry>\n";
    element(out, "id", url);
    element(out, "title", strings.format("feed_news_entry", {{"date", strings.date(n.date)}}));
    element(out, "published", day_start(n.date));
    element(out, "updated", day_start(n.date));
    out += "<link rel=\"alternate\" type=\"text/html\" href=\"" + xml_escape(url) + "\"/>\n";
    out += "<content type=\"html\">" + xml_escape(body_html(n.markdown, BodyFormat::markdown_math)) + "</content>\n";
    out += "</entry>\n";
}

// A talk: where and when it was given, as plain text.
void entry(std::string& out, const Talk& t, std::string_view base_url, const Catalogue& strings) {
    std::string url = url_for(RouteKind::talks, {.prefix = base_url}) + "#talk-" + std::to_string(t.id);
    out += "<entry>\n";
    element(out, "id", url);
    element(out, "title", strings.format("feed_talk_entry", {{"title", t.title}}));
    element(out, "published", day_start(t.date));
    element(out, "updated", day_start(t.date));
    out += "<link rel=\"alternate\" type=\"text/html\" href=\"" + xml_escape(url) + "\"/>\n";
    std::string where = t.event + (t.event.empty() || t.place.empty() ? "" : ", ") + t.place;
    if (!where.empty()) element(out, "summary", where);
    if (!t.abstract.empty())
        out += "<content type=\"html\">" + xml_escape(body_html(t.abstract, BodyFormat::markdown_math)) + "</content>\n";
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

// An entry as a date and its XML, to merge posts, news and talks newest first.
struct Dated {
    std::string_view date;
    std::string xml;
};

// One feed: `page` is the HTML page it follows (its id), `self` its own path.
// With `sections`, the news and talks too (the site's feed, not a tag's).
std::string feed_of(const Content& c, const std::vector<std::size_t>& posts, bool sections, std::string_view title,
                    std::string_view page, std::string_view self, const FeedPlace& place) {
    std::string base(place.base_url);
    std::vector<Dated> entries;
    // A date that names no day (2021-02-31, from a database written by hand)
    // would make the feed invalid: that row is left out (vitae check names it).
    auto add = [&](std::string_view date, const auto& row) {
        if (!is_date(date)) return;
        entries.push_back({date, {}});
        entry(entries.back().xml, row, place.base_url, place.strings);
    };
    for (std::size_t i : posts) add(c.posts[i].published, c.posts[i]);
    if (sections) {
        for (const auto& n : c.news) add(n.date, n);
        for (const auto& t : c.talks) add(t.date, t);
    }
    // Each kind is newest first; stable, so a day's posts keep their order, then its news, then its talks.
    std::stable_sort(entries.begin(), entries.end(), [](const Dated& a, const Dated& b) { return a.date > b.date; });
    std::string updated = entries.empty() ? rfc3339_utc(place.fallback_unix) : day_start(entries.front().date);
    std::string out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"" +
                      xml_escape(place.language) + "\">\n";
    element(out, "id", base + std::string(page));
    element(out, "title", title);
    element(out, "updated", updated);
    out += "<author>\n";
    element(out, "name", c.name);
    out += "</author>\n";
    out += "<link rel=\"self\" type=\"application/atom+xml\" href=\"" + xml_escape(base + std::string(self)) + "\"/>\n";
    out += "<link rel=\"alternate\" type=\"text/html\" href=\"" + xml_escape(base + std::string(page)) + "\"/>\n";
    for (const auto& e : entries) out += e.xml;
    out += "</feed>\n";
    return out;
}

}  // namespace

std::string feed_title(const Content& c, const Catalogue& strings) {
    return strings(c.news.empty() && c.talks.empty() ? "feed_blog" : "feed_all");
}

std::string atom_feed(const Content& c, const FeedPlace& place) {
    std::vector<std::size_t> all(c.posts.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    return feed_of(c, all, true, feed_title(c, place.strings) + " — " + c.name, url_for(RouteKind::blog_index),
                   url_for(RouteKind::feed), place);
}

std::string tag_feed(const Content& c, std::string_view tag, const std::vector<std::size_t>& posts, const FeedPlace& place) {
    return feed_of(c, posts, false, place.strings.format("posts_tagged_title", {{"tag", tag}}) + " — " + c.name,
                   url_for(RouteKind::tag, {.slug = tag}), url_for(RouteKind::tag_feed, {.slug = tag}), place);
}

std::vector<SitemapEntry> sitemap_entries(const Content& c) {
    std::string newest_post = c.posts.empty() ? std::string() : c.posts.front().published;
    std::vector<SitemapEntry> out = {
        {url_for(RouteKind::home), ""}, {url_for(RouteKind::blog_index), newest_post}, {url_for(RouteKind::publications), ""}};
    for (auto kind : kinds_in(c)) out.push_back({url_for(RouteKind::publications, {.kind = kind}), ""});
    for (const auto& post : c.posts) out.push_back({url_for(RouteKind::post, {.slug = post.slug}), post.published});
    for (const auto& [tag, posts] : posts_by_tag(c))  // each tag page dated by its newest post
        out.push_back({url_for(RouteKind::tag, {.slug = tag}), c.posts[posts.front()].published});
    for (const auto& p : c.publications) out.push_back({url_for(RouteKind::publication, {.slug = p.slug}), ""});
    // The sections, only when they have rows (else they are not found), dated by their newest.
    if (!c.news.empty()) out.push_back({url_for(RouteKind::news), c.news.front().date});
    if (!c.talks.empty()) out.push_back({url_for(RouteKind::talks), c.talks.front().date});
    // Projects are undated.
    if (!c.projects.empty()) out.push_back({url_for(RouteKind::projects), ""});
    for (const auto& p : c.projects) out.push_back({url_for(RouteKind::project, {.slug = p.slug}), ""});
    if (has_cv(c)) out.push_back({url_for(RouteKind::cv), ""});  // made from many tables, no one date
    out.push_back({url_for(RouteKind::accessibility), ""});  // every site has its statement
    return out;
}

std::string sitemap_xml(const std::vector<SitemapEntry>& entries, std::string_view base_url,
                        const std::vector<Language>& languages) {
    std::string base(base_url);
    bool several = languages.size() > 1;
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"";
    out += several ? " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n" : ">\n";
    auto prefix = [&](std::size_t i) { return i == 0 ? std::string() : "/" + languages[i].code; };
    for (const auto& e : entries)
        for (std::size_t l = 0; l < std::max<std::size_t>(1, languages.size()); ++l) {
            out += "<url><loc>" + xml_escape(base + prefix(l) + e.path) + "</loc>";
            if (is_date(e.lastmod)) out += "<lastmod>" + e.lastmod + "</lastmod>";  // not 2021-02-31, nor ""
            // Each language's page names every one of them, itself included, and the default (Google's rules).
            if (several) {
                for (std::size_t k = 0; k < languages.size(); ++k)
                    out += "<xhtml:link rel=\"alternate\" hreflang=\"" + xml_escape(languages[k].code) + "\" href=\"" +
                           xml_escape(base + prefix(k) + e.path) + "\"/>";
                out += "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"" + xml_escape(base + e.path) + "\"/>";
            }
            out += "</url>\n";
        }
    out += "</urlset>\n";
    return out;
}

std::string robots_txt(std::string_view base_url) {
    return "User-agent: *\nAllow: /\n\nSitemap: " + url_for(RouteKind::sitemap, {.prefix = base_url}) + "\n";
}

}  // namespace vitae

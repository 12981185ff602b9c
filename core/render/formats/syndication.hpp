// What the site says to machines: the Atom feed of blog posts (and news, talks), the sitemap
// and robots.txt. Built at render time from the content and the site's base
// URL (absolute URLs are required by all three), cached like any page.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "render/template/catalogue.hpp"
#include "store/model/content.hpp"

namespace vitae {

// Atom 1.0 (RFC 4287). Entry dates are the posts' dates at 00:00 UTC; the
// feed's `updated` is the newest of them, or `fallback_unix` without posts. A
// post without a body has no <content>: the feed never invents text.
// Where a feed is published and in what language: its entries' URLs start
// with base_url (the language's prefix included); `fallback_unix` dates a
// feed without entries.
struct FeedPlace {
    std::string_view base_url;
    std::int64_t fallback_unix;
    const Catalogue& strings;
    std::string_view language;  // its xml:lang
};
// "Blog", or "Posts, news and talks" when it carries those too.
std::string feed_title(const Content& content, const Catalogue& strings);
std::string atom_feed(const Content& content, const FeedPlace& place);
// The feed of one tag's posts (`posts`: indexes into content.posts, newest first).
std::string tag_feed(const Content& content, std::string_view tag, const std::vector<std::size_t>& posts,
                     const FeedPlace& place);

struct SitemapEntry {
    std::string path;     // "/blog/x"
    std::string lastmod;  // W3C date, or empty when the content has no date for it

    bool operator==(const SitemapEntry&) const = default;
};

// Every HTML page of the site, in navigation order.
std::vector<SitemapEntry> sitemap_entries(const Content& content);

// sitemaps.org 0.9 <urlset>.
// Every entry in each language (default first, at the root; each other
// under /<code>), each naming all of them and x-default as alternates when
// there are several. No languages: the entries once.
std::string sitemap_xml(const std::vector<SitemapEntry>& entries, std::string_view base_url,
                        const std::vector<Language>& languages = {});

// Allows everything and names the sitemap.
std::string robots_txt(std::string_view base_url);

// 1785110400 -> "2026-07-27T00:00:00Z".
std::string rfc3339_utc(std::int64_t unix_seconds);

}  // namespace vitae

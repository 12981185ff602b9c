// Where a page comes from: the cache, or rendered once for this site version
// (template or generated body), then compressed, given its validators and
// laid out as the bytes a cache hit sends. Shared by the request handler, the
// fast path's publisher, `vitae export` and `vitae-fcgi --render`, so every
// one of them serves the same bytes for the same route.
#pragma once

#include <memory>
#include <string>

#include "http/http.hpp"
#include "http/page.hpp"
#include "http/page_cache.hpp"
#include "http/router.hpp"
#include "render/views/renderer.hpp"
#include "site/pages.hpp"
#include "site/site.hpp"

namespace vitae {

class PageSource;

// Whether pages carry surrogate keys for a shared cache, in which header,
// and the site's own key that starts each of them (its name).
struct SurrogateKeys {
    SurrogateHeader header = SurrogateHeader::none;
    std::string site_key;
};

// What one thread needs to make pages: its own view of the page cache (so
// a hit takes no lock). Never shared.
struct PageWorkspace {
    explicit PageWorkspace(PageSource& source);
    PageCache::Reader cache;
    std::string key;  // the cache key being looked up (scope + route key), reused so a hit allocates nothing
};

// A page as PageSource::page found it: from the cache, or rendered now.
struct PageLookup {
    std::shared_ptr<const Page> page;
    bool cache_hit = false;
};

class PageSource {
public:
    // `base_url` starts every absolute URL (canonical, feed, sitemap); cached
    // pages keep it, so it is fixed for the life of the source. `layout`
    // lays out each cached page's answers (Page::wire); without one, none.
    // `scope` starts each of its cache keys: sites sharing one cache each
    // have their own (unique per site load, so a site loaded again never
    // meets pages an earlier load of it rendered).
    // `surrogate`: the keys each page names for a cache in front (none by default).
    PageSource(PageCache& cache, std::string base_url, WireLayout layout = nullptr, std::string scope = {},
               SurrogateKeys surrogate = {});

    // The page `route` names on `site`; throws if a template fails to render.
    // With the cache off (benchmarks), only what this one request will send
    // is made: no gzip for a client that does not take it (`coding`), no wire bytes.
    PageLookup page(const Site& site, const Route& route, PageWorkspace& workspace,
                    ContentCoding coding = ContentCoding::gzip);

    // The page rendered now, outside the cache, with its gzip but not the
    // bytes a cache hit sends: for files (the fast path, `vitae export`),
    // which stream pages to disk instead of keeping them.
    std::shared_ptr<const Page> render_page(const Site& site, const PageRef& ref) const;

    const std::string& base_url() const { return base_url_; }
    const SurrogateKeys& surrogate() const { return surrogate_; }
    PageCache& cache() { return cache_; }

private:
    PageCache& cache_;
    const std::string base_url_;
    const WireLayout layout_;
    const std::string scope_;
    const SurrogateKeys surrogate_;
};

}  // namespace vitae

#include "site/page_source.hpp"

#include "base/memory.hpp"
#include "http/gzip.hpp"
#include "http/http.hpp"
#include "site/page_inputs.hpp"
#include "site/pages.hpp"
#include "site/surrogate_keys.hpp"
#include "store/model/file_type.hpp"

namespace vitae {

namespace {

// What a rendered page carries beyond its body. For the cache, everything;
// with the cache off, only what this one request will send.
struct Extras {
    bool gzip = true;
    WireLayout wire = nullptr;
    const SurrogateKeys* surrogate = nullptr;  // none for files
};

// Text gains from gzip; PDFs and pictures are compressed already.
bool compressible(std::string_view type) {
    return type.starts_with("text/") || type.find("xml") != std::string_view::npos ||
           type.find("json") != std::string_view::npos || type.find("bibtex") != std::string_view::npos ||
           type.find("research-info") != std::string_view::npos;
}

std::shared_ptr<const Page> render(const Site& site, const PageRef& ref, std::string_view base_url, Extras extras) {
    auto page = std::make_shared<Page>();
    page->status = ref.status;
    page->content_type = std::string(ref.content_type);
    const Views& views = site.views(ref.language);
    const Catalogue& t = site.strings(ref.language);
    if (ref.kind == RouteKind::home)  // its data is kept per version (Views::home)
        page->body = render_in_layout(*site.templates, ref.template_name, *views.home(t), layout_for(ref, views, t, base_url), t);
    else if (!ref.template_name.empty())
        page->body = render_in_layout(*site.templates, ref.template_name, page_data(ref, views, t),
                                      layout_for(ref, views, t, base_url), t);
    else
        page->body = generated_body(ref, site, base_url);
    page->body.shrink_to_fit();  // kept as long as the page is cached: without a render's spare capacity
    page->vary_accept = ref.vary_accept;
    page->unlisted = ref.unlisted;
    page->link = link_for(ref, views, base_url);
    page->etag = etag_for(page->body);
    if (ref.immutable) page->cache_control = "public, max-age=31536000, immutable";  // a new version, a new URL
    page->accept_ranges = ref.kind == RouteKind::file;
    if (ref.kind == RouteKind::file) page->content_security_policy = served_policy(ref.content_type);
    if (extras.gzip && page->body.size() >= gzip_min_bytes && compressible(ref.content_type)) {
        page->gzip = gzip_compress(page->body);
        page->gzip.shrink_to_fit();
    }
    page->etag_gzip = page->etag.substr(0, page->etag.size() - 1) + "-gz\"";
    page->last_modified_unix = site.last_modified_unix;
    page->last_modified = http_date(site.last_modified_unix);
    page->generation = site.generation;
    if (extras.surrogate && extras.surrogate->header != SurrogateHeader::none && !ref.unlisted)
        page->surrogate = surrogate_fields(extras.surrogate->header, page_keys(ref, site, extras.surrogate->site_key));
    if (extras.wire) prepare_wire(page, extras.wire);
    if (page->body.size() > trim_after_bytes) release_free_memory();  // its data tree is gone now
    return page;
}

}  // namespace

PageWorkspace::PageWorkspace(PageSource& source) : cache(source.cache()) {}

std::shared_ptr<const Page> PageSource::render_page(const Site& site, const PageRef& ref) const {
    return render(site, ref, base_url_, {true, nullptr, nullptr});
}

PageSource::PageSource(PageCache& cache, std::string base_url, WireLayout layout, std::string scope,
                       SurrogateKeys surrogate)
    : cache_(cache),
      base_url_(std::move(base_url)),
      layout_(layout),
      scope_(std::move(scope)),
      surrogate_(std::move(surrogate)) {}

PageLookup PageSource::page(const Site& site, const Route& route, PageWorkspace& workspace, ContentCoding coding) {
    PageRef ref = page_ref(route, site);
    workspace.key.assign(scope_).append(ref.key).append(ref.key_extension);
    if (auto cached = workspace.cache.find(workspace.key, page_stamp(ref, site))) return {.page = cached, .cache_hit = true};
    Extras extras{.gzip = true, .wire = layout_, .surrogate = &surrogate_};
    if (!cache_.enabled()) extras = {.gzip = coding == ContentCoding::gzip, .wire = nullptr, .surrogate = &surrogate_};
    auto page = render(site, ref, base_url_, extras);
    cache_.insert(workspace.key, page);
    return {.page = page, .cache_hit = false};
}

}  // namespace vitae

// A page of the public site as core/site renders it, without the worker:
// the site loaded from its database and the shipped templates, the route's
// page rendered outside any cache, as `vitae export` makes it. For tests of
// the layers below fcgi/ that look at what visitors see (the editor's, the
// page descriptions'); the request handler's own tests use fcgi's fixture.
#pragma once

#include <filesystem>
#include <memory>
#include <string_view>

#include "http/base_url.hpp"
#include "http/page.hpp"
#include "http/page_cache.hpp"
#include "http/router.hpp"
#include "site/page_source.hpp"
#include "site/pages.hpp"
#include "site/site.hpp"
#include "test_support.hpp"

namespace vitae::test {

// The site in `db` as a request thread would load it now.
inline std::shared_ptr<const Site> public_site(const std::filesystem::path& db) {
    return load_site({.db_path = db.string(), .templates_dir = source_dir / "templates"}, 1);
}

// The page `path` names on `site` (its status, head and body).
inline std::shared_ptr<const Page> public_page_of(const Site& site, std::string_view path) {
    PageCache cache(0, 0);  // rendered once and let go
    PageSource pages(cache, default_base_url);
    return pages.render_page(site, page_ref(route(path), site));
}

}  // namespace vitae::test

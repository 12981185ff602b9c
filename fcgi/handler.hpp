// One request, start to finish, without FastCGI: validate, route, find the
// page in the cache or render it, apply conditional GET. Each step is a
// function that returns a value; this file only wires them together.
#pragma once

#include <string>
#include <vector>

#include "http.hpp"
#include "page_cache.hpp"
#include "renderer.hpp"
#include "request.hpp"
#include "site.hpp"

namespace vitae {

// Every path that names a page of `site`, for exporting or publishing them all.
std::vector<std::string> site_paths(const Site& site);

class Handler {
public:
    Handler(SiteHolder& sites, PageCache& cache) : sites_(sites), cache_(cache) {}

    // Never throws for bad input; a failure to render becomes a 500.
    Response handle(const RawRequest& raw, PageRenderer& renderer);

    // The page for a path on the current site, for `--render` and tests.
    std::shared_ptr<const Page> page_for(std::string_view path, PageRenderer& renderer, bool& cache_hit);

private:
    SiteHolder& sites_;
    PageCache& cache_;
};

}  // namespace vitae

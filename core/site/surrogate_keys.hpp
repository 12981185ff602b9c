// Surrogate keys: the names a shared cache (Varnish's xkey, Fastly's
// Surrogate-Key, Cloudflare's Cache-Tag) files each response under, so that
// after an edit exactly the changed pages can be purged and every other page
// stays a hit. They are the page inputs of core/site/page_inputs spelled as
// text: a page carries one key per input its route's row names (the post's
// own "post:<slug>", the layout's "tpl:layout", ...), and after a commit the
// keys to purge are the inputs whose stamp moved past the generation the
// cache was last told about. So a page is purged exactly when the fast path
// would rewrite its file: the same stamps decide both
// (tests/unit/site/surrogate_keys_test checks the two agree for every page).
//
// A key is "<site>:<input>[:<which>]", with the language's code after the
// site for a page not in the default language; every response also carries
// "<site>" alone, which purges the whole site (a new language, a worker that
// loaded the site without knowing what the cache holds).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "site/pages.hpp"

namespace vitae {

// The keys of the page `ref` names on `site`, space-separated, the site's own
// key first. A 404 also carries the set of pages' key, so a page that
// appears at that path is purged with the sitemap.
std::string page_keys(const PageRef& ref, const Site& site, std::string_view site_key);

// Every key some page of `site` may carry, sorted: what a later version's
// removed rows (a deleted post's page) are found by.
std::vector<std::string> all_keys(const Site& site, std::string_view site_key);

// The keys whose input changed on `site` after generation `since`, sorted.
std::vector<std::string> changed_keys(const Site& site, std::uint64_t since, std::string_view site_key);

// What to purge when the cache last saw a version whose all_keys() were
// `before` (sorted) and the site is now `site`: the changed keys and those no
// longer there. Past `max_keys`, the site's own key alone.
std::vector<std::string> keys_to_purge(const std::vector<std::string>& before, const Site& site, std::uint64_t since,
                                       std::string_view site_key, std::size_t max_keys);

}  // namespace vitae

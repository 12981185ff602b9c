// GET /_vitae/status: what an operator needs to see at a glance, as JSON.
// Rendered per request (never cached); nginx.conf allows it from loopback only
// and the handler refuses other clients too.
#pragma once

#include <chrono>
#include <string>

#include "http/page_cache.hpp"
#include "render/text/escape.hpp"  // json_string
#include "sites/site_set.hpp"

namespace vitae {

// `process` is a JSON value describing the process tree (or "null").
// With --db, the one site's version, content, templates and last reload;
// with --sites, the registry's counts and each loaded site (at most
// --sites-loaded of them: the page stays bounded however many sites exist).
std::string status_json(SiteSet& sites, std::chrono::steady_clock::time_point started, const std::string& process);

}  // namespace vitae

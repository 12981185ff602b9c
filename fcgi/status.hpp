// GET /_vitae/status: what an operator needs to see at a glance, as JSON.
// Rendered per request (never cached); nginx.conf allows it from loopback only
// and the handler refuses other clients too.
#pragma once

#include <chrono>
#include <string>

#include "http/page_cache.hpp"
#include "render/text/escape.hpp"  // json_string
#include "site/site.hpp"

namespace vitae {

// `process` is a JSON value describing the process tree (or "null").
std::string status_json(const SiteHolder& sites, const PageCache& cache,
                        std::chrono::steady_clock::time_point started, const std::string& process);

}  // namespace vitae

// The site's public URL, which every absolute link (canonical, feed, sitemap,
// robots.txt, JSON-LD) starts with: the worker's --base-url and the CLI's
// `vitae export --base-url` check it the same way.
#pragma once

#include <string_view>

namespace vitae {

inline constexpr const char* default_base_url = "http://127.0.0.1:8080";

// Throws UsageError unless `url` is http(s)://HOST[:PORT][/PATH] without a
// trailing slash, query, fragment, user info, spaces or control characters.
void check_base_url(std::string_view url);

}  // namespace vitae

// HTTP semantics that do not depend on FastCGI: reason phrases, ETag
// matching (RFC 9110 weak comparison for If-None-Match) and the CGI-style
// response head, built in one string so it goes out in one write.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "page.hpp"

namespace vitae {

struct Response {
    int status = 200;
    std::shared_ptr<const Page> page;  // headers and body come from it; null for 304
    std::string etag;                  // for 304, which has no page
    bool send_body = true;             // false for HEAD and 304
    bool cache_hit = false;
    std::string_view allow;     // 405
    std::string_view location;  // redirects
};

std::string_view reason_phrase(int status);
bool etag_matches(std::string_view if_none_match, std::string_view etag);
std::string response_head(const Response& response);

// A small plain-text response for statuses that have no template (400, 405, 414, 500).
Response plain_response(int status, std::string_view text);

}  // namespace vitae

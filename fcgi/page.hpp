// A rendered response body with everything derived from it once: its status,
// type and strong ETag. Shared read-only between threads as shared_ptr<const Page>.
#pragma once

#include <cstdint>
#include <string>

namespace vitae {

struct Page {
    int status = 200;
    std::string content_type = "text/html; charset=utf-8";
    std::string body;
    std::string etag;  // strong, quoted, from the body's bytes
    std::uint64_t generation = 0;  // the site version it was rendered from
};

// Strong ETag from the bytes, so identical pages keep their ETag across
// restarts and reloads (FNV-1a 64: fast, and collisions only cost a re-fetch).
std::string etag_for(std::string_view body);

}  // namespace vitae

// A rendered page with everything derived from it once per version: status,
// type, gzip bytes, strong ETags and Last-Modified. Shared read-only between
// threads as shared_ptr<const Page>, so a cache hit copies nothing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "http/head_writer.hpp"

namespace vitae {

struct Page {
    int status = 200;
    std::string content_type = "text/html; charset=utf-8";
    std::string body;
    std::string gzip;       // body gzip-compressed; empty for small plain responses
    std::string etag;       // strong, quoted, from the body's bytes
    std::string etag_gzip;  // the gzip representation's own strong ETag
    std::string last_modified;  // HTTP-date; empty when not applicable
    std::int64_t last_modified_unix = 0;
    std::uint64_t generation = 0;  // the site version it was rendered from
    bool vary_accept = false;      // the URL also answers citation formats by Accept
    std::string link;              // a Link header (Signposting); empty: none
    bool unlisted = false;         // a draft's preview: X-Robots-Tag noindex, Cache-Control private, no-store
    std::string cache_control;     // empty: "no-cache" (revalidate by ETag); a file's content-addressed URL: a year
    bool accept_ranges = false;    // a stored file: one range of its bytes can be asked for
    std::string content_security_policy;  // a stored SVG's sandbox (served_policy); empty: none from the worker
    // Header fields for a shared cache in front (--purge, --surrogate-keys):
    // the page's surrogate keys and how long that cache may keep it, since it
    // is told when the page changes. Empty: none.
    std::vector<HeaderField> surrogate;

    // The whole answer to a cache hit of a GET, head then body, laid out as
    // the server sends it (a WireLayout), for the plain [0] and gzip [1]
    // representation: one buffer, one write, no work per request. Empty when
    // the page source has no layout.
    std::string wire[2];
};

// Which header carries a page's surrogate keys (site/surrogate_keys.hpp):
// Varnish's xkey vmod, Fastly's Surrogate-Key (both space-separated, with
// Surrogate-Control for their lifetime), Cloudflare's Cache-Tag
// (comma-separated, with CDN-Cache-Control, RFC 9213).
enum class SurrogateHeader { none, xkey, surrogate_key, cache_tag };

// The header fields naming `keys` (space-separated) that a page carries for
// a shared cache; none for SurrogateHeader::none.
std::vector<HeaderField> surrogate_fields(SurrogateHeader header, std::string_view keys);

// Lays out a complete answer (CGI-style head, then body) as the server puts
// it on its connection: for vitae-fcgi, FastCGI records (fcgi/core/fastcgi_records.hpp).
using WireLayout = std::string (*)(std::string_view head, std::string_view body);

// Strong ETag from the bytes, so identical pages keep their ETag across
// restarts and reloads (FNV-1a 64 over words: fast, and a collision only costs a re-fetch).
std::string etag_for(std::string_view body);

}  // namespace vitae

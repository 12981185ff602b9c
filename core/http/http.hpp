// HTTP semantics that do not depend on FastCGI: ETag matching (RFC 9110
// weak comparison for If-None-Match), ranges, negotiation, and a Response's
// head, written by the one head writer (head_writer.hpp) in one string so it
// goes out in one write.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "http/head_writer.hpp"
#include "http/page.hpp"

namespace vitae {

// One byte range of a body (RFC 9110 14.1.2), inclusive.
struct ByteRange {
    std::size_t first = 0;
    std::size_t last = 0;
    bool satisfiable = true;  // false: it starts past the end (416)
};
// "bytes=a-b", "bytes=a-" or "bytes=-n" of a body of `size` bytes; none
// for anything else (absent, malformed, several ranges): then the whole body
// is sent, as RFC 9110 allows a server to do.
std::optional<ByteRange> parse_range(std::string_view header, std::size_t size);

struct Response {
    int status = 200;
    std::shared_ptr<const Page> page;  // headers and body come from it
    bool gzip = false;                 // send page->gzip with Content-Encoding: gzip
    bool send_body = true;             // false for HEAD and 304
    bool cache_hit = false;
    std::string_view allow;          // 405
    std::string location;            // redirects
    std::string_view cache_control;  // overrides the default for pages with an ETag
    std::string_view wire;           // when set: the complete answer (page->wire), laid out to send as is
    std::string content_location;    // a negotiated representation's own URL
    std::optional<ByteRange> range;  // 206 (or 416): the part of the body sent

    std::string_view body() const;  // the bytes the chosen representation sends
    std::string_view etag() const;
};

bool etag_matches(std::string_view if_none_match, std::string_view etag);
// Whether Accept-Encoding allows gzip (RFC 9110 12.5.3: q=0 means "not acceptable").
bool accepts_gzip(std::string_view accept_encoding);
// The content coding an answer may use: gzip when the client takes it.
enum class ContentCoding { identity, gzip };
ContentCoding accepted_coding(std::string_view accept_encoding);

// The media type Accept prefers among `offered` (RFC 9110 12.5.1: the highest
// q wins, a more specific range over */* or type/*, the earlier offer on a
// tie); the index into `offered`, or nullopt when none is acceptable. An
// empty Accept takes the first offer.
std::optional<std::size_t> preferred_type(std::string_view accept, std::span<const std::string_view> offered);
// RFC 9110 IMF-fixdate, and its parse (nullopt for anything else).
std::string http_date(std::int64_t unix_seconds);
std::optional<std::int64_t> parse_http_date(std::string_view text);
// The head of `response` and the body it sends (none for HEAD and 304); a
// plain 500 instead when a field broke the head writer's rule.
WrittenHead write_response(const Response& response);
std::string response_head(const Response& response);  // write_response's head
// Fills page->wire with the cache-hit answers laid out by `layout`; call once
// the page is complete.
void prepare_wire(const std::shared_ptr<Page>& page, WireLayout layout);

// A small plain-text response for statuses that have no template (400, 405, 414, 500).
Response plain_response(int status, std::string_view text);

}  // namespace vitae

// The FastCGI records that carry one complete answer (FastCGI 1.0, section 3.3
// and 5.5): FCGI_STDOUT records of the CGI head and body, the empty
// FCGI_STDOUT that ends the stream, then FCGI_END_REQUEST. Laid out in one
// buffer so the server sends an answer in one write: a worker killed at any
// moment has sent nginx all of it or none of it, and nginx retries "none".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace vitae::fastcgi {

inline constexpr std::size_t header_bytes = 8;
inline constexpr std::size_t max_content_bytes = 65535;  // contentLength is 16 bits
// nginx numbers the one request of each connection 1 (ngx_http_fastcgi_module,
// request_id_lo), so the answers laid out ahead of time use that id.
inline constexpr std::uint16_t nginx_request_id = 1;

// Appends the records of the answer `head` + `body` to `out`: STDOUT records
// of at most max_content_bytes each, padded to a multiple of 8 bytes, the
// empty STDOUT, END_REQUEST with app status 0 and FCGI_REQUEST_COMPLETE.
void append_answer(std::string& out, std::uint16_t request_id, std::string_view head, std::string_view body);

// The same answer for nginx_request_id, as pages keep it (a WireLayout).
std::string answer_for_nginx(std::string_view head, std::string_view body);

}  // namespace vitae::fastcgi

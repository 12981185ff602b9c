// gzip (RFC 1952) of a whole buffer with zlib, done once per page version so
// a gzip-accepting client costs no compression on the request path.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

// Bodies shorter than this are sent (and published) without a gzip copy, as
// nginx's gzip_min_length 1024 would: they gain nothing, and at 3,000 papers
// the small citation exports were two thirds of a publish's compressions and files.
inline constexpr std::size_t gzip_min_bytes = 1024;

std::string gzip_compress(std::string_view data);

}  // namespace vitae

// gzip (RFC 1952) of a whole buffer, done once per page version so a
// gzip-accepting client costs no compression on the request path. With
// libdeflate rather than zlib: the same ratio (7,052 bytes against 7,024 for
// the 27 KB homepage) in half the time (181 against 325 µs), which is most of
// what a publish costs after an edit (every changed page and its .gz).
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

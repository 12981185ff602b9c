// gzip (RFC 1952) of a whole buffer with zlib, done once per page version so
// a gzip-accepting client costs no compression on the request path.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

std::string gzip_compress(std::string_view data);

}  // namespace vitae

#include "http/base_url.hpp"

#include <string>

#include "base/error.hpp"
#include "base/limits.hpp"

namespace vitae {

void check_base_url(std::string_view url) {
    auto fail = [url](const char* why) {
        throw UsageError("--base-url: \"" + std::string(url) + "\" " + why +
                         " (expected e.g. https://example.org, no trailing slash)");
    };
    std::string_view rest;
    if (url.starts_with("https://")) rest = url.substr(8);
    else if (url.starts_with("http://")) rest = url.substr(7);
    else fail("is not an http:// or https:// URL");
    if (url.size() > limits::max_base_url_bytes) fail("is too long");
    for (char c : url)
        if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7F || c == '"' || c == '<' || c == '>' || c == '\\')
            fail("contains a space, quote or control character");
    if (url.find_first_of("?#") != std::string_view::npos) fail("has a query or fragment");
    auto host = rest.substr(0, rest.find('/'));
    if (host.empty() || host.front() == ':' || host.find('@') != std::string_view::npos) fail("has no host (or has user info)");
    if (url.ends_with('/')) fail("ends with a slash");
}

}  // namespace vitae

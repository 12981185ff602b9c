// The one slug rule: what a post or publication may be called in its URL,
// the same in the schema's CHECK, the loader, the router, the CLI and the
// static file layout. [a-z0-9][a-z0-9-]*, at most 128 bytes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace vitae {

inline constexpr std::size_t max_slug_bytes = 128;

inline bool is_slug(std::string_view s) {
    if (s.empty() || s.size() > max_slug_bytes || s.front() == '-') return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

// Any text -> a slug: lower case, runs of other characters become one '-':
// "Zhang:2025" -> "zhang-2025". Empty when nothing usable remains.
inline std::string slug_from(std::string_view text) {
    std::string slug;
    for (char c : text) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            slug += c;
        else if (!slug.empty() && slug.back() != '-')
            slug += '-';
    }
    while (!slug.empty() && slug.back() == '-') slug.pop_back();
    return slug;
}

}  // namespace vitae

// The one slug rule: what a post or publication may be called in its URL,
// the same in the schema's CHECK, the loader, the router, the CLI and the
// static file layout. [a-z0-9][a-z0-9-]*, at most limits::max_slug_bytes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/limits.hpp"

namespace vitae {

inline bool is_slug(std::string_view s) {
    if (s.empty() || s.size() > limits::max_slug_bytes || s.front() == '-') return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

// A post's tag as the schema takes it: a slug of at most limits::max_tag_bytes ("machine-learning").
inline bool is_tag(std::string_view tag) { return tag.size() <= limits::max_tag_bytes && is_slug(tag); }

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

// A stored file's name: a slug, one dot, an extension of [a-z0-9]: the same
// in its URL (/files/<digest>/<name>) and on disk for nginx, where the router,
// the static file layout and the schema's CHECK agree on it.
inline bool is_file_name(std::string_view s) {
    auto dot = s.find('.');
    if (dot == std::string_view::npos || dot == 0 || s.size() > limits::max_slug_bytes) return false;
    auto ext = s.substr(dot + 1);
    if (ext.empty()) return false;
    for (char c : ext)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
    return is_slug(s.substr(0, dot));
}

// "CV_2024 final.PDF" -> "cv-2024-final.pdf": a name as a new owner would
// give it, made into one is_file_name accepts (the extension kept, lowered).
inline std::string file_name_from(std::string_view text) {
    auto dot = text.rfind('.');
    std::string base = slug_from(dot == std::string_view::npos ? text : text.substr(0, dot));
    std::string ext = dot == std::string_view::npos ? std::string() : slug_from(text.substr(dot + 1));
    if (base.size() + ext.size() + 1 > limits::max_slug_bytes) base.resize(limits::max_slug_bytes - ext.size() - 1);
    while (!base.empty() && base.back() == '-') base.pop_back();
    return ext.empty() ? base : base + "." + ext;
}

}  // namespace vitae

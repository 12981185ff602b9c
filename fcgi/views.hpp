// Content -> Mustache data, the keys documented in templates/README.md.
// Built once per content version and kept, so a render only walks the tree.
#pragma once

#include <kainjow/mustache.hpp>

#include <map>
#include <string>

#include "content.hpp"

namespace vitae {

using MustacheData = kainjow::mustache::data;

struct PostView {
    std::string title;
    MustacheData data;
};

struct Views {
    MustacheData home;
    MustacheData blog;
    std::map<std::string, PostView, std::less<>> posts;  // by slug
    MustacheData not_found;
    std::string site_name;
    std::string home_description;
};

Views build_views(const Content& content);

// "2026-07-25" -> "25 Jul 2026"; "2024-07" -> "Jul 2024". Bad input passes through.
std::string display_date(std::string_view iso);

}  // namespace vitae

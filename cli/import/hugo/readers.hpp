// The readers of a Hugo site (Hugo Blox, Wowchemy, Academic): each fills its
// part of the plan from the files it knows, reporting every file.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "cli/import/front/jekyll.hpp"
#include "cli/import/plan/site_plan.hpp"

namespace vitae::cli {

bool is_hugo_site(const std::filesystem::path& dir);
// The site: its owner, widgets, content and data; a site whose languages
// each have a content folder (content/<lang>) read one language at a time
// (hugo_languages.cpp).
void read_hugo_site(SitePlan& plan);
void read_hugo_profile(SitePlan& plan);   // content/authors/<admin or first>/_index.md, data/authors/*.yaml
void read_hugo_widgets(SitePlan& plan);   // content/home/experience.md (Academic's widgets)
void read_hugo_content(SitePlan& plan);   // content/publication, post, blog, event, talk, project
void read_hugo_publication(SitePlan& plan, const std::filesystem::path& file);  // hugo_publications.cpp

// A Hugo page's date as Hugo takes it: date, else publishDate, else
// lastmod (Hugo's default front matter order), else the file name's; "" when none.
std::string hugo_date(SitePlan& plan, const std::filesystem::path& file, const FrontMatterFile& read);

}  // namespace vitae::cli

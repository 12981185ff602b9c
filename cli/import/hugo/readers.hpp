// The readers of a Hugo site (Hugo Blox, Wowchemy, Academic): each fills its
// part of the plan from the files it knows, reporting every file.
#pragma once

#include <filesystem>
#include <optional>
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

// Hugo sites on any other theme (themes.cpp): Hugo's settings and a content/ folder.
bool is_any_hugo_site(const std::filesystem::path& dir);
// The theme the settings name, as one lower-case word ("papermod", "congo",
// "blowfish" of a module path); "" when none is named.
std::string hugo_theme_name(const std::filesystem::path& dir);
// The owner from the settings (the theme's author, profile or home info) and the about page.
void read_hugo_theme_owner(SitePlan& plan);

// What a content page is, as the theme lists it: its `type`, else its
// section (content/<section>/, after a language's folder), and a post
// filed under a category or tag "publication", "talk" or "project" is one.
enum class HugoKind { publication, post, talk, project, course, other };
HugoKind hugo_page_kind(const SitePlan& plan, const std::filesystem::path& file, const YAML::Node& front);
// The front matter alone, without a note (the reader that takes the page reports what is wrong).
std::optional<YAML::Node> quiet_front_matter(const std::filesystem::path& file);

// A social icon's or link's name ("google-scholar", "brands/github") as a link's label ("Google Scholar", "GitHub").
std::string hugo_link_label(std::string icon);

// A Hugo page's date as Hugo takes it: date, else publishDate, else
// lastmod (Hugo's default front matter order), else the file name's; "" when none.
std::string hugo_date(SitePlan& plan, const std::filesystem::path& file, const FrontMatterFile& read);

}  // namespace vitae::cli

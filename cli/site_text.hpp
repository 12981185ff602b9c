// import-site: a Markdown body as we store it. Liquid we cannot run is
// removed and reported by line, the text around it kept; raw HTML is passed
// through the one sanitizer (core/render/sanitize) in place, what it removes
// reported, so what is stored can never run script.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jekyll.hpp"
#include "site_plan.hpp"

namespace vitae::cli {

// Shared by the readers of each theme (site_collections.cpp).
std::optional<FrontMatterFile> read_front(SitePlan& plan, const std::filesystem::path& file);  // reported when unreadable
std::string date_of(SitePlan& plan, const std::filesystem::path& file, const FrontMatterFile& read);  // "" when none
std::string slug_of(const std::filesystem::path& file);  // the file name's, without a date prefix
std::string slug_of_name(const std::string& stem);
std::vector<std::string> post_tags(SitePlan& plan, const std::filesystem::path& file, const YAML::Node& front);
std::string talk_url(SitePlan& plan, const std::filesystem::path& file, const YAML::Node& front, const char* key);
// Hugo Blox: a link as written: http(s) kept, a file of the site as
// "file:<path>" (stored when the rows are written: stored_link), else ""
// and reported.
std::string hugo_link(SitePlan& plan, const std::filesystem::path& file, const std::string& label, std::string_view written);
// Hugo Blox: url_pdf, url_code, ..., external_link and links: [{name | type, url}].
// A Hugo page's date as Hugo takes it: date, else publishDate, else
// lastmod (Hugo's default front matter order), else the file name's; "" when none.
std::string hugo_date(SitePlan& plan, const std::filesystem::path& file, const FrontMatterFile& read);
std::vector<Link> hugo_page_links(SitePlan& plan, const std::filesystem::path& file, const YAML::Node& front);
std::string teaching_role(std::string_view role, std::string_view description);
// A picture named by `file` for a publication: looked for under `folder`, then
// from the site's root; one not in the tree is reported.
void add_preview(SitePlan& plan, const std::filesystem::path& file, const std::string& publication,
                 std::string_view picture, const char* folder);

std::string markdown_for_import(SitePlan& plan, const std::filesystem::path& file, std::string_view body,
                                int first_line);

// An HTML body (a .html post): sanitized, what was removed reported.
std::string html_for_import(SitePlan& plan, const std::filesystem::path& file, std::string_view body, int first_line);

// Blocks separated by blank lines (a fenced code block stays whole).
std::vector<std::string> paragraphs(std::string_view markdown);

}  // namespace vitae::cli

// import-site: a Markdown body as we store it. Liquid we cannot run is
// removed and reported by line, the text around it kept; raw HTML is passed
// through the one sanitizer (core/render/sanitize) in place, what it removes
// reported, so what is stored can never run script.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "site_plan.hpp"

namespace vitae::cli {

std::string markdown_for_import(SitePlan& plan, const std::filesystem::path& file, std::string_view body,
                                int first_line);

// An HTML body (a .html post): sanitized, what was removed reported.
std::string html_for_import(SitePlan& plan, const std::filesystem::path& file, std::string_view body, int first_line);

// Blocks separated by blank lines (a fenced code block stays whole).
std::vector<std::string> paragraphs(std::string_view markdown);

}  // namespace vitae::cli

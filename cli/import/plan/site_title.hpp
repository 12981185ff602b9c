// import-site: a row's title from the cleanest source there is — the front
// matter's title, else the text's first heading, else the file's name —
// each without the markup a generator would have rendered or run (Liquid,
// shortcodes, kramdown attribute lists, HTML, Markdown emphasis and
// links). Every reader of every theme asks here, so no row arrives titled
// by its slug or "Untitled" while the site names it somewhere.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace vitae::cli {

// "**A {{ site.x }} <em>study</em>** {: .big}" -> "A study"; "" when nothing is left.
std::string clean_title(std::string_view written);

// The first ATX ("# Title") or setext ("Title\n=====") heading of a
// Markdown text, cleaned; "" when none (a fenced code block's lines are not headings).
std::string first_heading(std::string_view markdown);

// "content/post/2020-01-02-my-first_post/index.md" -> "My first post".
std::string title_from_file_name(const std::filesystem::path& file);

// clean_title(front), else first_heading(body), else title_from_file_name(file).
std::string best_title(std::string_view front_title, std::string_view body, const std::filesystem::path& file);

}  // namespace vitae::cli

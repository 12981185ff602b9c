// Demo content the themes ship, recognised so an import leaves it out.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace vitae::cli {

bool is_demo_name(std::string_view name);
bool is_demo_bio(std::string_view markdown);
bool is_demo_description(std::string_view text);
bool is_demo_post(std::string_view title);
bool is_demo_publication(std::string_view title);
bool is_demo_talk(std::string_view title);
bool is_demo_teaching(std::string_view title);
bool is_demo_news(std::string_view body);  // the text after the front matter
bool is_demo_project(std::string_view title, std::string_view body);
bool is_demo_hugo(std::string_view kind, std::string_view title, std::string_view body);  // "post", "publication", "talk", "project", "author"
bool is_demo_bib_entry(std::string_view key, std::string_view authors);
bool is_demo_cv_name(std::string_view name);
bool is_demo_data(std::string_view text);  // a data file's whole text
// al-folio's example media (a PDF, a song, a video, a notebook), which have
// no text to tell them by: by their file's name, as the theme ships them.
bool is_demo_asset(std::string_view file);
// A file no reader takes whose text (a page's body, without its front
// matter, which owners keep when they write their own; a data file's or a
// .bib's whole text) is a theme's example: what it is.
std::optional<std::string> demo_file_text(std::string_view text);

}  // namespace vitae::cli

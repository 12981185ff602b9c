// What import-site reads from a site before writing anything: the rows, and
// a note for every file. Filled by the readers in site_profile.cpp,
// site_collections.cpp and site_cv.cpp; written by import_site.cpp.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "content.hpp"
#include "import_site.hpp"

namespace vitae::cli {

struct SitePlan {
    std::filesystem::path dir;
    std::string theme;
    Content profile;  // name, variants, affiliation, job_title, bio, emails, links, education, teaching, service, experience
    std::vector<Post> posts;
    std::vector<Publication> publications;  // academicpages _publications
    std::vector<News> news;                 // al-folio _news, in file order
    std::vector<Talk> talks;                // academicpages _talks, in file order
    std::filesystem::path bibliography;     // al-folio _bibliography/papers.bib; empty: none
    std::filesystem::path photo;            // the profile picture in the tree; empty: none
    std::vector<SiteNote> notes;

    std::string relative(const std::filesystem::path& file) const;
    void note(SiteNote::Kind kind, const std::filesystem::path& file, std::string message, int line = 0);
};

// The files of a folder of the site with one of `extensions`, sorted; none
// when it is missing. Hidden files (editor swap files, .DS_Store) are left
// out, as Jekyll leaves them out.
std::vector<std::filesystem::path> site_files(const std::filesystem::path& folder,
                                              std::initializer_list<std::string_view> extensions);

void read_profile(SitePlan& plan);       // _config.yml, the about page
void read_posts(SitePlan& plan);         // _posts
void read_publications(SitePlan& plan);  // _publications (academicpages)
void read_teaching(SitePlan& plan);      // _teaching (academicpages)
void read_cv(SitePlan& plan);            // _data/cv.yml, assets/json/resume.json
OwnerNames owner_names_of(const SitePlan& plan);
void read_talks(SitePlan& plan);         // _talks (academicpages)
void read_news(SitePlan& plan);          // _news (al-folio)
void report_unsupported(SitePlan& plan); // _projects

// Demo content the themes ship (site_demo.cpp).
bool is_demo_name(std::string_view name);
bool is_demo_bio(std::string_view markdown);
bool is_demo_description(std::string_view text);
bool is_demo_post(std::string_view title);
bool is_demo_publication(std::string_view title);
bool is_demo_talk(std::string_view title);
bool is_demo_teaching(std::string_view title);
bool is_demo_news(std::string_view file_name, std::string_view text);
bool is_demo_project(std::string_view title);
bool is_demo_bib_entry(std::string_view key, std::string_view authors);
bool is_demo_cv_name(std::string_view name);

}  // namespace vitae::cli

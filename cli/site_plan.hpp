// What import-site reads from a site before writing anything: the rows, and
// a note for every file. Filled by the readers in site_profile.cpp,
// site_collections.cpp, site_teaching.cpp, site_cv.cpp, site_projects.cpp
// and, for Hugo Blox, hugo*.cpp; written by import_site.cpp, the rows of
// schema v8 by site_sections.cpp.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "content.hpp"
#include "db.hpp"
#include "import_site.hpp"

namespace vitae::cli {

// A project (al-folio _projects, academicpages _portfolio, Hugo Blox
// content/project): the rows of project and project_link, and what it
// relates to, resolved when the rows are written (site_sections.cpp).
struct SiteProject {
    std::filesystem::path file;
    std::string slug;
    std::string title;
    std::string summary;
    std::string markdown;
    std::filesystem::path image;  // in the site's tree; empty: none
    std::vector<Link> links;
    int order = 0;                 // the theme's importance or weight; 0: none (after those with one)
};

struct SiteAward {
    std::optional<int> year;
    std::string name;
    std::string issuer;
};

// A picture for a publication, found by its slug or its BibTeX key.
struct SitePreview {
    std::filesystem::path file;     // the file that names the picture (for the report)
    std::string publication;        // slug or BibTeX key
    std::filesystem::path picture;  // in the site's tree
};

// A link between a project and a publication (by slug or BibTeX key) or a post.
struct SiteRelation {
    std::string project;
    std::string publication;
    std::string post;
};

// What a Hugo Blox publication's front matter adds to its cite.bib entry
// (featured, url_pdf, url_code...), applied after import-bibtex wrote it.
struct SitePublicationExtra {
    std::filesystem::path file;
    std::string publication;  // slug or BibTeX key
    bool selected = false;
    std::vector<Link> links;
};

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
    std::vector<std::string> teaching_roles;  // beside profile.teaching: each row's role, '' unnamed
    std::vector<SiteProject> projects;
    std::vector<SiteAward> awards;
    std::vector<SitePreview> previews;
    std::vector<SiteRelation> relations;
    std::vector<SitePublicationExtra> publication_extras;
    std::vector<std::filesystem::path> bibliographies;  // Hugo Blox: each publication's cite.bib
    std::vector<std::pair<std::filesystem::path, std::string>> stored_files;  // each file stored once: path, name
    // Hugo Blox: a cite.bib whose key another folder's cite.bib already
    // took: its key, and the one its entry is imported under (two folders
    // are two works).
    std::map<std::filesystem::path, std::pair<std::string, std::string>> bib_keys;
    std::vector<SiteNote> notes;
    SiteImportOptions options;
    std::set<std::string> demo_files_taken;  // the --include-demo-file names that named demo content

    std::string relative(const std::filesystem::path& file) const;
    void note(SiteNote::Kind kind, const std::filesystem::path& file, std::string message, int line = 0);
    // `file` holds the theme's demo content (`what` says which): noted as
    // left out and false, or, when --include-demo asks for it, noted as
    // taken and true (the caller imports it as any other).
    bool keep_demo(const std::filesystem::path& file, const std::string& what, int line = 0);
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
void read_projects(SitePlan& plan);      // _projects (al-folio), _portfolio (academicpages)
void add_teaching(SitePlan& plan, Teaching row, std::string role);
void read_teaching_page(SitePlan& plan, const std::filesystem::path& file);  // one course page, any theme

// Hugo Blox (hugo.cpp, hugo_content.cpp): a site of that theme, and its parts.
bool is_hugo_site(const std::filesystem::path& dir);
void read_hugo_profile(SitePlan& plan);   // content/authors/<admin or first>/_index.md, data/authors/*.yaml
void read_hugo_widgets(SitePlan& plan);   // content/home/experience.md (Academic's widgets)
void read_hugo_content(SitePlan& plan);   // content/publication, post, blog, event, talk, project
void read_hugo_publication(SitePlan& plan, const std::filesystem::path& file);  // hugo_publications.cpp
// Hugo shortcodes ({{< x >}}, {{% x %}}) removed and reported by line, the
// text around them kept; then as markdown_for_import.
std::string hugo_markdown(SitePlan& plan, const std::filesystem::path& file, std::string_view body, int first_line);

// Writing what the readers above found (site_sections.cpp), inside the
// import's transaction, after the publications and posts.
void write_sections(const Db& db, SitePlan& plan);
// A link to a file of the site ("file:" + its path, as the readers found
// it): the file stored, the link /files/<name>; "" (reported) when it
// cannot be. Any other URL as it is.
std::string stored_link(const Db& db, SitePlan& plan, const std::string& url, const std::string& what);
// Stores a file of the tree (only a picture when `picture_only`); its stored
// name, or "" (reported) when it cannot be.
std::string store_site_file(const Db& db, SitePlan& plan, const std::filesystem::path& file,
                            const std::string& alt, const std::string& what, bool picture_only);

// Demo content the themes ship (site_demo.cpp).
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

}  // namespace vitae::cli

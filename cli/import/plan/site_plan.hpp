// What import-site reads from a site before writing anything: the rows, and
// a note for every file. Filled by the readers in site_profile.cpp,
// site_collections.cpp, site_teaching.cpp, site_cv.cpp, site_projects.cpp
// and, for Hugo Blox, hugo*.cpp; written by import_site.cpp and
// site_sections.cpp through the tables' writers (store/write/).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/import/plan/import_report.hpp"
#include "rules/work_identity.hpp"
#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

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

// A page of the owner's own found in the tree (site_pages.cpp): the row,
// and where the generator served it, so links to it can be rewritten.
struct SitePage {
    std::filesystem::path file;
    OwnPage page;
    std::string permalink;  // "/teaching/": the address links on the old site name it by
};

// A translation found in the tree (site_languages.cpp), before its row is
// written: the row by its slug (`key`), or by its place in its list
// (`index`: plan.news, plan.talks, the bio's paragraphs), whose id or
// position only the writing knows.
struct SiteTranslation {
    std::string language;
    std::string item;  // "post", "news", "paragraph"... (translatable_items)
    std::string key;   // a slug; "" when by index
    std::size_t index = 0;
    std::string field;
    std::string text;
};

struct SitePlan {
    std::filesystem::path dir;
    std::string theme;
    Content profile;  // name, variants, affiliation, job_title, bio, emails, links, education, teaching (with roles), service, experience
    std::vector<Post> posts;
    std::vector<Publication> publications;  // academicpages _publications
    std::vector<News> news;                 // al-folio _news, in file order
    std::vector<Talk> talks;                // academicpages _talks, in file order
    std::filesystem::path bibliography;     // al-folio _bibliography/papers.bib; empty: none
    std::filesystem::path photo;            // the profile picture in the tree; empty: none
    std::vector<SiteProject> projects;
    std::vector<SitePage> pages;  // pages no reader mapped to a structured kind
    std::vector<Award> awards;
    std::vector<SitePreview> previews;
    std::vector<SiteRelation> relations;
    std::vector<SitePublicationExtra> publication_extras;
    std::vector<std::filesystem::path> bibliographies;  // Hugo Blox: each publication's cite.bib
    std::vector<std::pair<std::filesystem::path, std::string>> stored_files;  // each file stored once: path, name
    // Hugo Blox: a cite.bib whose key another folder's cite.bib already
    // took: its key, and the one its entry is imported under (two folders
    // are two works).
    std::map<std::filesystem::path, std::pair<std::string, std::string>> bib_keys;
    std::map<std::filesystem::path, std::string> bib_types;  // a .bib read as one entry type ("software": a software page's)
    std::vector<SiteNote> notes;
    std::vector<Language> languages;             // the default first; empty: a site in one language
    std::vector<SiteTranslation> translations;   // site_languages.cpp
    std::map<std::pair<std::string, std::size_t>, std::filesystem::path> sources;  // ("news", index) -> the file it came from
    std::vector<std::int64_t> paragraph_positions;  // the bio's paragraphs as written
    std::vector<std::int64_t> teaching_positions;   // the teaching rows as written
    std::filesystem::path bio_file;                 // the page the bio was read from; empty: none
    std::filesystem::path content = "content";      // Hugo's content folder (a language's: content/<lang>), in dir
    SiteImportOptions options;
    std::set<std::string> demo_files_taken;  // the --include-demo-file names that named demo content

    // A Hugo site, on Hugo Blox ("hugo-blox") or any other theme ("hugo-papermod", "hugo").
    bool is_hugo() const { return theme.starts_with("hugo"); }
    std::string relative(const std::filesystem::path& file) const;
    std::filesystem::path content_dir() const { return dir / content; }
    // The item just added at the end of `list` ("post", "news", "talk",
    // "publication") came from `file`: its language and translations are read by it.
    void source(const std::string& list, std::size_t size, const std::filesystem::path& file) {
        if (size > 0) sources[{list, size - 1}] = file;
    }
    void note(SiteNote::Outcome outcome, const std::filesystem::path& file, std::string message, int line = 0);
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

// What a publication that is the same work as an earlier one (the
// work-identity rule: its DOI, arXiv id, or title and year) is told: "the
// same work as x by its DOI: both imported...". A site that keeps a paper
// in two folders, or names two papers by one mistyped id, is reported, and
// nothing the owner listed is dropped.
std::string same_work_note(SameBy by, const std::string& earlier_slug);
// The earlier publication of the plan that `p` is the same work as: its note; none when it is another work.
std::optional<std::string> planned_already(const SitePlan& plan, const Publication& p);

// The owner as the plan names them (name and variants), to mark their papers.
OwnerNames owner_names_of(const SitePlan& plan);

}  // namespace vitae::cli

// What `vitae import-site` says it did: a note for every file read, and the
// counts of the summary line.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace vitae::cli {

struct SiteNote {
    enum class Kind { imported, skipped, demo, warning };
    Kind kind = Kind::imported;
    std::string file;  // relative to the site's folder, e.g. "_posts/2024-01-02-x.md"
    int line = 0;      // 0: the whole file
    std::string message;
};

struct SiteCounts {
    std::size_t bio_paragraphs = 0, links = 0, emails = 0, posts = 0, publications = 0, bibtex_publications = 0,
                teaching = 0, education = 0, experience = 0, service = 0, news = 0, talks = 0,
                projects = 0, awards = 0;
};

struct SiteImportReport {
    std::string theme;  // "al-folio", "academicpages", "hugo-blox"
    std::vector<SiteNote> notes;
    SiteCounts counts;
    bool created = false;  // DB was made by this import
};

// "imported _posts/x.md: post x", "skipped _news/a.md: ...", "warning _posts/x.md:12: ..."
std::string describe(const SiteNote& note);

}  // namespace vitae::cli

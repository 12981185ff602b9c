// What `vitae import-site` says it did: a note for every file read, and the
// counts of the summary line.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "render/views/accessibility_findings.hpp"

namespace vitae::cli {

struct SiteNote {
    // machinery: read, and found to be the generator's (a menu, interface strings).
    enum class Outcome { imported, skipped, demo, warning, machinery };
    Outcome outcome = Outcome::imported;
    std::string file;  // relative to the site's folder, e.g. "_posts/2024-01-02-x.md"
    int line = 0;      // 0: the whole file
    std::string message;
};

// Fifteen counts of one type: fill it with designated initialisers
// ({.posts = ...}), never by position.
struct SiteCounts {
    std::size_t bio_paragraphs = 0;
    std::size_t links = 0;
    std::size_t emails = 0;
    std::size_t posts = 0;
    std::size_t publications = 0;         // from _publications/ and the like
    std::size_t bibtex_publications = 0;  // from the site's .bib (as import-bibtex)
    std::size_t teaching = 0;
    std::size_t education = 0;
    std::size_t experience = 0;
    std::size_t service = 0;
    std::size_t news = 0;
    std::size_t talks = 0;
    std::size_t projects = 0;
    std::size_t pages = 0;  // pages of the owner's own (site_pages.cpp)
    std::size_t awards = 0;
};

// Every file of the site's tree is in exactly one class (site_ledger.cpp):
// imported (into which rows), the theme's demo, the generator's machinery
// (layouts, template includes, assets, CI, settings), or not understood.
enum class FileClass { imported, demo, machinery, not_understood };

struct LedgerEntry {
    std::string file;         // relative to the site's folder, as the notes name it
    FileClass kind = FileClass::not_understood;
    std::string detail;       // imported: the rows; demo: what; machinery: which part; not understood: why
    std::string first_words;  // not understood: the start of its text, so a person knows it
    std::string suggestion;   // not understood: what to do with it
    bool owners = false;      // not understood and the owner's own (prose, data, a document): a leftover
};

struct SiteImportReport {
    std::string theme;  // "al-folio", "academicpages", "hugo-blox"
    std::vector<SiteNote> notes;
    SiteCounts counts;
    bool created = false;  // DB was made by this import
    std::vector<LedgerEntry> ledger;  // one entry per file of the tree, in path order
    // What the content rules find in the site as imported (pictures without
    // a description, empty links...): reported, never refused, since the
    // words are the owner's to write.
    std::vector<ContentFinding> accessibility;
};

// The theme's demo content is left out unless asked for: every file of it
// (`--include-demo`), or the files named, as the report names them
// (`--include-demo-file _news/announcement_2.md`, repeatable).
struct SiteImportOptions {
    bool include_demo = false;
    std::vector<std::string> include_demo_files;
};

// "imported _posts/x.md: post x", "skipped _news/a.md: ...", "warning _posts/x.md:12: ..."
std::string describe(const SiteNote& note);

// "imported", "demo", "machinery", "not understood".
const char* class_name(FileClass kind);

// The files of the owner's that were not imported: `vitae import-site`
// exits 3 (imported, with leftovers) when there is one.
std::size_t leftovers(const SiteImportReport& report);

// The files whose demo content was left out, each once, in report order.
std::vector<std::string> demo_files(const SiteImportReport& report);

}  // namespace vitae::cli

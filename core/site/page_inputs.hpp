// What each page is made from, and when each of those inputs last changed,
// as a site generation. A page rendered from generation g is still exactly
// right for a later version when none of its inputs changed after g: the page
// cache keeps such a page across reloads, and the fast path rewrites only the
// files whose inputs changed. So an edit costs what it changes: one paper's
// row re-renders that paper's page and exports and the lists that show it;
// a bio paragraph, the home page alone.
//
// The inputs are compared exactly (rows and expanded template text), never
// by digest. Each input below names what reads it (core/render/views,
// core/site/pages); which of them a page is made from is its kind's row in
// core/site/page_table.cpp (its Inputs). tests/unit/site/page_inputs_test checks that
// an edit changes exactly the pages it should.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "site/page_table.hpp"

namespace vitae {

struct InputStamps {
    std::uint64_t owner_name = 0;  // every HTML page's layout (title, header), the feed's author
    std::uint64_t nav = 0;         // every HTML page's nav: whether there is news, talks, projects, a CV; the menu's pages
    std::uint64_t home = 0;        // profile (its photo's file too), sections, the latest news, and what home_selection() shows
    std::uint64_t blog = 0;        // every post (the index shows each one's data)
    std::uint64_t feed = 0;        // every post, news item and talk; the database's time when there is none
    std::uint64_t news = 0;        // /news/: every news item
    std::uint64_t talks = 0;       // /talks/: every talk, the owner's name (JSON-LD), the stored files it links
    std::uint64_t projects = 0;    // /projects/: each project's slug, title, summary, picture (and its files)
    std::uint64_t cv = 0;          // /cv/, /cv.pdf, /cv.json: the profile and every row of the CV's sections
    std::uint64_t sitemap = 0;     // the set of pages and their dates
    std::uint64_t bibtex_all = 0;  // every publication, in order
    std::array<std::uint64_t, 13> lists{};  // [0] every publication, then one per kind: its members, the filters
    std::vector<std::uint64_t> posts;       // a post page: the post, its pictures, its neighbours' titles
    std::map<std::string, std::uint64_t, std::less<>> tags;  // a tag page and its feed: the rows of its posts
    std::map<std::string, std::uint64_t, std::less<>> previews;  // a draft's preview, by token: its row
    std::vector<std::uint64_t> papers;      // a paper page: the row, its co-authors' pages, the files it links
    std::vector<std::uint64_t> citations;   // a paper's .bib/.ris/.json: the row alone
    std::vector<std::uint64_t> files;       // a stored file's bytes: its row (name, type, digest...)
    // A project's page, by slug: its rows, its picture's and linked files, the
    // rows of the papers and posts it shows (and a paper's co-authors' pages).
    std::map<std::string, std::uint64_t, std::less<>> project_pages;
    // A page of the owner's own, by slug: its row, and the stored files (its pictures).
    std::map<std::string, std::uint64_t, std::less<>> pages;
    std::map<std::string, std::uint64_t, std::less<>> templates;  // a page template, partials expanded
    std::uint64_t strings = 0;     // every page of this language: its interface strings (and English's, their fallback)
    // A group's home site (Site::group): its members' cards (/people/), and
    // their papers merged (its /publications/). A member's edit changes
    // these alone, never the home's other pages.
    std::uint64_t people = 0;
    std::uint64_t group_works = 0;
    std::uint64_t contact = 0;  // the owner's email addresses: the accessibility statement
};

// One language's stamps per site language (Site::views(i)), the default
// language's first. A change to the list of languages (the switcher and
// hreflang of every page, the sitemap) makes every stamp new.
struct SiteStamps {
    std::vector<InputStamps> languages;
    const InputStamps& operator[](std::size_t language) const { return languages[language]; }
};

// Every input as new: the first version a process loads.
std::shared_ptr<const SiteStamps> first_stamps(const Site& site);

// `after`'s stamps: `before`'s, moved to after.generation where an input differs.
std::shared_ptr<const SiteStamps> next_stamps(const Site& before, const Site& after);

// The generation at which the page `ref` names last changed on `site`.
std::uint64_t page_stamp(const PageRef& ref, const Site& site);

}  // namespace vitae

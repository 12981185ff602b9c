// Content -> Mustache data, the keys documented in templates/README.md.
// Built once per content version and kept, so a render only walks the tree.
// Citation bodies (BibTeX, RIS, CSL-JSON) are made here too, once per version;
// what depends on the site's base URL (feed, sitemap, JSON-LD) is made at
// render time from `content`, since the URL is the server's, not the data's.
#pragma once

#include <kainjow/mustache.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "content.hpp"

namespace vitae {

using MustacheData = kainjow::mustache::data;

struct PostView {
    std::string title;
    MustacheData data;
};

struct PublicationView {
    std::size_t index = 0;  // into Views::content.publications
    std::string title;
    std::string description;  // "Authors. Venue Year."
    MustacheData data;        // the paper page
    MustacheData meta;        // Google Scholar tags: list of {name, content}
    std::string bibtex;
    std::string ris;
    std::string csl_json;
};

struct PublicationList {
    std::string heading;  // "Publications", "Conference papers", ...
    MustacheData data;
};

struct Views {
    MustacheData home;
    MustacheData blog;
    std::map<std::string, PostView, std::less<>> posts;  // by slug
    std::map<std::string, PublicationView, std::less<>> publications;  // by slug
    std::vector<PublicationList> publication_lists;  // all, then one per kind in kind_rows() order
    std::string bibtex_all;
    MustacheData not_found;
    std::string site_name;
    std::string home_description;
    Content content;  // as loaded: for the formats made at render time
};

Views build_views(Content content);

// Every publication, or those of one kind.
const PublicationList& publication_list(const Views& views, std::optional<PublicationKind> kind);

// "Venue 2024", "Venue (Short) 2024", "Venue", "2024" or "".
std::string venue_year(const Publication& publication);

// "2026-07-25" -> "25 Jul 2026"; "2024-07" -> "Jul 2024". Bad input passes through.
std::string display_date(std::string_view iso);

// Words in `text` / 200, at least 1: the minutes a post takes to read.
int reading_minutes(std::string_view text);

}  // namespace vitae

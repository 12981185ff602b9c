// schema.org JSON-LD for the page head: Person on the homepage, and
// ScholarlyArticle on each paper's page. Only what the database holds is
// stated (no sameAs without URLs, no affiliation the content does not give).
// Every string goes through json_string, so the result is safe raw inside
// <script type="application/ld+json">.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "store/model/content.hpp"

namespace vitae {

std::string person_json_ld(const Content& content, std::string_view base_url);

std::string article_json_ld(const Publication& publication, std::string_view page_url);
// /talks/: each talk as a schema.org Event the owner performed at,
// in a @graph; its place as a Place (or a VirtualLocation when "Online").
std::string talks_json_ld(const Content& content, std::string_view base_url);
// /projects/<slug>: a schema.org ResearchProject the owner is a
// member of; its picture's absolute URL when it has one ("" for none).
std::string project_json_ld(const Project& project, const Content& content, std::string_view page_url,
                            std::string_view image_url);

// Signposting (signposting.org) for a paper's page: cite-as its DOI (else
// the page), describedby its citation exports, item its PDF. Sent as a Link
// header by the worker and as <link> elements in the head, so the fast
// path's static copy says the same.
struct Signpost {
    std::string rel;
    std::string href;  // absolute
    std::string type;  // may be empty
};
std::vector<Signpost> signposts(const Publication& publication, std::string_view page_url);
std::string link_header(const std::vector<Signpost>& signposts);

}  // namespace vitae

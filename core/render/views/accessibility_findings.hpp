// Every accessibility finding of a site's content, with where to fix it:
// the rules of render/text/accessibility.hpp run over each body the pages
// show (posts, pages, projects, news, talks' abstracts, the bio; each
// translation in its own language) as the pages show it (accessible_body),
// and over the stored pictures whose description a page shows. `vitae
// check --accessibility`, the editor's dashboard, the admin's list of sites
// and the metric vitae_accessibility_findings all count this list.
#pragma once

#include <string>
#include <vector>

#include "render/text/accessibility.hpp"
#include "store/model/content.hpp"

namespace vitae {

struct ContentFinding {
    std::string item;      // the edit log's item: "post", "page", "project", "news", "talk", "paragraph", "file", "profile"
    std::string key;       // its slug, id, position or file name
    std::string field;     // "body", "markdown", "abstract", "alt", "photo"
    std::string language;  // the language of the text checked ("" for the stored rows' own)
    AccessibilityFinding finding;

    // "post \"hello\" body": what `vitae check` and the dashboard name.
    std::string where() const;
    // How to change it: the CLI command or the editor's page.
    std::string how_to_fix() const;
};

std::vector<ContentFinding> accessibility_findings(const Content& content);

}  // namespace vitae

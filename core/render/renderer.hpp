// Renders a page: the page template with its view data, then the layout
// around it. Each thread owns one PageRenderer holding its own copies of the
// compiled templates, because kainjow mutates a template whose render fails.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "templates.hpp"
#include "views.hpp"

namespace vitae {

struct LayoutFields {
    std::string title;
    std::string description;
    std::string_view current_path;  // for the nav's aria-current
    std::string canonical_url{};    // absolute; empty on the 404 page (which gets noindex)
    std::string og_type = "website";
    std::string json_ld{};                // raw <script> text made by structured_data.*; empty: none
    MustacheData meta{MustacheData::type::list};  // extra <meta name content> pairs (Google Scholar's)
    std::string feed_url{};               // absolute URL of /feed.xml (a tag page: its tag's feed)
    std::string feed_title = "Blog";      // the feed link's title, after the owner's name
    MustacheData head_links{MustacheData::type::list};  // extra <link rel href type> (Signposting)
    std::string site_name{};
    bool has_news = false;   // the nav names /news/ and /talks/ only when they have rows
    bool has_talks = false;
    bool has_cv = false;     // and /cv/ only when has_cv() (content.hpp)
};

class PageRenderer {
public:
    // Throws std::runtime_error if a render fails (the copy is then discarded).
    std::string render(const Templates& templates, std::string_view page, const MustacheData& data,
                       const LayoutFields& layout);

private:
    std::string render_one(std::string_view page, const MustacheData& data);

    std::uint64_t templates_id_ = 0;
    std::map<std::string, Mustache, std::less<>> copies_;
};

}  // namespace vitae

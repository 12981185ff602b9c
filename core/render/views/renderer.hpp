// Renders a page: the page template with its view data, then the layout
// around it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "render/template/templates.hpp"
#include "render/views/views.hpp"

namespace vitae {

// An extra <link rel href type> in the head (Signposting); type may be empty.
struct HeadLink {
    std::string rel, href, type;
};

// The same page in another of the site's languages (the switcher, hreflang).
struct Alternate {
    std::string code, name, path, url;
    bool current = false;
};

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
    std::vector<HeadLink> head_links{};
    std::string site_name{};
    bool has_news = false;   // the nav names /news/ and /talks/ only when they have rows
    bool has_talks = false;
    // The page's language: <html lang dir>, the prefix of every
    // link to this site's pages, the language switcher and hreflang links.
    std::string lang = "en";
    bool rtl = false;
    std::string prefix{};  // "" for the default language, "/zh" for others
    std::vector<Alternate> alternates{};  // empty: one language
    std::string x_default_url{};  // absolute URL of the default language's page
    bool has_projects = false;  // and /projects/
    std::string og_image{};     // absolute URL of the page's picture (a project's, a paper's preview); empty: none
    bool has_cv = false;     // and /cv/ only when has_cv() (content.hpp)
    bool has_people = false;  // and /people/ on a group's home site
    // The owner's pages that ask to be in the nav, after its sections, in the owner's order.
    struct MenuPage {
        std::string slug;
        std::string title;  // in the page's language where translated
        std::string lang;   // its own lang when untranslated ("" when in the page's language)
    };
    std::vector<MenuPage> menu{};
};

// What the layout template renders around a page's content ("content" is
// the page, added by render_in_layout).
MustacheData layout_data(const LayoutFields& layout, const Catalogue& t);

// Under every template of a page, above the interface strings: where the
// page's language lives ({{prefix}}/blog/), its code and direction.
MustacheData language_data(const LayoutFields& layout);

// The page template over `data`, then the layout around it, each over the
// language's data and `t` (the interface strings, {{t.key}}). Throws Error
// if a render fails. Safe from many threads at once.
std::string render_in_layout(const Templates& templates, std::string_view page, const MustacheData& data,
                             const LayoutFields& layout, const Catalogue& t);

}  // namespace vitae

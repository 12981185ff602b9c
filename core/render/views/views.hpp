// Content -> Mustache data, the keys documented in templates/README.md.
// Made per page when it is rendered (then cached as bytes), never for the
// whole site at once: loading a version costs about what reading its rows does.
#pragma once

#include <kainjow/mustache.hpp>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "http/routes.hpp"
#include "render/template/catalogue.hpp"
#include "store/model/content.hpp"
#include "store/model/group.hpp"

namespace vitae {

using MustacheData = kainjow::mustache::data;

// Co-authors' pages by name_key: a name in an author list links there.
using People = std::map<std::string, std::string, std::less<>>;

// The home page lists at most this many posts and publications (each of
// "publications" and "preprints"; every `selected` one is listed), then links
// to the full lists: a site of 3,000 papers keeps a home page people can read,
// and a page that is cheap to make again after an edit.
inline constexpr std::size_t home_post_limit = 10;
inline constexpr std::size_t home_publication_limit = 25;
inline constexpr std::size_t home_news_limit = 5;  // the latest news, then "All N news" (al-folio's default)

// What the home page shows, by index into the content: shared by the view
// and by the page's inputs (core/site/page_inputs), so they cannot disagree.
struct HomeSelection {
    std::vector<std::size_t> posts;
    std::vector<std::size_t> publications;  // selected, papers, preprints: each once, in content order
};
HomeSelection home_selection(const Content& content);

// The language a Views is in and where its pages live: the default
// language at /, every other under /<code>/.
struct Locale {
    std::string code{"en"};        // BCP 47, as the site names it
    std::string prefix;            // "" for the default language, "/zh" for others: what its paths (cache keys) start with
    std::string mount;             // "" or "/~carol": where the site starts on its host (a site under a shared host's prefix)
    std::string links;             // mount + prefix: what a link to one of this language's pages starts with
    std::string default_code{"en"};
    bool rtl = false;
    std::size_t index = 0;             // in languages: 0 is the default
    std::vector<Language> languages;   // the site's, default first (switcher, hreflang)
    std::string not_found_page{"404"};  // the 404 page's cache key: "404", "404/zh"

    bool is_default() const { return index == 0; }
    // The same page in another language: `path` is this language's (prefix included).
    std::string path_in(const Language& other, std::string_view path) const;
};

// A stored picture with its smaller copies as srcsets, narrowest first ("" when none of a format).
struct StoredPicture {
    const StoredFile* file = nullptr;
    std::string url;  // the original's, content-addressed, under the site's mount
    std::string avif_srcset;
    std::string webp_srcset;
};

// A loaded version of the content with what finding a page needs: its name,
// indexes by slug, the co-authors' pages. Cheap to build (no page data): the
// Mustache data of a page is made when that page is rendered, so memory
// follows the page cache's bound, not the site's size.
struct Views {
    Views() = default;
    Views(Views&&) = default;
    Views& operator=(Views&&) = default;
    Views(const Views&) = delete;  // the home page's data is made once per version: one owner
    Views& operator=(const Views&) = delete;

    Content content;  // as loaded (in locale's language), but for its posts: only those listed (published, dated today or earlier)
    Locale locale;
    std::string site_name;
    std::string home_description;
    People people;
    // Slug -> index in content.posts / content.publications. The keys view
    // the slugs of the rows themselves (held by shared pointer, so they stay
    // put when the Views move): no copy of 3,000 slugs per version.
    std::unordered_map<std::string_view, std::size_t> post_index;
    std::unordered_map<std::string_view, std::size_t> publication_index;
    TagIndex tag_index;  // tag -> its posts, newest first
    // Every stored picture by name, its srcsets made once per version: a list
    // of 2,000 papers each with a preview took 8x as long to render when each
    // paper walked all the files for its copies (build/dev, --render).
    std::unordered_map<std::string_view, StoredPicture> pictures;
    // Drafts and posts dated after `today`: in no list, feed or sitemap, and
    // without a page of their own; a draft is served only at its preview URL.
    SharedRows<Post> unlisted;
    std::unordered_map<std::string_view, std::size_t> preview_index;  // preview token -> index in unlisted
    std::string today;         // the UTC day (YYYY-MM-DD) the lists were made for
    std::string next_release;  // the earliest date after `today` a post waits for; "" when none

    // The home page's data, made once per version (and interface strings)
    // when first asked for: the page asked for most, whose data costs the
    // most to make per render (bio, sections, listed papers). Shared
    // read-only between threads.
    std::shared_ptr<const MustacheData> home(const Catalogue& t) const;

    // "" when a row is shown in this page's language; the default language's
    // code when it has no translation (its element then carries that lang).
    std::string lang_of(std::string_view item, std::string_view key) const;
    std::string lang_at(std::string_view item, std::size_t index) const;  // a row keyed by position

private:
    struct HomeMemo;
    static std::shared_ptr<HomeMemo> new_home_memo();
    std::shared_ptr<HomeMemo> home_memo_ = new_home_memo();
};

// `today` (UTC, YYYY-MM-DD) decides which posts are listed: those not drafts
// and dated today or earlier. Without it, every post but drafts is.
Views build_views(Content content, std::string_view today = "9999-12-31", Locale locale = {});

// Each language's Views of `all` (translated()), the default language's
// first; one Views when the site has one language.
// `mount`: "" or the path prefix the site answers under ("/~carol"), which every link it makes starts with.
std::vector<Views> build_language_views(const Content& all, std::string_view today, std::string_view mount = {});

// Each page's Mustache data (templates/README.md), made on demand; `t` is
// the page's language's interface strings.
MustacheData home_data(const Views& views, const Catalogue& t);
MustacheData blog_data(const Views& views, const Catalogue& t);
MustacheData post_page_data(const Views& views, const Catalogue& t, std::size_t post);
// A draft's preview (views.unlisted[post]): the post page without neighbours, marked as a preview.
MustacheData preview_page_data(const Views& views, const Catalogue& t, std::size_t post);
// The posts with `tag`, newest first (none for an unknown tag).
MustacheData tag_page_data(const Views& views, const Catalogue& t, std::string_view tag);
MustacheData paper_page_data(const Views& views, const Catalogue& t, std::size_t publication);
// News and talks (section_views.cpp): one news item; the home page's latest
// (has_news, news, news_count, more_news); /news/ (all, newest first);
// /talks/ (years, newest first, each with its talks).
MustacheData news_item_data(const Views& views, const Catalogue& t, const News& news);
void add_news(const Views& views, const Catalogue& t, MustacheData& home);
MustacheData news_page_data(const Views& views, const Catalogue& t);
MustacheData talks_page_data(const Views& views, const Catalogue& t);
// Projects (project_views.cpp): /projects/ (each in the owner's order) and
// one project's page (content.projects[project]).
MustacheData projects_page_data(const Views& views, const Catalogue& t);
MustacheData project_page_data(const Views& views, const Catalogue& t, std::size_t project);
// The CV (cv_views.cpp): /cv/, made only when has_cv(views.content).
MustacheData cv_page_data(const Views& views, const Catalogue& t);
// The accessibility statement (accessibility_views.cpp): /accessibility/ on every site.
MustacheData accessibility_page_data(const Views& views, const Catalogue& t);

// A group's home site (group_views.cpp): /people/ (cards by group, then
// family name), and its /publications/: the members' works and the home's
// own papers, each work once, by year; `kind` filters as on any site.
MustacheData people_page_data(const Group& group, const Views& views, const Catalogue& t);
MustacheData group_publications_data(const Group& group, const Views& views, const Catalogue& t,
                                     std::optional<PublicationKind> kind);

// The teaching rows grouped by role, in the order each role
// first appears: list of {id ("teaching", then "teaching-2", ...), role,
// has_role, teaching: list of {course, title, term}}. The home page and
// the CV show one heading per group.
MustacheData teaching_groups(const Views& views);
// The awards, in order: list of {name, issuer, has_issuer, year, has_year}.
MustacheData awards_data(const Content& content);

struct PublicationGroup {
    std::string id;       // "y2024", "preprints", "undated": the section's anchor
    std::string heading;  // "2024", "Preprints", "Undated"
    std::vector<const Publication*> pubs;  // in the owner's order
};
struct PublicationList {
    std::string heading;  // "Publications", "Conference papers", ...
    std::vector<PublicationGroup> groups;
    // The page's data; each group's "pubs" is a streamed list made from the
    // Views' content when rendered: render it while the Views live.
    MustacheData data;
};
// Every publication, or those of one kind.
PublicationList publication_list(const Views& views, const Catalogue& t, std::optional<PublicationKind> kind);
std::string list_heading(const Catalogue& t, std::optional<PublicationKind> kind);
// A kind's name on a paper's page ("Conference paper") and over its list ("Conference papers").
const std::string& kind_label(const Catalogue& t, PublicationKind kind);
const std::string& kind_heading(const Catalogue& t, PublicationKind kind);

// A page's <meta name="description">, as the page shows it (its text, never
// its Markdown or markup), cut at a word (core/render/page_text.hpp).
// "Authors. Venue Year." for a paper page.
std::string publication_description(const Publication& publication, const Catalogue& t);
// The start of a post's body; its title when it has none.
std::string post_description(const Post& post);
// A project's summary; else the start of its page; else its title.
std::string project_description(const Project& project);

// Google Scholar's tags for a paper page: list of {name, content}.
// `stored`, if given, turns a link's URL into the one to publish (a stored
// file's absolute content-addressed URL: Scholar wants the PDF on the same site).
MustacheData scholar_meta(const Publication& publication,
                          const std::function<std::string(const std::string&)>& stored = {});

// A stored link as an href: "" when the link rule (rules/link) refuses it
// (javascript:, data:..., even from a database written by hand), so it is no
// link; a stored file (/files/NAME) at its content-addressed URL, which
// changes with its bytes, under `base`; another path on this site under
// `base` and the page's language; an http(s) or mailto: URL as stored.
// `base`: where the site starts, its mount on a page, its absolute base URL
// in metadata.
std::string link_target(const Views& views, std::string_view url, std::string_view base);

// "Venue 2024", "Venue (Short) 2024", "Venue", "2024" or "".
std::string venue_year(const Publication& publication);

// Words in `text` / 200, at least 1: the minutes a post takes to read.
int reading_minutes(std::string_view text);

}  // namespace vitae

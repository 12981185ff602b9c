#include "views.hpp"

#include <array>
#include <map>
#include <set>

#include "citation.hpp"
#include "markdown.hpp"
#include "math.hpp"
#include "sanitize.hpp"
#include "text.hpp"

namespace vitae {

namespace {

using kainjow::mustache::list;
using kainjow::mustache::object;

// Text to put before item `index` of an inline list of `count` items.
std::string joiner(std::size_t index, std::size_t count) {
    if (index == 0) return "";
    if (index + 1 < count) return ", ";
    return count == 2 ? " and " : ", and ";
}

template <typename T, typename F>
MustacheData list_of(const std::vector<T>& items, F&& to_data) {
    MustacheData out{MustacheData::type::list};
    for (std::size_t i = 0; i < items.size(); ++i) out.push_back(to_data(items[i], i, items.size()));
    return out;
}

MustacheData link_data(const Link& link, std::size_t i, std::size_t n) {
    return object{{"label", link.label}, {"url", link.url}, {"has_url", !link.url.empty()}, {"joiner", joiner(i, n)}};
}

MustacheData post_data(const Post& post) {
    // HTML the owner pasted goes through the one sanitizer; Markdown through cmark's safe mode.
    std::string body_html = post.body_format == "html" ? sanitize_html(post.body) : markdown_to_html(post.body);
    return object{{"slug", post.slug},
                  {"title", post.title},
                  {"url", "/blog/" + post.slug},
                  {"date", display_date(post.published)},
                  {"date_iso", post.published},
                  {"has_body", !post.body.empty()},
                  {"reading_minutes", std::to_string(reading_minutes(post.body))},
                  {"body_html", body_html}};
}

bool any_equal_contribution(const Publication& p) {
    for (const auto& a : p.authors)
        if (a.equal_contribution) return true;
    return false;
}

// "vol. 12, no. 3, pp. 45–67, ACM": where in the venue, and who published it.
std::string details_line(const Publication& p) {
    std::string out;
    auto add = [&out](std::string_view label, const std::string& value) {
        if (value.empty()) return;
        if (!out.empty()) out += ", ";
        out += label;
        out += value;
    };
    add("vol. ", p.volume);
    add("no. ", p.number);
    bool range = p.pages.find_first_of("-–") != std::string::npos;
    add(range ? "pp. " : "p. ", p.pages);
    add("", p.institution);
    add("", p.publisher);
    return out;
}

People people_of(const Content& c) {
    People out;
    for (const auto& person : c.coauthors) {
        std::string url = !person.url.empty()      ? person.url
                          : !person.orcid.empty() ? "https://orcid.org/" + person.orcid
                                                  : std::string();
        if (!url.empty()) out.emplace(name_key(person.name), std::move(url));
    }
    return out;
}

MustacheData publication_data(const Publication& p, const People& people) {
    std::string venue_and_year = venue_year(p);
    std::string details = details_line(p);
    auto authors = list_of(p.authors, [&people](const Author& a, std::size_t i, std::size_t n) {
        auto page = a.is_owner ? people.end() : people.find(name_key(a.name));
        bool linked = page != people.end();
        return object{{"name", a.name},
                      {"url", linked ? page->second : std::string()},
                      {"has_url", linked},
                      {"is_owner", a.is_owner},
                      {"equal_contribution", a.equal_contribution},
                      {"joiner", joiner(i, n)}};
    });
    auto awards = list_of(p.awards, [](const std::string& a, std::size_t, std::size_t) { return object{{"name", a}}; });
    return object{{"slug", p.slug},
                  {"kind", std::string(kind_row(p.kind).name)},
                  {"url", "/publications/" + p.slug},
                  {"cite_url", "/publications/" + p.slug + "#cite"},
                  {"title", p.title},
                  {"title_html", text_with_math_html(p.title)},
                  {"venue", p.venue},
                  {"year", p.year ? std::to_string(*p.year) : std::string()},
                  {"venue_year", venue_and_year},
                  {"has_venue_year", !venue_and_year.empty()},
                  {"authors", authors},
                  {"links", list_of(p.links, link_data)},
                  {"has_links", !p.links.empty()},
                  {"awards", awards},
                  {"has_awards", !p.awards.empty()},
                  {"details", details},
                  {"has_details", !details.empty()},
                  {"doi", p.doi},
                  {"doi_url", p.doi.empty() ? std::string() : "https://doi.org/" + p.doi},
                  {"has_doi", !p.doi.empty()},
                  {"arxiv", p.arxiv},
                  {"arxiv_url", p.arxiv.empty() ? std::string() : "https://arxiv.org/abs/" + p.arxiv},
                  {"has_arxiv", !p.arxiv.empty()}};
}

MustacheData posts_data(const std::vector<Post>& posts) {
    return list_of(posts, [](const Post& p, std::size_t, std::size_t) { return post_data(p); });
}

void add_publications(const Content& c, const People& people, const HomeSelection& shown, MustacheData& home) {
    MustacheData papers{MustacheData::type::list};
    MustacheData preprints{MustacheData::type::list};
    MustacheData selected{MustacheData::type::list};
    bool equal_contribution = false;
    std::size_t paper_count = 0, preprint_count = 0;
    for (const auto& p : c.publications) ++(kind_row(p.kind).preprint ? preprint_count : paper_count);
    std::size_t listed_papers = 0, listed_preprints = 0;
    for (std::size_t i : shown.publications) {
        const Publication& p = c.publications[i];
        if (p.selected) selected.push_back(publication_data(p, people));
        bool preprint = kind_row(p.kind).preprint;
        std::size_t& listed = preprint ? listed_preprints : listed_papers;
        if (listed < home_publication_limit) {
            ++listed;
            (preprint ? preprints : papers).push_back(publication_data(p, people));
        }
        equal_contribution = equal_contribution || any_equal_contribution(p);
    }
    home.set("has_publications", !papers.is_empty_list());
    home.set("publications", papers);
    home.set("has_selected", !selected.is_empty_list());
    home.set("selected", selected);
    home.set("has_preprints", !preprints.is_empty_list());
    home.set("preprints", preprints);
    home.set("has_equal_contribution", equal_contribution);
    // More than the home page lists: "All N publications" links to the full list.
    home.set("publication_count", std::to_string(c.publications.size()));
    home.set("more_publications", listed_papers < paper_count || listed_preprints < preprint_count);
}

void add_sections(const Content& c, MustacheData& home) {
    home.set("has_education", !c.education.empty());
    home.set("education", list_of(c.education, [](const Education& e, std::size_t, std::size_t) {
                 return object{{"years", std::to_string(e.start_year) + " - " + std::to_string(e.end_year)},
                               {"start_year", std::to_string(e.start_year)},
                               {"end_year", std::to_string(e.end_year)},
                               {"degree", e.degree},
                               {"has_degree", !e.degree.empty()},
                               {"institution", e.institution}};
             }));
    home.set("has_teaching", !c.teaching.empty());
    home.set("teaching", list_of(c.teaching, [](const Teaching& t, std::size_t, std::size_t) {
                 return object{{"course", t.course}, {"title", t.title}, {"term", t.term}};
             }));
    home.set("has_services", !c.services.empty());
    home.set("services", list_of(c.services, [](const Service& s, std::size_t, std::size_t) {
                 return object{{"role", s.role}, {"venue", s.venue}};
             }));
    home.set("has_experiences", !c.experiences.empty());
    home.set("experiences", list_of(c.experiences, [](const Experience& e, std::size_t, std::size_t) {
                 return object{{"organization", e.organization},
                               {"location", e.location},
                               {"role", e.role},
                               {"start", display_date(e.start_month)},
                               {"start_iso", e.start_month},
                               {"end", display_date(e.end_month)},
                               {"end_iso", e.end_month},
                               {"has_end", !e.end_month.empty()}};
             }));
}

MustacheData home_view(const Content& c, const People& people) {
    const HomeSelection shown = home_selection(c);
    MustacheData home = object{{"name", c.name}};
    home.set("bio", list_of(c.bio_markdown, [](const std::string& md, std::size_t, std::size_t) {
                 return object{{"html", markdown_to_html(md)}};
             }));
    home.set("emails", list_of(c.emails, [](const Email& e, std::size_t i, std::size_t n) {
                 return object{{"address", e.address}, {"label", e.label}, {"has_label", !e.label.empty()},
                               {"joiner", joiner(i, n)}};
             }));
    home.set("has_emails", !c.emails.empty());
    home.set("emails_plural", c.emails.size() > 1);
    home.set("links", list_of(c.links, link_data));
    home.set("has_links", !c.links.empty());
    MustacheData posts{MustacheData::type::list};
    for (std::size_t i : shown.posts) posts.push_back(post_data(c.posts[i]));
    home.set("has_posts", !c.posts.empty());
    home.set("posts", posts);
    home.set("post_count", std::to_string(c.posts.size()));
    home.set("more_posts", shown.posts.size() < c.posts.size());
    add_publications(c, people, shown, home);
    add_sections(c, home);
    return home;
}

// First sentence of the first bio paragraph: a short, true page description.
std::string first_sentence(const std::vector<std::string>& paragraphs) {
    if (paragraphs.empty()) return {};
    const auto& p = paragraphs.front();
    auto end = p.find(". ");
    return end == std::string::npos ? p : p.substr(0, end + 1);
}

// Years newest first; a preprint without a year under "Preprints" (first:
// it is the newest work), any other paper without one under "Undated" (last).
MustacheData year_groups(const std::vector<const Publication*>& pubs, const People& people) {
    std::set<int, std::greater<>> years;
    bool undated_preprints = false, undated = false;
    for (const auto* p : pubs) {
        if (p->year) years.insert(*p->year);
        else (kind_row(p->kind).preprint ? undated_preprints : undated) = true;
    }
    MustacheData groups{MustacheData::type::list};
    auto add = [&](std::string id, std::string heading, auto&& belongs) {
        MustacheData items{MustacheData::type::list};
        for (const auto* p : pubs)
            if (belongs(*p)) items.push_back(publication_data(*p, people));
        groups.push_back(object{{"id", id}, {"heading", heading}, {"pubs", items}});
    };
    if (undated_preprints)
        add("preprints", "Preprints", [](const Publication& p) { return !p.year && kind_row(p.kind).preprint; });
    for (int y : years) add("y" + std::to_string(y), std::to_string(y), [y](const Publication& p) { return p.year == y; });
    if (undated) add("undated", "Undated", [](const Publication& p) { return !p.year && !kind_row(p.kind).preprint; });
    return groups;
}

PublicationList publication_list_view(const Content& c, const People& people, std::optional<PublicationKind> filter) {
    std::vector<const Publication*> pubs;
    bool equal_contribution = false;
    for (const auto& p : c.publications) {
        if (filter && p.kind != *filter) continue;
        pubs.push_back(&p);
        equal_contribution = equal_contribution || any_equal_contribution(p);
    }
    MustacheData filters{MustacheData::type::list};
    filters.push_back(object{{"href", "/publications/"}, {"label", "All"}, {"current", !filter}});
    for (auto kind : kinds_in(c))
        filters.push_back(object{{"href", "/publications/" + std::string(kind_row(kind).name) + "/"},
                                 {"label", std::string(kind_row(kind).heading)},
                                 {"current", filter == kind}});
    std::string heading = list_heading(filter);
    MustacheData data = object{{"heading", heading},
                               {"filters", filters},
                               {"groups", year_groups(pubs, people)},
                               {"has_pubs", !pubs.empty()},
                               {"has_equal_contribution", equal_contribution}};
    return {heading, data};
}

std::string authors_sentence(const Publication& p) {
    std::string out;
    for (std::size_t i = 0; i < p.authors.size(); ++i) out += joiner(i, p.authors.size()) + p.authors[i].name;
    return out;
}

}  // namespace

// Google Scholar's tags (scholar.google.com/intl/en/scholar/inclusion.html):
// authors in order, the year as the date, the venue by kind, a PDF only if known.
MustacheData scholar_meta(const Publication& p) {
    MustacheData meta{MustacheData::type::list};
    auto add = [&meta](std::string name, std::string content) {
        meta.push_back(object{{"name", std::move(name)}, {"content", std::move(content)}});
    };
    add("citation_title", p.title);
    for (const auto& a : p.authors) add("citation_author", a.name);
    if (p.year) add("citation_publication_date", std::to_string(*p.year));
    const KindRow& kind = kind_row(p.kind);
    if (!p.venue.empty() && !kind.scholar_venue.empty()) add(std::string(kind.scholar_venue), p.venue);
    if (!p.institution.empty() && !kind.scholar_institution.empty())
        add(std::string(kind.scholar_institution), p.institution);
    if (!p.doi.empty()) add("citation_doi", p.doi);
    if (!p.volume.empty()) add("citation_volume", p.volume);
    if (!p.number.empty()) add("citation_issue", p.number);
    if (auto [first, last] = page_range(p.pages); !first.empty()) {
        add("citation_firstpage", first);
        if (!last.empty()) add("citation_lastpage", last);
    }
    if (!p.publisher.empty()) add("citation_publisher", p.publisher);
    if (!p.isbn.empty()) add("citation_isbn", p.isbn);
    if (!p.issn.empty()) add("citation_issn", p.issn);
    for (const auto& l : p.links)
        if (l.label == "PDF" && !l.url.empty()) {
            add("citation_pdf_url", l.url);
            break;
        }
    return meta;
}

namespace {

// Previous (older) and next (newer) post; posts are newest first.
void add_neighbours(const std::vector<Post>& posts, std::size_t i, MustacheData& post) {
    auto link = [](const Post& p) { return object{{"url", "/blog/" + p.slug}, {"title", p.title}}; };
    post.set("has_older", i + 1 < posts.size());
    if (i + 1 < posts.size()) post.set("older", link(posts[i + 1]));
    post.set("has_newer", i > 0);
    if (i > 0) post.set("newer", link(posts[i - 1]));
    post.set("has_neighbours", posts.size() > 1);
}

}  // namespace

PublicationList publication_list(const Views& views, std::optional<PublicationKind> kind) {
    return publication_list_view(views.content, views.people, kind);
}

std::string list_heading(std::optional<PublicationKind> kind) {
    return std::string(kind ? kind_row(*kind).heading : "Publications");
}

std::string publication_description(const Publication& p) {
    std::string venue_and_year = venue_year(p);
    return authors_sentence(p) + "." + (venue_and_year.empty() ? "" : " " + venue_and_year + ".");
}

HomeSelection home_selection(const Content& c) {
    HomeSelection shown;
    for (std::size_t i = 0; i < c.posts.size() && i < home_post_limit; ++i) shown.posts.push_back(i);
    std::size_t papers = 0, preprints = 0;
    for (std::size_t i = 0; i < c.publications.size(); ++i) {
        const Publication& p = c.publications[i];
        std::size_t& listed = kind_row(p.kind).preprint ? preprints : papers;
        bool listed_here = listed < home_publication_limit;
        if (listed_here) ++listed;
        if (listed_here || p.selected) shown.publications.push_back(i);
    }
    return shown;
}

MustacheData home_data(const Views& v) { return home_view(v.content, v.people); }

MustacheData blog_data(const Views& v) {
    return object{{"has_posts", !v.content.posts.empty()}, {"posts", posts_data(v.content.posts)}};
}

MustacheData post_page_data(const Views& v, std::size_t i) {
    MustacheData post = post_data(v.content.posts[i]);
    add_neighbours(v.content.posts, i, post);
    return object{{"post", post}};
}

MustacheData paper_page_data(const Views& v, std::size_t i) {
    const Publication& p = v.content.publications[i];
    MustacheData pub = publication_data(p, v.people);
    std::string bibtex = bibtex_entry(p);
    pub.set("kind_label", std::string(kind_row(p.kind).label));
    pub.set("abstract", p.abstract);
    pub.set("abstract_html", text_with_math_html(p.abstract));
    pub.set("has_abstract", !p.abstract.empty());
    pub.set("bibtex", bibtex);
    pub.set("bib_url", "/publications/" + p.slug + ".bib");
    pub.set("ris_url", "/publications/" + p.slug + ".ris");
    pub.set("json_url", "/publications/" + p.slug + ".json");
    pub.set("has_equal_contribution", any_equal_contribution(p));
    return object{{"pub", pub}};
}

std::string venue_year(const Publication& p) {
    std::string venue = p.venue;
    if (!p.venue_short.empty() && p.venue_short != p.venue)
        venue = venue.empty() ? p.venue_short : venue + " (" + p.venue_short + ")";
    if (!p.year) return venue;
    return venue + (venue.empty() ? "" : " ") + std::to_string(*p.year);
}


int reading_minutes(std::string_view text) {
    int words = 0;
    bool in_word = false;
    for (char c : text) {
        bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (!space && !in_word) ++words;
        in_word = !space;
    }
    return std::max(1, words / 200);
}

std::string display_date(std::string_view iso) {
    static constexpr std::array<std::string_view, 12> months = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    if (iso.size() != 7 && iso.size() != 10) return std::string(iso);
    int month = (iso[5] - '0') * 10 + (iso[6] - '0');
    if (month < 1 || month > 12) return std::string(iso);
    std::string out;
    if (iso.size() == 10) {
        out += iso[8] == '0' ? iso.substr(9, 1) : iso.substr(8, 2);
        out += ' ';
    }
    out += months[static_cast<std::size_t>(month - 1)];
    out += ' ';
    out += iso.substr(0, 4);
    return out;
}

Views build_views(Content c) {
    Views v;
    v.people = people_of(c);
    v.site_name = c.name;
    v.home_description = first_sentence(c.bio_markdown);
    for (std::size_t i = 0; i < c.posts.size(); ++i) v.post_index.emplace(c.posts[i].slug, i);
    for (std::size_t i = 0; i < c.publications.size(); ++i) v.publication_index.emplace(c.publications[i].slug, i);
    v.content = std::move(c);
    return v;
}

}  // namespace vitae

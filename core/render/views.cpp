#include "views.hpp"

#include "streamed_list.hpp"

#include <array>
#include <map>
#include <mutex>
#include <set>

#include "citation.hpp"
#include "markdown.hpp"
#include "markdown_math.hpp"
#include "math.hpp"
#include "sanitize.hpp"
#include "streamed_list.hpp"
#include "text.hpp"
#include "toc.hpp"

namespace vitae {

namespace {

using kainjow::mustache::list;

// Text to put before item `index` of an inline list of `count` items.
std::string joiner(std::size_t index, std::size_t count) {
    if (index == 0) return "";
    if (index + 1 < count) return ", ";
    return count == 2 ? " and " : ", and ";
}

// kainjow's set() and push_back() deep-copy what they are given, and its
// move constructor is not noexcept, so a growing std::vector of data copies
// every element each time it reallocates: a list of 3,000 papers was copied
// over and over on its way into the page. These move instead. list_value()
// is the list the data owns on the heap: only its accessor is const.
void put(MustacheData& into, const std::string& key, MustacheData value) { into[key] = std::move(value); }
void append(MustacheData& onto, MustacheData value) {
    auto& items = const_cast<kainjow::mustache::list&>(onto.list_value());
    if (items.size() == items.capacity()) {  // grow by moving, never by vector's copying
        kainjow::mustache::list bigger;
        bigger.reserve(std::max<std::size_t>(8, items.size() * 2));
        for (auto& item : items) bigger.push_back(std::move(item));
        items.swap(bigger);
    }
    items.push_back(std::move(value));
}

// An object built in place: kainjow's MustacheData(object) copies the whole
// map it is given, so `object{...}` paid for every field twice.
MustacheData fields(std::initializer_list<std::pair<const std::string, MustacheData>> items) {
    MustacheData out{MustacheData::type::object};
    for (const auto& [key, value] : items) out[key] = MustacheData(value);
    return out;
}

template <typename Rows, typename F>  // a std::vector or SharedRows
MustacheData list_of(const Rows& items, F&& to_data) {
    MustacheData out{MustacheData::type::list};
    for (std::size_t i = 0; i < items.size(); ++i) append(out, to_data(items[i], i, items.size()));
    return out;
}

MustacheData link_data(const Link& link, std::size_t i, std::size_t n) {
    return fields({{"label", link.label}, {"url", link.url}, {"has_url", !link.url.empty()}, {"joiner", joiner(i, n)}});
}

MustacheData tags_data(const Post& post) {
    return list_of(post.tags, [](const std::string& tag, std::size_t i, std::size_t n) {
        return fields({{"name", tag}, {"url", tag_url(tag)}, {"joiner", joiner(i, n)}});
    });
}

// h2 entries, each with the h3s that follow it (an h3 before any h2 stands alone).
MustacheData toc_data(const std::vector<TocEntry>& entries) {
    struct Group {
        const TocEntry* head;
        std::vector<const TocEntry*> subs;
    };
    std::vector<Group> groups;
    for (const auto& e : entries) {
        if (e.level == 3 && !groups.empty() && groups.back().head->level == 2) groups.back().subs.push_back(&e);
        else groups.push_back({&e, {}});
    }
    auto item = [](const TocEntry& e) { return fields({{"id", e.id}, {"text_html", e.text_html}}); };
    MustacheData out{MustacheData::type::list};
    for (const auto& g : groups) {
        MustacheData entry = item(*g.head);
        MustacheData subs{MustacheData::type::list};
        for (const auto* sub : g.subs) append(subs, item(*sub));
        put(entry, "has_subs", !g.subs.empty());
        put(entry, "subs", std::move(subs));
        append(out, std::move(entry));
    }
    return out;
}

MustacheData post_data(const Post& post) {
    // HTML the owner pasted goes through the one sanitizer; Markdown through cmark's safe mode.
    std::string body_html =
        post.body_format == "html" ? sanitize_html(post.body) : with_heading_ids(markdown_with_math_to_html(post.body));
    MustacheData data = fields({{"slug", post.slug},
                  {"title", post.title},
                  {"url", "/blog/" + post.slug},
                  {"date", display_date(post.published)},
                  {"date_iso", post.published},
                  {"has_body", !post.body.empty()},
                  {"reading_minutes", std::to_string(reading_minutes(post.body))},
                  {"body_html", body_html},
                  {"tags", tags_data(post)},
                  {"has_tags", !post.tags.empty()}});
    auto headings = toc_entries(body_html);
    put(data, "has_toc", headings.size() >= toc_min_headings);
    put(data, "toc", toc_data(headings));
    return data;
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
    MustacheData d{MustacheData::type::object};
    put(d, "slug", p.slug);
    put(d, "kind", std::string(kind_row(p.kind).name));
    put(d, "url", "/publications/" + p.slug);
    put(d, "cite_url", "/publications/" + p.slug + "#cite");
    put(d, "title", p.title);
    put(d, "title_html", text_with_math_html(p.title));
    put(d, "venue", p.venue);
    put(d, "year", p.year ? std::to_string(*p.year) : std::string());
    put(d, "has_venue_year", !venue_and_year.empty());
    put(d, "venue_year", std::move(venue_and_year));
    put(d, "authors", list_of(p.authors, [&people](const Author& a, std::size_t i, std::size_t n) {
            auto page = a.is_owner ? people.end() : people.find(name_key(a.name));
            bool linked = page != people.end();
            return fields({{"name", a.name},
                          {"url", linked ? page->second : std::string()},
                          {"has_url", linked},
                          {"is_owner", a.is_owner},
                          {"equal_contribution", a.equal_contribution},
                          {"joiner", joiner(i, n)}});
        }));
    put(d, "links", list_of(p.links, link_data));
    put(d, "has_links", !p.links.empty());
    put(d, "awards", list_of(p.awards, [](const std::string& a, std::size_t, std::size_t) { return fields({{"name", a}}); }));
    put(d, "has_awards", !p.awards.empty());
    put(d, "has_details", !details.empty());
    put(d, "details", std::move(details));
    put(d, "doi", p.doi);
    put(d, "doi_url", p.doi.empty() ? std::string() : "https://doi.org/" + p.doi);
    put(d, "has_doi", !p.doi.empty());
    put(d, "arxiv", p.arxiv);
    put(d, "arxiv_url", p.arxiv.empty() ? std::string() : "https://arxiv.org/abs/" + p.arxiv);
    put(d, "has_arxiv", !p.arxiv.empty());
    return d;
}

MustacheData posts_data(const SharedRows<Post>& posts) {
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
        if (p.selected) append(selected, publication_data(p, people));
        bool preprint = kind_row(p.kind).preprint;
        std::size_t& listed = preprint ? listed_preprints : listed_papers;
        if (listed < home_publication_limit) {
            ++listed;
            append((preprint ? preprints : papers), publication_data(p, people));
        }
        equal_contribution = equal_contribution || any_equal_contribution(p);
    }
    put(home, "has_publications", !papers.is_empty_list());
    put(home, "publications", std::move(papers));
    put(home, "has_selected", !selected.is_empty_list());
    put(home, "selected", std::move(selected));
    put(home, "has_preprints", !preprints.is_empty_list());
    put(home, "preprints", std::move(preprints));
    put(home, "has_equal_contribution", equal_contribution);
    // More than the home page lists: "All N publications" links to the full list.
    put(home, "publication_count", std::to_string(c.publications.size()));
    put(home, "more_publications", listed_papers < paper_count || listed_preprints < preprint_count);
}

void add_sections(const Content& c, MustacheData& home) {
    put(home, "has_education", !c.education.empty());
    put(home, "education", list_of(c.education, [](const Education& e, std::size_t, std::size_t) {
                 return fields({{"years", std::to_string(e.start_year) + " - " + std::to_string(e.end_year)},
                               {"start_year", std::to_string(e.start_year)},
                               {"end_year", std::to_string(e.end_year)},
                               {"degree", e.degree},
                               {"has_degree", !e.degree.empty()},
                               {"institution", e.institution}});
             }));
    put(home, "has_teaching", !c.teaching.empty());
    put(home, "teaching", list_of(c.teaching, [](const Teaching& t, std::size_t, std::size_t) {
                 return fields({{"course", t.course}, {"title", t.title}, {"term", t.term}});
             }));
    put(home, "has_services", !c.services.empty());
    put(home, "services", list_of(c.services, [](const Service& s, std::size_t, std::size_t) {
                 return fields({{"role", s.role}, {"venue", s.venue}});
             }));
    put(home, "has_experiences", !c.experiences.empty());
    put(home, "experiences", list_of(c.experiences, [](const Experience& e, std::size_t, std::size_t) {
                 return fields({{"organization", e.organization},
                               {"location", e.location},
                               {"role", e.role},
                               {"start", display_date(e.start_month)},
                               {"start_iso", e.start_month},
                               {"end", display_date(e.end_month)},
                               {"end_iso", e.end_month},
                               {"has_end", !e.end_month.empty()}});
             }));
}

MustacheData home_view(const Content& c, const People& people) {
    const HomeSelection shown = home_selection(c);
    MustacheData home = fields({{"name", c.name}});
    put(home, "bio", list_of(c.bio_markdown, [](const std::string& md, std::size_t, std::size_t) {
                 return fields({{"html", markdown_to_html(md)}});
             }));
    put(home, "emails", list_of(c.emails, [](const Email& e, std::size_t i, std::size_t n) {
                 return fields({{"address", e.address}, {"label", e.label}, {"has_label", !e.label.empty()},
                               {"joiner", joiner(i, n)}});
             }));
    put(home, "has_emails", !c.emails.empty());
    put(home, "emails_plural", c.emails.size() > 1);
    put(home, "links", list_of(c.links, link_data));
    put(home, "has_links", !c.links.empty());
    MustacheData posts{MustacheData::type::list};
    for (std::size_t i : shown.posts) append(posts, post_data(c.posts[i]));
    put(home, "has_posts", !c.posts.empty());
    put(home, "posts", std::move(posts));
    put(home, "post_count", std::to_string(c.posts.size()));
    put(home, "more_posts", shown.posts.size() < c.posts.size());
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
std::vector<PublicationGroup> year_groups(const std::vector<const Publication*>& pubs) {
    std::set<int, std::greater<>> years;
    bool undated_preprints = false, undated = false;
    for (const auto* p : pubs) {
        if (p->year) years.insert(*p->year);
        else (kind_row(p->kind).preprint ? undated_preprints : undated) = true;
    }
    std::vector<PublicationGroup> groups;
    auto add = [&](std::string id, std::string heading, auto&& belongs) {
        PublicationGroup group{std::move(id), std::move(heading), {}};
        for (const auto* p : pubs)
            if (belongs(*p)) group.pubs.push_back(p);
        groups.push_back(std::move(group));
    };
    if (undated_preprints)
        add("preprints", "Preprints", [](const Publication& p) { return !p.year && kind_row(p.kind).preprint; });
    for (int y : years) add("y" + std::to_string(y), std::to_string(y), [y](const Publication& p) { return p.year == y; });
    if (undated) add("undated", "Undated", [](const Publication& p) { return !p.year && !kind_row(p.kind).preprint; });
    return groups;
}

// Each group's papers as a streamed list: their data is made while the page
// renders, one paper at a time (see streamed_list.hpp).
MustacheData groups_data(const std::vector<PublicationGroup>& groups, const People& people) {
    MustacheData out{MustacheData::type::list};
    for (const auto& g : groups) {
        MustacheData group{MustacheData::type::object};
        put(group, "id", g.id);
        put(group, "heading", g.heading);
        put(group, "pubs", streamed_list(g.pubs.size(), [pubs = g.pubs, &people](std::size_t i) {
                return publication_data(*pubs[i], people);
            }));
        append(out, std::move(group));
    }
    return out;
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
    append(filters, fields({{"href", "/publications/"}, {"label", "All"}, {"current", !filter}}));
    for (auto kind : kinds_in(c))
        append(filters, fields({{"href", "/publications/" + std::string(kind_row(kind).name) + "/"},
                                 {"label", std::string(kind_row(kind).heading)},
                                 {"current", filter == kind}}));
    PublicationList out{list_heading(filter), year_groups(pubs), MustacheData{MustacheData::type::object}};
    put(out.data, "heading", out.heading);
    put(out.data, "filters", std::move(filters));
    put(out.data, "groups", groups_data(out.groups, people));
    put(out.data, "has_pubs", !pubs.empty());
    put(out.data, "has_equal_contribution", equal_contribution);
    return out;
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
        append(meta, fields({{"name", std::move(name)}, {"content", std::move(content)}}));
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
void add_neighbours(const SharedRows<Post>& posts, std::size_t i, MustacheData& post) {
    auto link = [](const Post& p) { return fields({{"url", "/blog/" + p.slug}, {"title", p.title}}); };
    put(post, "has_older", i + 1 < posts.size());
    if (i + 1 < posts.size()) put(post, "older", link(posts[i + 1]));
    put(post, "has_newer", i > 0);
    if (i > 0) put(post, "newer", link(posts[i - 1]));
    put(post, "has_neighbours", posts.size() > 1);
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

struct Views::HomeMemo {
    std::once_flag once;
    MustacheData data;
};

std::shared_ptr<Views::HomeMemo> Views::new_home_memo() { return std::make_shared<HomeMemo>(); }

const MustacheData& Views::home() const {
    std::call_once(home_memo_->once, [this] { home_memo_->data = home_data(*this); });
    return home_memo_->data;
}

MustacheData blog_data(const Views& v) {
    MustacheData blog{MustacheData::type::object};
    put(blog, "has_posts", !v.content.posts.empty());
    put(blog, "posts", posts_data(v.content.posts));
    return blog;
}

MustacheData tag_page_data(const Views& v, std::string_view tag) {
    MustacheData page = fields({{"tag", std::string(tag)}, {"feed_url", tag_url(tag) + "feed.xml"}});
    MustacheData posts{MustacheData::type::list};
    if (auto it = v.tag_index.find(tag); it != v.tag_index.end())
        for (std::size_t i : it->second) append(posts, post_data(v.content.posts[i]));
    put(page, "posts", std::move(posts));
    return page;
}

std::string tag_url(std::string_view tag) { return "/blog/tag/" + std::string(tag) + "/"; }

MustacheData preview_page_data(const Views& v, std::size_t i) {
    MustacheData post = post_data(v.unlisted[i]);
    put(post, "preview", true);
    put(post, "has_neighbours", false);
    MustacheData page{MustacheData::type::object};
    put(page, "post", std::move(post));
    return page;
}

MustacheData post_page_data(const Views& v, std::size_t i) {
    MustacheData post = post_data(v.content.posts[i]);
    add_neighbours(v.content.posts, i, post);
    MustacheData page{MustacheData::type::object};
    put(page, "post", std::move(post));
    return page;
}

MustacheData paper_page_data(const Views& v, std::size_t i) {
    const Publication& p = v.content.publications[i];
    MustacheData pub = publication_data(p, v.people);
    std::string bibtex = bibtex_entry(p);
    put(pub, "kind_label", std::string(kind_row(p.kind).label));
    put(pub, "abstract", p.abstract);
    put(pub, "abstract_html", text_with_math_html(p.abstract));
    put(pub, "has_abstract", !p.abstract.empty());
    put(pub, "bibtex", bibtex);
    put(pub, "bib_url", "/publications/" + p.slug + ".bib");
    put(pub, "ris_url", "/publications/" + p.slug + ".ris");
    put(pub, "json_url", "/publications/" + p.slug + ".json");
    put(pub, "has_equal_contribution", any_equal_contribution(p));
    MustacheData page{MustacheData::type::object};
    put(page, "pub", std::move(pub));
    return page;
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

namespace {

// Moves every post that is not listed on `today` out of c.posts into
// v.unlisted, and notes the next day one of them is due.
void split_posts(Content& c, Views& v) {
    SharedRows<Post> listed;
    for (std::size_t i = 0; i < c.posts.size(); ++i) {
        const Post& post = c.posts[i];
        bool scheduled = !post.draft && post.published > v.today;
        if (!post.draft && !scheduled) {
            listed.push_back(c.posts.shared(i));
            continue;
        }
        if (scheduled && (v.next_release.empty() || post.published < v.next_release)) v.next_release = post.published;
        v.unlisted.push_back(c.posts.shared(i));
    }
    c.posts = std::move(listed);
    for (std::size_t i = 0; i < v.unlisted.size(); ++i)
        if (v.unlisted[i].draft && !v.unlisted[i].preview_token.empty()) v.preview_index.emplace(v.unlisted[i].preview_token, i);
}

}  // namespace

Views build_views(Content c, std::string_view today) {
    Views v;
    v.today = today;
    split_posts(c, v);
    v.people = people_of(c);
    v.site_name = c.name;
    v.home_description = first_sentence(c.bio_markdown);
    for (std::size_t i = 0; i < c.posts.size(); ++i) v.post_index.emplace(c.posts[i].slug, i);
    for (std::size_t i = 0; i < c.publications.size(); ++i) v.publication_index.emplace(c.publications[i].slug, i);
    v.tag_index = posts_by_tag(c);
    v.content = std::move(c);
    return v;
}

}  // namespace vitae

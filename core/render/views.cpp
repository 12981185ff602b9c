#include "views.hpp"

#include "streamed_list.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <set>

#include "citation.hpp"
#include "escape.hpp"
#include "markdown.hpp"
#include "markdown_math.hpp"
#include "math.hpp"
#include "sanitize.hpp"
#include "streamed_list.hpp"
#include "text.hpp"
#include "view_data.hpp"

namespace vitae {

namespace view_data {

std::string srcset_of(const Content& c, const StoredFile& picture, std::string_view type) {
    std::vector<const StoredFile*> copies;
    for (const auto& f : c.files)
        if (f.variant_of == picture.name && f.type == type) copies.push_back(&f);
    std::sort(copies.begin(), copies.end(), [](auto* x, auto* y) { return x->width < y->width; });
    std::string srcset;
    for (const auto* f : copies) srcset += (srcset.empty() ? "" : ", ") + f->url() + " " + std::to_string(f->width) + "w";
    return srcset;
}

}  // namespace view_data

using view_data::srcset_of;

namespace {

using kainjow::mustache::list;
using view_data::append;
using view_data::fields;
using view_data::joiner;
using view_data::list_of;
using view_data::post_data;
using view_data::put;
using view_data::split_posts;


MustacheData link_data(const Link& link, std::size_t i, std::size_t n) {
    return fields({{"label", link.label}, {"url", link.url}, {"has_url", !link.url.empty()}, {"joiner", joiner(i, n)}});
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

MustacheData publication_data(const Publication& p, const Views& v) {
    const People& people = v.people;
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
    put(d, "links", list_of(p.links, [&v](const Link& l, std::size_t i, std::size_t n) {
            // "/files/<name>": the stored file's content-addressed URL, which changes with its bytes.
            return link_data(Link{l.label, link_target(v, l.url, "")}, i, n);
        }));
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

void add_publications(const Views& v, const HomeSelection& shown, MustacheData& home) {
    const Content& c = v.content;
    MustacheData papers{MustacheData::type::list};
    MustacheData preprints{MustacheData::type::list};
    MustacheData selected{MustacheData::type::list};
    bool equal_contribution = false;
    std::size_t paper_count = 0, preprint_count = 0;
    for (const auto& p : c.publications) ++(kind_row(p.kind).preprint ? preprint_count : paper_count);
    std::size_t listed_papers = 0, listed_preprints = 0;
    for (std::size_t i : shown.publications) {
        const Publication& p = c.publications[i];
        if (p.selected) append(selected, publication_data(p, v));
        bool preprint = kind_row(p.kind).preprint;
        std::size_t& listed = preprint ? listed_preprints : listed_papers;
        if (listed < home_publication_limit) {
            ++listed;
            append((preprint ? preprints : papers), publication_data(p, v));
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

// The profile photo (a stored picture), with its size so the page does not
// shift when it arrives. None when unset or when the file is not a picture.
void add_photo(const Content& c, MustacheData& home) {
    const StoredFile* photo = c.photo.empty() ? nullptr : c.file(c.photo);
    bool shown = photo && photo->is_picture();
    put(home, "has_photo", shown);
    if (!shown) return;
    MustacheData data = fields({{"url", photo->url()},
                                {"width", std::to_string(photo->width)},
                                {"height", std::to_string(photo->height)},
                                {"alt", photo->alt}});
    // Its smaller copies (made when it was added), one srcset per format.
    for (auto [key, type] : {std::pair{"avif_srcset", "image/avif"}, std::pair{"webp_srcset", "image/webp"}}) {
        std::string srcset = srcset_of(c, *photo, type);
        put(data, std::string("has_") + key, !srcset.empty());
        put(data, key, std::move(srcset));
    }
    put(home, "photo", std::move(data));
}

MustacheData home_view(const Views& v) {
    const Content& c = v.content;
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
    add_publications(v, shown, home);
    add_photo(c, home);
    add_sections(c, home);
    add_news(c, home);
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
MustacheData groups_data(const std::vector<PublicationGroup>& groups, const Views& v) {
    MustacheData out{MustacheData::type::list};
    for (const auto& g : groups) {
        MustacheData group{MustacheData::type::object};
        put(group, "id", g.id);
        put(group, "heading", g.heading);
        put(group, "pubs", streamed_list(g.pubs.size(), [pubs = g.pubs, &v](std::size_t i) {
                return publication_data(*pubs[i], v);
            }));
        append(out, std::move(group));
    }
    return out;
}

PublicationList publication_list_view(const Views& v, std::optional<PublicationKind> filter) {
    const Content& c = v.content;
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
    put(out.data, "groups", groups_data(out.groups, v));
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
MustacheData scholar_meta(const Publication& p, const std::function<std::string(const std::string&)>& stored) {
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
            add("citation_pdf_url", stored ? stored(l.url) : l.url);
            break;
        }
    return meta;
}

std::string link_target(const Views& v, const std::string& url, std::string_view base_url) {
    const StoredFile* file = url.starts_with("/files/") ? v.content.file(std::string_view(url).substr(7)) : nullptr;
    return file ? std::string(base_url) + file->url() : url;
}

PublicationList publication_list(const Views& views, std::optional<PublicationKind> kind) {
    return publication_list_view(views, kind);
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

MustacheData home_data(const Views& v) { return home_view(v); }

struct Views::HomeMemo {
    std::once_flag once;
    MustacheData data;
};

std::shared_ptr<Views::HomeMemo> Views::new_home_memo() { return std::make_shared<HomeMemo>(); }

const MustacheData& Views::home() const {
    std::call_once(home_memo_->once, [this] { home_memo_->data = home_data(*this); });
    return home_memo_->data;
}

MustacheData paper_page_data(const Views& v, std::size_t i) {
    const Publication& p = v.content.publications[i];
    MustacheData pub = publication_data(p, v);
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

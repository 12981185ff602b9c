// The publications' half of the views: a paper's data (shared with the home
// page), the lists by year (streamed: see streamed_list.hpp), a paper's page,
// and what its <head> says (Scholar's tags, the description).
#include <set>

#include "render/cite/citation.hpp"
#include "render/math/math.hpp"
#include "render/template/streamed_list.hpp"
#include "render/text/page_text.hpp"
#include "render/views/view_data.hpp"
#include "rules/link.hpp"

namespace vitae {

namespace view_data {

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

MustacheData link_data(const Link& link, const std::string& joiner) {
    return fields({{"label", link.label}, {"url", link.url}, {"has_url", !link.url.empty()}, {"joiner", joiner}});
}

bool any_equal_contribution(const Publication& p) {
    for (const auto& a : p.authors)
        if (a.equal_contribution) return true;
    return false;
}

// How a service is named beside its count.
std::string service_label(const std::string& service) {
    if (service == "openalex") return "OpenAlex";
    if (service == "inspire") return "INSPIRE";
    if (service == "crossref") return "Crossref";
    return service;
}

// "Cited by 126 · OpenAlex, 2026-12-01": the highest count (`vitae sync`), plain text.
std::string cited_by(const Publication& p, const Catalogue& t) {
    if (p.citations.empty()) return "";
    const CitationCount& top = p.citations.front();
    return t.format("cited_by", {{"n", std::to_string(top.count)}, {"source", service_label(top.service)}, {"date", top.counted}});
}

MustacheData publication_data(const Publication& p, const Views& v, const Catalogue& t) {
    const People& people = v.people;
    std::string venue_and_year = venue_year(p);
    std::string details = details_line(p);
    MustacheData d{MustacheData::type::object};
    put(d, "slug", p.slug);
    put(d, "kind", std::string(kind_row(p.kind).name));
    std::string url = url_for(RouteKind::publication, {.prefix = v.locale.links, .slug = p.slug});
    put(d, "cite_url", url + "#cite");
    put(d, "url", std::move(url));
    put(d, "title", p.title);
    put(d, "title_html", text_with_math_html(p.title));
    put(d, "venue", p.venue);
    put(d, "year", p.year ? std::to_string(*p.year) : std::string());
    put(d, "has_venue_year", !venue_and_year.empty());
    put(d, "venue_year", std::move(venue_and_year));
    put(d, "authors", list_of(p.authors, [&people, &t](const Author& a, std::size_t i, std::size_t n) {
            auto page = a.is_owner ? people.end() : people.find(name_key(a.name));
            bool linked = page != people.end();
            return fields({{"name", a.name},
                          {"url", linked ? page->second : std::string()},
                          {"has_url", linked},
                          {"is_owner", a.is_owner},
                          {"equal_contribution", a.equal_contribution},
                          {"joiner", t.joiner(i, n)}});
        }));
    put(d, "links", list_of(p.links, [&v, &t](const Link& l, std::size_t i, std::size_t n) {
            return link_data(Link{l.label, link_target(v, l.url, v.locale.mount)}, t.joiner(i, n));
        }));
    put(d, "has_links", !p.links.empty());
    // A stored PDF screen readers cannot follow (read when it was added): the
    // paper's page says so and points to its abstract, which is HTML.
    bool untagged_pdf = false;
    for (const auto& l : p.links)
        if (auto name = file_link_name(l.url))
            if (const StoredFile* file = v.content.file(*name); file && file->is_untagged_pdf()) untagged_pdf = true;
    put(d, "untagged_pdf", untagged_pdf);
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
    put(d, "cited_by", cited_by(p, t));
    put(d, "has_cited_by", !p.citations.empty());
    // A small picture beside it (alt: the file's, else the title), looked
    // up in the version's index of pictures: a long list pays a hash lookup.
    const StoredPicture* preview = stored_picture(v, p.preview);
    put(d, "has_preview", preview != nullptr);
    if (preview) put(d, "preview", picture_data(*preview, preview->file->alt.empty() ? p.title : preview->file->alt));
    return d;
}

}  // namespace view_data

using view_data::any_equal_contribution;
using view_data::append;
using view_data::fields;
using view_data::publication_data;
using view_data::put;

namespace {

// Years newest first; a preprint without a year under "Preprints" (first:
// it is the newest work), any other paper without one under "Undated" (last).
std::vector<PublicationGroup> year_groups(const std::vector<const Publication*>& pubs, const Catalogue& t) {
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
        add("preprints", t("section_preprints"), [](const Publication& p) { return !p.year && kind_row(p.kind).preprint; });
    for (int y : years) add("y" + std::to_string(y), std::to_string(y), [y](const Publication& p) { return p.year == y; });
    if (undated) add("undated", t("undated"), [](const Publication& p) { return !p.year && !kind_row(p.kind).preprint; });
    return groups;
}

// Each group's papers as a streamed list: their data is made while the page
// renders, one paper at a time (see streamed_list.hpp).
MustacheData groups_data(const std::vector<PublicationGroup>& groups, const Views& v, const Catalogue& t) {
    MustacheData out{MustacheData::type::list};
    for (const auto& g : groups) {
        MustacheData group{MustacheData::type::object};
        put(group, "id", g.id);
        put(group, "heading", g.heading);
        put(group, "pubs", streamed_list(g.pubs.size(), [pubs = g.pubs, &v, &t](std::size_t i) {
                return publication_data(*pubs[i], v, t);
            }));
        append(out, std::move(group));
    }
    return out;
}

PublicationList publication_list_view(const Views& v, const Catalogue& t, std::optional<PublicationKind> filter) {
    const Content& c = v.content;
    std::vector<const Publication*> pubs;
    bool equal_contribution = false;
    std::int64_t cited = 0;  // each paper's highest count, summed
    for (const auto& p : c.publications) {
        if (filter && p.kind != *filter) continue;
        pubs.push_back(&p);
        if (!p.citations.empty()) cited += p.citations.front().count;
        equal_contribution = equal_contribution || any_equal_contribution(p);
    }
    MustacheData filters{MustacheData::type::list};
    const std::string& prefix = v.locale.links;
    append(filters, fields({{"href", url_for(RouteKind::publications, {.prefix = prefix})},
                            {"label", t("filter_all")},
                            {"current", !filter}}));
    for (auto kind : kinds_in(c))
        append(filters, fields({{"href", url_for(RouteKind::publications, {.prefix = prefix, .kind = kind})},
                                 {"label", kind_heading(t, kind)},
                                 {"current", filter == kind}}));
    PublicationList out{list_heading(t, filter), year_groups(pubs, t), MustacheData{MustacheData::type::object}};
    put(out.data, "heading", out.heading);
    put(out.data, "filters", std::move(filters));
    put(out.data, "groups", groups_data(out.groups, v, t));
    put(out.data, "has_pubs", !pubs.empty());
    put(out.data, "has_equal_contribution", equal_contribution);
    put(out.data, "has_cited_total", cited > 0);
    put(out.data, "cited_total", t.format("cited_total", {{"n", std::to_string(cited)}}));
    return out;
}

std::string authors_sentence(const Publication& p, const Catalogue& t) {
    std::string out;
    for (std::size_t i = 0; i < p.authors.size(); ++i) out += t.joiner(i, p.authors.size()) + p.authors[i].name;
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
        if (l.label == "PDF" && is_link(l.url)) {
            add("citation_pdf_url", stored ? stored(l.url) : l.url);
            break;
        }
    return meta;
}

std::string link_target(const Views& v, std::string_view url, std::string_view base) {
    auto kind = link_kind(url);
    if (!kind) return {};
    if (*kind != LinkKind::site) return std::string(url);
    if (auto name = file_link_name(url)) {
        const StoredFile* file = v.content.file(*name);
        return std::string(base) + (file ? url_for(*file) : std::string(url));
    }
    return std::string(base) + v.locale.prefix + std::string(url);
}

PublicationList publication_list(const Views& views, const Catalogue& t, std::optional<PublicationKind> kind) {
    return publication_list_view(views, t, kind);
}

const std::string& kind_label(const Catalogue& t, PublicationKind kind) {
    return t("kind_" + std::string(kind_row(kind).name));
}

const std::string& kind_heading(const Catalogue& t, PublicationKind kind) {
    return t("kinds_" + std::string(kind_row(kind).name));
}

std::string list_heading(const Catalogue& t, std::optional<PublicationKind> kind) {
    return kind ? kind_heading(t, *kind) : t("section_publications");
}

std::string publication_description(const Publication& p, const Catalogue& t) {
    std::string venue_and_year = venue_year(p);
    return cut_at_word(authors_sentence(p, t) + t("sentence_end") +
                       (venue_and_year.empty() ? "" : " " + venue_and_year + t("sentence_end")));
}

MustacheData paper_page_data(const Views& v, const Catalogue& t, std::size_t i) {
    const Publication& p = v.content.publications[i];
    MustacheData pub = publication_data(p, v, t);
    std::string bibtex = bibtex_entry(p);
    const std::string& prefix = v.locale.links;
    put(pub, "kind_label", kind_label(t, p.kind));
    put(pub, "abstract_lang", view_data::lang_data(v.lang_of("publication", p.slug)));
    put(pub, "abstract", p.abstract);
    put(pub, "abstract_html", text_with_math_html(p.abstract));
    put(pub, "has_abstract", !p.abstract.empty());
    put(pub, "bibtex", bibtex);
    for (auto [key, format] : {std::pair{"bib_url", CitationFormat::bibtex}, std::pair{"ris_url", CitationFormat::ris},
                               std::pair{"json_url", CitationFormat::csl_json}})
        put(pub, key, url_for(RouteKind::citation, {.prefix = prefix, .slug = p.slug, .format = format}));
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

}  // namespace vitae

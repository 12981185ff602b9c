// A group's home site (Site::group): /people/, every member's card by group
// and family name; and its /publications/, the members' works merged
// (core/store/model/group.hpp) with the home's own papers joined in by the
// same rule, grouped by year like any site's list and drawn by the same
// partial. Each work links to the members' own paper pages, and its
// authors who are members to their sites.
#include <algorithm>
#include <set>

#include "base/utf8.hpp"
#include "render/math/math.hpp"
#include "render/template/streamed_list.hpp"
#include "render/text/page_text.hpp"
#include "render/views/view_data.hpp"
#include "rules/work_title.hpp"
#include "store/model/publication_identity.hpp"

namespace vitae {

using view_data::append;
using view_data::fields;
using view_data::put;

namespace {

// "Carol de Vries" -> "CV": a card without a photo shows these instead.
std::string initials(std::string_view name) {
    std::string out;
    std::size_t first = name.find_first_not_of(' ');
    // A title before the name ("Dr. Borja Pérez-Díaz" is BP, not DP).
    for (std::string_view title : {"Dr. ", "Prof. ", "Professor ", "Dr ", "Prof "})
        if (first != std::string_view::npos && name.substr(first).starts_with(title)) first = name.find_first_not_of(' ', first + title.size());
    std::size_t last = name.rfind(' ');
    if (first == std::string_view::npos) return out;
    out += utf8_char_at(name, first);
    if (last != std::string_view::npos && last > first && last + 1 < name.size()) out += utf8_char_at(name, last + 1);
    return out;
}

// `heading_tag`: a name is a heading under its group's (h3), or under the page's when there are none (h2).
MustacheData member_data(const GroupMember& m, const Catalogue& t, std::string_view heading_tag) {
    // A job title is text, but imports carry HTML in it (academicpages' `bio`): its text alone.
    std::string role = plain_text_of_html(m.role);
    MustacheData d = fields({{"name", m.name},
                             {"heading_tag", std::string(heading_tag)},
                             {"url", m.base_url + "/"},
                             {"has_role", !role.empty()},
                             {"role", role},
                             {"has_photo", !m.photo_url.empty()},
                             {"initials", initials(m.name)}});
    if (!m.photo_url.empty()) {
        put(d, "photo_url", m.photo_url);
        put(d, "photo_alt", m.photo_alt.empty() ? t.format("photo_of", {{"name", m.name}}) : m.photo_alt);
        put(d, "has_size", m.photo_width > 0 && m.photo_height > 0);
        put(d, "photo_width", std::to_string(m.photo_width));
        put(d, "photo_height", std::to_string(m.photo_height));
    }
    return d;
}

// One of the home's list entries: a members' work (with the home's own
// paper of it, if it has one), or a paper only the home lists.
struct Listed {
    const GroupWork* work = nullptr;
    const Publication* own = nullptr;
    std::optional<int> year() const { return work ? work->year : own->year; }
    PublicationKind kind() const { return work ? work->kind : own->kind; }
    const std::string& title() const { return work ? work->title : own->title; }
};

using AuthorLink = std::pair<std::string, std::string>;  // name, URL ("" none)

MustacheData authors_data(const std::vector<AuthorLink>& authors, const Catalogue& t) {
    MustacheData out{MustacheData::type::list};
    for (std::size_t i = 0; i < authors.size(); ++i)
        append(out, fields({{"name", authors[i].first},
                            {"url", authors[i].second},
                            {"has_url", !authors[i].second.empty()},
                            {"is_owner", false},
                            {"equal_contribution", false},
                            {"joiner", t.joiner(i, authors.size())}}));
    return out;
}

// The home's own paper as its list shows it; its authors who are members linked to their sites.
MustacheData own_data(const Publication& p, const Group& g, const Views& v, const Catalogue& t) {
    MustacheData d = view_data::publication_data(p, v, t);
    std::vector<AuthorLink> authors;
    for (const auto& a : p.authors) {
        auto page = v.people.find(name_key(a.name));
        auto member = page == v.people.end() && g.linker ? g.linker->find(a.name) : std::nullopt;
        authors.emplace_back(a.name, page != v.people.end() ? page->second
                                     : member                ? g.members[*member].base_url + "/"
                                                             : std::string());
    }
    put(d, "authors", authors_data(authors, t));
    return d;
}

MustacheData work_data(const Listed& l, std::size_t index, const Group& g, const Views& v, const Catalogue& t) {
    if (!l.work) return own_data(*l.own, g, v, t);
    const GroupWork& w = *l.work;
    std::vector<GroupPaper> papers = w.papers;
    if (l.own) papers.insert(papers.begin(), {v.site_name, url_for(RouteKind::publication, {.prefix = v.locale.prefix, .slug = l.own->slug})});
    std::vector<AuthorLink> authors;
    for (const auto& a : w.authors) authors.emplace_back(a.name, a.url);
    std::string venue_and_year = w.venue + (w.venue.empty() || !w.year ? "" : " ") + (w.year ? std::to_string(*w.year) : "");
    MustacheData d = fields({{"slug", "w" + std::to_string(index)},
                             {"kind", std::string(kind_row(w.kind).name)},
                             {"url", papers.front().url},
                             {"cite_url", papers.front().url + "#cite"},
                             {"title", w.title},
                             {"title_html", text_with_math_html(w.title)},
                             {"has_venue_year", !venue_and_year.empty()},
                             {"venue_year", venue_and_year},
                             {"doi_url", w.doi.empty() ? std::string() : "https://doi.org/" + w.doi},
                             {"has_doi", !w.doi.empty()},
                             {"arxiv_url", w.arxiv.empty() ? std::string() : "https://arxiv.org/abs/" + w.arxiv},
                             {"has_arxiv", !w.arxiv.empty()}});
    put(d, "authors", authors_data(authors, t));
    MustacheData members{MustacheData::type::list};
    for (std::size_t i = 0; i < papers.size(); ++i)
        append(members, fields({{"name", papers[i].member}, {"url", papers[i].url}, {"joiner", t.joiner(i, papers.size())}}));
    put(d, "members", std::move(members));
    put(d, "has_members", true);
    return d;
}

// The members' works and the home's own papers, each work once.
std::vector<Listed> listed_works(const Group& g, const Views& v) {
    std::vector<const Publication*> own_of(g.works.size(), nullptr);
    std::vector<Listed> out;
    for (const auto& p : v.content.publications) {
        auto found = g.index.find(identity_of(p));
        std::optional<std::size_t> work = found ? std::optional(found->at) : std::nullopt;
        // A home that is one of its members too lists its paper there already.
        const auto& papers = work ? g.works[*work].papers : std::vector<GroupPaper>{};
        bool listed = std::any_of(papers.begin(), papers.end(), [&v](const GroupPaper& gp) { return gp.member == v.content.name; });
        if (work && !own_of[*work] && !listed) own_of[*work] = &p;
        else if (!work) out.push_back({.own = &p});
    }
    for (std::size_t i = 0; i < g.works.size(); ++i) out.push_back({.work = &g.works[i], .own = own_of[i]});
    std::vector<std::pair<std::string, Listed>> keyed;  // title_words made once per entry, not per comparison
    for (const auto& l : out) keyed.emplace_back(title_words(l.title()), l);
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
        auto ya = a.second.year(), yb = b.second.year();
        if (ya != yb) return ya && (!yb || *ya > *yb);  // newest first, undated last
        return a.first < b.first;
    });
    for (std::size_t i = 0; i < keyed.size(); ++i) out[i] = keyed[i].second;
    return out;
}

struct YearGroup {
    std::string id, heading;
    std::size_t begin, end;  // into the sorted list
};

// Years newest first, then the undated (the list is sorted so): as a site's own list.
std::vector<YearGroup> by_year(const std::vector<Listed>& items, const Catalogue& t) {
    std::vector<YearGroup> out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        auto year = items[i].year();
        std::string id = year ? "y" + std::to_string(*year) : "undated";
        if (out.empty() || out.back().id != id) out.push_back({id, year ? std::to_string(*year) : t("undated"), i, i});
        out.back().end = i + 1;
    }
    return out;
}

}  // namespace

MustacheData people_page_data(const Group& g, const Views&, const Catalogue& t) {
    bool named = std::any_of(g.members.begin(), g.members.end(), [](const GroupMember& m) { return !m.group.empty(); });
    MustacheData groups{MustacheData::type::list};
    for (std::size_t i = 0; i < g.members.size();) {
        std::size_t j = i;
        MustacheData cards{MustacheData::type::list};
        for (; j < g.members.size() && g.members[j].group == g.members[i].group; ++j) append(cards, member_data(g.members[j], t, named ? "h3" : "h2"));
        std::string heading = !named ? "" : g.members[i].group.empty() ? t("people_other") : g.members[i].group;
        MustacheData group = fields({{"id", "group-" + std::to_string(groups.list_value().size() + 1)},
                                     {"heading", heading},
                                     {"has_heading", !heading.empty()}});
        put(group, "members", std::move(cards));
        append(groups, std::move(group));
        i = j;
    }
    MustacheData page = fields({{"heading", t("people_heading")}, {"has_people", !g.members.empty()}});
    put(page, "groups", std::move(groups));
    return page;
}

MustacheData group_publications_data(const Group& g, const Views& v, const Catalogue& t, std::optional<PublicationKind> filter) {
    auto all = listed_works(g, v);
    std::set<PublicationKind> kinds;
    for (const auto& l : all) kinds.insert(l.kind());
    if (filter) std::erase_if(all, [&filter](const Listed& l) { return l.kind() != *filter; });
    auto items = std::make_shared<const std::vector<Listed>>(std::move(all));
    MustacheData filters{MustacheData::type::list};
    append(filters, fields({{"href", url_for(RouteKind::publications, {.prefix = v.locale.prefix})},
                            {"label", t("filter_all")},
                            {"current", !filter}}));
    for (const auto& row : kind_rows())
        if (kinds.contains(row.kind))
            append(filters, fields({{"href", url_for(RouteKind::publications, {.prefix = v.locale.prefix, .kind = row.kind})},
                                    {"label", kind_heading(t, row.kind)},
                                    {"current", filter == row.kind}}));
    MustacheData groups{MustacheData::type::list};
    for (const auto& y : by_year(*items, t)) {
        MustacheData group = fields({{"id", y.id}, {"heading", y.heading}});
        put(group, "pubs", streamed_list(y.end - y.begin, [items, begin = y.begin, &g, &v, &t](std::size_t i) {
                return work_data((*items)[begin + i], begin + i, g, v, t);
            }));
        append(groups, std::move(group));
    }
    MustacheData page = fields({{"heading", list_heading(t, filter)}, {"has_pubs", !items->empty()}, {"has_equal_contribution", false}});
    put(page, "filters", std::move(filters));
    put(page, "groups", std::move(groups));
    return page;
}

}  // namespace vitae

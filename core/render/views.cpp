// The home page's data and what each content version builds once (Views);
// the blog's views are in post_views.cpp, the publications' in
// publication_views.cpp, news and talks in section_views.cpp.
#include "views.hpp"

#include <algorithm>
#include <array>
#include <mutex>

#include "markdown.hpp"
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
using view_data::link_data;
using view_data::publication_data;
using view_data::any_equal_contribution;

namespace {

using kainjow::mustache::list;
using view_data::append;
using view_data::fields;
using view_data::joiner;
using view_data::list_of;
using view_data::post_data;
using view_data::put;
using view_data::split_posts;



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
    put(home, "teaching_groups", teaching_groups(c));
    put(home, "has_owner_awards", !c.awards.empty());
    put(home, "owner_awards", awards_data(c));
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

}  // namespace

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

MustacheData awards_data(const Content& c) {
    return list_of(c.awards, [](const Award& a, std::size_t, std::size_t) {
        return fields({{"name", a.name},
                       {"issuer", a.issuer},
                       {"has_issuer", !a.issuer.empty()},
                       {"year", a.year ? std::to_string(*a.year) : std::string()},
                       {"has_year", a.year.has_value()}});
    });
}

MustacheData teaching_groups(const Content& c) {
    std::vector<std::string> roles;  // in the order each first appears
    for (const auto& t : c.teaching)
        if (std::find(roles.begin(), roles.end(), t.role) == roles.end()) roles.push_back(t.role);
    MustacheData groups{MustacheData::type::list};
    for (std::size_t g = 0; g < roles.size(); ++g) {
        MustacheData rows{MustacheData::type::list};
        for (const auto& t : c.teaching)
            if (t.role == roles[g])
                append(rows, fields({{"course", t.course}, {"title", t.title}, {"term", t.term}}));
        MustacheData group = fields({{"id", g == 0 ? std::string("teaching") : "teaching-" + std::to_string(g + 1)},
                                     {"role", roles[g]},
                                     {"has_role", !roles[g].empty()}});
        put(group, "teaching", std::move(rows));
        append(groups, std::move(group));
    }
    return groups;
}

struct Views::HomeMemo {
    std::once_flag once;
    MustacheData data;
};

std::shared_ptr<Views::HomeMemo> Views::new_home_memo() { return std::make_shared<HomeMemo>(); }

const MustacheData& Views::home() const {
    std::call_once(home_memo_->once, [this] { home_memo_->data = home_data(*this); });
    return home_memo_->data;
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

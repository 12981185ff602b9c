// The home page's data and what each content version builds once (Views);
// the blog's views are in post_views.cpp, the publications' in
// publication_views.cpp, news and talks in section_views.cpp.
#include "render/views/views.hpp"

#include <algorithm>
#include <array>
#include <mutex>

#include "base/text.hpp"
#include "render/math/body_html.hpp"
#include "render/text/markdown.hpp"
#include "render/text/page_text.hpp"
#include "render/views/view_data.hpp"
#include "rules/link.hpp"
#include "store/model/translate.hpp"

namespace vitae {


using view_data::link_data;
using view_data::publication_data;
using view_data::any_equal_contribution;

namespace {

using list = TemplateList;
using view_data::append;
using view_data::fields;
using view_data::list_of;
using view_data::post_data;
using view_data::put;
using view_data::split_posts;



People people_of(const Content& c) {
    People out;
    for (const auto& person : c.coauthors) {
        std::string url = is_link(person.url)      ? person.url
                          : !person.orcid.empty() ? "https://orcid.org/" + person.orcid
                                                  : std::string();
        if (!url.empty()) out.emplace(name_key(person.name), std::move(url));
    }
    return out;
}

void add_publications(const Views& v, const Catalogue& t, const HomeSelection& shown, MustacheData& home) {
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
        bool preprint = kind_row(p.kind).preprint;
        std::size_t& listed = preprint ? listed_preprints : listed_papers;
        const bool listed_below = listed < home_publication_limit;
        if (p.selected) {
            // A paper also in the full list below: only that copy carries its id (one id per page).
            MustacheData copy = publication_data(p, v, t);
            put(copy, "listed_again", listed_below);
            append(selected, std::move(copy));
        }
        if (listed_below) {
            ++listed;
            append((preprint ? preprints : papers), publication_data(p, v, t));
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
    put(home, "all_publications_count", t.format("all_publications_count", {{"n", std::to_string(c.publications.size())}}));
    put(home, "more_publications", listed_papers < paper_count || listed_preprints < preprint_count);
}

void add_sections(const Views& v, const Catalogue& t, MustacheData& home) {
    const Content& c = v.content;
    put(home, "has_education", !c.education.empty());
    put(home, "education", list_of(c.education, [&v](const Education& e, std::size_t i, std::size_t) {
                 return fields({{"lang", view_data::lang_data(v.lang_at("education", i))},
                               {"years", std::to_string(e.start_year) + " - " + std::to_string(e.end_year)},
                               {"start_year", std::to_string(e.start_year)},
                               {"end_year", std::to_string(e.end_year)},
                               {"degree", e.degree},
                               {"has_degree", !e.degree.empty()},
                               {"institution", e.institution}});
             }));
    put(home, "has_teaching", !c.teaching.empty());
    put(home, "teaching_groups", teaching_groups(v));
    put(home, "has_owner_awards", !c.awards.empty());
    put(home, "owner_awards", awards_data(c));
    put(home, "has_services", !c.services.empty());
    put(home, "services", list_of(c.services, [&v](const Service& s, std::size_t i, std::size_t) {
                 return fields({{"lang", view_data::lang_data(v.lang_at("service", i))}, {"role", s.role}, {"venue", s.venue}});
             }));
    put(home, "has_experiences", !c.experiences.empty());
    put(home, "experiences", list_of(c.experiences, [&v, &t](const Experience& e, std::size_t i, std::size_t) {
                 return fields({{"lang", view_data::lang_data(v.lang_at("experience", i))},
                               {"organization", e.organization},
                               {"location", e.location},
                               {"role", e.role},
                               {"start", t.date(e.start_month)},
                               {"start_iso", view_data::calendar_datum(e.start_month)},
                               {"end", t.date(e.end_month)},
                               {"end_iso", view_data::calendar_datum(e.end_month)},
                               {"has_end", !e.end_month.empty()}});
             }));
}

// The profile photo (a stored picture), with its size so the page does not
// shift when it arrives. None when unset or when the file is not a picture.
void add_photo(const Views& v, MustacheData& home) {
    const StoredPicture* photo = view_data::stored_picture(v, v.content.photo);
    put(home, "has_photo", photo != nullptr);
    if (photo) put(home, "photo", view_data::picture_data(*photo, photo->file->alt));
}

MustacheData home_view(const Views& v, const Catalogue& t) {
    const Content& c = v.content;
    const HomeSelection shown = home_selection(c);
    MustacheData home = fields({{"name", c.name}});
    put(home, "bio", list_of(c.bio_markdown, [&v](const std::string& md, std::size_t i, std::size_t) {
                 std::string lang = v.lang_at("paragraph", i);
                 return fields({{"html", view_data::shown_body(md, BodyFormat::markdown, lang, v)}, {"lang", view_data::lang_data(lang)}});
             }));
    put(home, "emails", list_of(c.emails, [&t](const Email& e, std::size_t i, std::size_t n) {
                 return fields({{"address", e.address}, {"label", e.label}, {"has_label", !e.label.empty()},
                               {"joiner", t.joiner(i, n)}});
             }));
    put(home, "has_emails", !c.emails.empty());
    put(home, "emails_plural", c.emails.size() > 1);
    put(home, "links", list_of(c.links, [&v, &t](const Link& l, std::size_t i, std::size_t n) {
            return link_data(Link{l.label, link_target(v, l.url, v.locale.mount)}, t.joiner(i, n));
        }));
    put(home, "has_links", !c.links.empty());
    MustacheData posts{MustacheData::type::list};
    for (std::size_t i : shown.posts) append(posts, post_data(c.posts[i], v, t));
    put(home, "has_posts", !c.posts.empty());
    put(home, "posts", std::move(posts));
    put(home, "post_count", std::to_string(c.posts.size()));
    put(home, "all_posts_count", t.format("all_posts_count", {{"n", std::to_string(c.posts.size())}}));
    put(home, "more_posts", shown.posts.size() < c.posts.size());
    add_publications(v, t, shown, home);
    add_photo(v, home);
    add_sections(v, t, home);
    add_news(v, t, home);
    return home;
}

// The first sentence of the first bio paragraph as the page shows it (its
// text, not its Markdown): a short, true page description.
std::string first_sentence(const std::vector<std::string>& paragraphs) {
    if (paragraphs.empty()) return {};
    std::string text = body_text(paragraphs.front(), BodyFormat::markdown);
    auto end = text.find(". ");
    return cut_at_word(end == std::string::npos ? text : text.substr(0, end + 1));
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

MustacheData home_data(const Views& v, const Catalogue& t) { return home_view(v, t); }

MustacheData awards_data(const Content& c) {
    return list_of(c.awards, [](const Award& a, std::size_t, std::size_t) {
        return fields({{"name", a.name},
                       {"issuer", a.issuer},
                       {"has_issuer", !a.issuer.empty()},
                       {"year", a.year ? std::to_string(*a.year) : std::string()},
                       {"has_year", a.year.has_value()}});
    });
}

MustacheData teaching_groups(const Views& v) {
    const Content& c = v.content;
    std::vector<std::string> roles;  // in the order each first appears
    for (const auto& t : c.teaching)
        if (std::find(roles.begin(), roles.end(), t.role) == roles.end()) roles.push_back(t.role);
    MustacheData groups{MustacheData::type::list};
    for (std::size_t g = 0; g < roles.size(); ++g) {
        MustacheData rows{MustacheData::type::list};
        for (std::size_t i = 0; i < c.teaching.size(); ++i)
            if (const Teaching& t = c.teaching[i]; t.role == roles[g])
                append(rows, fields({{"lang", view_data::lang_data(v.lang_at("teaching", i))},
                                     {"course", t.course},
                                     {"title", t.title},
                                     {"term", t.term}}));
        MustacheData group = fields({{"id", g == 0 ? std::string("teaching") : "teaching-" + std::to_string(g + 1)},
                                     {"role", roles[g]},
                                     {"has_role", !roles[g].empty()}});
        put(group, "teaching", std::move(rows));
        append(groups, std::move(group));
    }
    return groups;
}

// Made for one catalogue: a template reload with new strings makes it again.
struct Views::HomeMemo {
    std::mutex mutex;
    std::uint64_t catalogue = 0;
    std::shared_ptr<const MustacheData> data;
};

std::shared_ptr<Views::HomeMemo> Views::new_home_memo() { return std::make_shared<HomeMemo>(); }

std::shared_ptr<const MustacheData> Views::home(const Catalogue& t) const {
    std::lock_guard lock(home_memo_->mutex);
    if (!home_memo_->data || home_memo_->catalogue != t.id()) {
        home_memo_->data = std::make_shared<const MustacheData>(home_data(*this, t));
        home_memo_->catalogue = t.id();
    }
    return home_memo_->data;
}

std::string Views::lang_of(std::string_view item, std::string_view key) const {
    if (locale.is_default()) return {};
    std::string id = std::string(item) + ":" + std::string(key);
    return content.translated.contains(id) ? std::string() : locale.default_code;
}

std::string Views::lang_at(std::string_view item, std::size_t index) const {
    if (locale.is_default()) return {};
    std::string id = std::string(item) + "#" + std::to_string(index);
    return content.translated.contains(id) ? std::string() : locale.default_code;
}

std::string Locale::path_in(const Language& other, std::string_view path) const {
    std::string_view rest = path.substr(std::min(prefix.size(), path.size()));
    bool other_default = !languages.empty() && languages.front().code == other.code;
    return (other_default ? std::string() : "/" + other.code) + std::string(rest);
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

Views build_views(Content c, std::string_view today, Locale locale) {
    Views v;
    v.locale = std::move(locale);
    v.today = today;
    split_posts(c, v);
    v.people = people_of(c);
    v.site_name = c.name;
    v.home_description = first_sentence(c.bio_markdown);
    for (std::size_t i = 0; i < c.posts.size(); ++i) v.post_index.emplace(c.posts[i].slug, i);
    for (std::size_t i = 0; i < c.publications.size(); ++i) v.publication_index.emplace(c.publications[i].slug, i);
    v.tag_index = posts_by_tag(c);
    v.content = std::move(c);
    v.pictures = view_data::pictures_of(v.content, v.locale.mount);  // views the names in v.content.files, which moves keep in place
    return v;
}

std::vector<Views> build_language_views(const Content& all, std::string_view today, std::string_view mount) {
    std::vector<Language> languages = site_languages(all);
    std::vector<Views> out;
    out.reserve(languages.size());
    for (std::size_t i = 0; i < languages.size(); ++i) {
        Locale locale;
        locale.code = languages[i].code;
        locale.default_code = languages.front().code;
        locale.prefix = i == 0 ? std::string() : "/" + languages[i].code;
        locale.not_found_page = "404" + locale.prefix;
        locale.mount = std::string(mount);
        locale.links = locale.mount + locale.prefix;
        locale.rtl = is_rtl(languages[i].code);
        locale.index = i;
        locale.languages = languages;
        out.push_back(build_views(i == 0 ? all : translated(all, languages[i].code), today, std::move(locale)));
    }
    return out;
}

}  // namespace vitae

#include "views.hpp"

#include <array>

#include "markdown.hpp"

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
    std::string body_html = post.body_format == "html" ? post.body : markdown_to_html(post.body);
    return object{{"slug", post.slug},
                  {"title", post.title},
                  {"url", "/blog/" + post.slug},
                  {"date", display_date(post.published)},
                  {"date_iso", post.published},
                  {"has_body", !post.body.empty()},
                  {"body_html", body_html}};
}

MustacheData publication_data(const Publication& p) {
    std::string venue_year = p.venue;
    if (p.year) venue_year += (venue_year.empty() ? "" : " ") + std::to_string(*p.year);
    auto authors = list_of(p.authors, [](const Author& a, std::size_t i, std::size_t n) {
        return object{{"name", a.name},
                      {"is_owner", a.is_owner},
                      {"equal_contribution", a.equal_contribution},
                      {"joiner", joiner(i, n)}};
    });
    auto awards = list_of(p.awards, [](const std::string& a, std::size_t, std::size_t) { return object{{"name", a}}; });
    return object{{"slug", p.slug},
                  {"kind", p.kind},
                  {"title", p.title},
                  {"venue", p.venue},
                  {"year", p.year ? std::to_string(*p.year) : std::string()},
                  {"venue_year", venue_year},
                  {"has_venue_year", !venue_year.empty()},
                  {"authors", authors},
                  {"links", list_of(p.links, link_data)},
                  {"has_links", !p.links.empty()},
                  {"awards", awards},
                  {"has_awards", !p.awards.empty()}};
}

MustacheData posts_data(const std::vector<Post>& posts) {
    return list_of(posts, [](const Post& p, std::size_t, std::size_t) { return post_data(p); });
}

void add_publications(const Content& c, MustacheData& home) {
    MustacheData papers{MustacheData::type::list};
    MustacheData preprints{MustacheData::type::list};
    bool equal_contribution = false;
    for (const auto& p : c.publications) {
        (p.kind == "preprint" ? preprints : papers).push_back(publication_data(p));
        for (const auto& a : p.authors) equal_contribution = equal_contribution || a.equal_contribution;
    }
    home.set("has_publications", !papers.is_empty_list());
    home.set("publications", papers);
    home.set("has_preprints", !preprints.is_empty_list());
    home.set("preprints", preprints);
    home.set("has_equal_contribution", equal_contribution);
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

MustacheData home_view(const Content& c) {
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
    home.set("has_posts", !c.posts.empty());
    home.set("posts", posts_data(c.posts));
    add_publications(c, home);
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

}  // namespace

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

Views build_views(const Content& c) {
    Views v;
    v.site_name = c.name;
    v.home_description = first_sentence(c.bio_markdown);
    v.home = home_view(c);
    v.blog = object{{"has_posts", !c.posts.empty()}, {"posts", posts_data(c.posts)}};
    for (const auto& post : c.posts) v.posts.emplace(post.slug, PostView{post.title, object{{"post", post_data(post)}}});
    v.not_found = object{};
    return v;
}

}  // namespace vitae

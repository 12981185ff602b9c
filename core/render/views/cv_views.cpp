// The CV page (/cv/): the profile's name, affiliation and contact,
// then education, experience, publications (all, by year, one compact line
// each), talks, teaching (by role), service and awards, each only when it has
// rows. /cv.pdf (cv_pdf.cpp) and /cv.json (cv_json.cpp) are made from the
// same rows; has_cv() in content.hpp says when any of the three exists.
#include "render/math/math.hpp"
#include "render/template/streamed_list.hpp"
#include "render/views/view_data.hpp"
#include "rules/link.hpp"

namespace vitae {

using view_data::append;
using view_data::fields;
using view_data::list_of;
using view_data::put;

namespace {

// One line of the CV's publication list: authors (the owner marked), title,
// venue and year, and the paper's page.
MustacheData cv_publication(const Publication& p, const Views& v, const Catalogue& t) {
    std::string venue = venue_year(p);
    std::string awards;
    for (const auto& a : p.awards) awards += (awards.empty() ? "" : "; ") + a;
    return fields({{"url", url_for(RouteKind::publication, {.prefix = v.locale.links, .slug = p.slug})},
                   {"awards", awards},
                   {"has_awards", !awards.empty()},
                   {"title_html", text_with_math_html(p.title)},
                   {"venue_year", venue},
                   {"has_venue_year", !venue.empty()},
                   {"authors", list_of(p.authors, [&t](const Author& a, std::size_t i, std::size_t n) {
                        return fields({{"name", a.name},
                                       {"is_owner", a.is_owner},
                                       {"equal_contribution", a.equal_contribution},
                                       {"joiner", t.joiner(i, n)}});
                    })}});
}

MustacheData cv_publications(const Views& v, const Catalogue& t) {
    MustacheData years{MustacheData::type::list};
    for (const auto& group : publication_list(v, t, std::nullopt).groups) {
        // Streamed, as on /publications/: at 3,000 papers the whole list's
        // data was ~35 MB at once in the process rendering /cv/.
        MustacheData g = fields({{"id", "cv-" + group.id}, {"heading", group.heading}});
        put(g, "pubs", streamed_list(group.pubs.size(), [pubs = group.pubs, &v, &t](std::size_t i) {
                return cv_publication(*pubs[i], v, t);
            }));
        append(years, std::move(g));
    }
    return years;
}

void add_profile(const Content& c, MustacheData& page) {
    put(page, "affiliation", c.affiliation);
    put(page, "has_affiliation", !c.affiliation.empty());
    put(page, "job_title", c.job_title);
    put(page, "has_job_title", !c.job_title.empty());
    put(page, "emails", list_of(c.emails, [](const Email& e, std::size_t i, std::size_t n) {
            return fields({{"address", e.address}, {"separator", i > 0 && n > 1}});
        }));
    put(page, "has_emails", !c.emails.empty());
    // Only links with a target: a CV is read on paper too, where the URL is the link.
    MustacheData links{MustacheData::type::list};
    for (const auto& l : c.links)
        if (is_web_link(l.url))
            append(links, fields({{"label", l.label}, {"url", l.url}}));
    put(page, "has_links", !links.is_empty_list());
    put(page, "links", std::move(links));
}

void add_rows(const Views& v, const Catalogue& t, MustacheData& page) {
    const Content& c = v.content;
    put(page, "has_education", !c.education.empty());
    put(page, "education", list_of(c.education, [](const Education& e, std::size_t, std::size_t) {
            return fields({{"years", std::to_string(e.start_year) + "–" + std::to_string(e.end_year)},
                           {"degree", e.degree},
                           {"has_degree", !e.degree.empty()},
                           {"institution", e.institution}});
        }));
    put(page, "has_experiences", !c.experiences.empty());
    put(page, "experiences", list_of(c.experiences, [&t](const Experience& e, std::size_t, std::size_t) {
            return fields({{"role", e.role},
                           {"organization", e.organization},
                           {"location", e.location},
                           {"has_location", !e.location.empty()},
                           {"start", t.date(e.start_month)},
                           {"end", t.date(e.end_month)},
                           {"has_end", !e.end_month.empty()}});
        }));
    put(page, "has_talks", !c.talks.empty());
    put(page, "talks", list_of(c.talks, [&t](const Talk& talk, std::size_t, std::size_t) {
            return fields({{"title", talk.title},
                           {"event", talk.event},
                           {"has_event", !talk.event.empty()},
                           {"place", talk.place},
                           {"has_place", !talk.place.empty()},
                           {"date", t.date(talk.date)},
                           {"date_iso", view_data::calendar_datum(talk.date)}});
        }));
    put(page, "has_teaching", !c.teaching.empty());
    put(page, "teaching_groups", teaching_groups(v));
    put(page, "has_services", !c.services.empty());
    put(page, "services", list_of(c.services, [](const Service& s, std::size_t, std::size_t) {
            return fields({{"role", s.role}, {"venue", s.venue}});
        }));
    put(page, "has_owner_awards", !c.awards.empty());
    put(page, "owner_awards", awards_data(c));
}

}  // namespace

MustacheData cv_page_data(const Views& v, const Catalogue& t) {
    const Content& c = v.content;
    MustacheData page = fields({{"name", v.site_name}});
    add_profile(c, page);
    add_rows(v, t, page);
    put(page, "has_publications", !c.publications.empty());
    put(page, "publication_years", cv_publications(v, t));
    return page;
}

}  // namespace vitae

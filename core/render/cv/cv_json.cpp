#include "render/cv/cv_json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "base/text.hpp"
#include "http/routes.hpp"
#include "rules/date.hpp"
#include "rules/link.hpp"

namespace vitae {

namespace {

using nlohmann::json;

// The schema's definitions/iso8601 (YYYY, YYYY-MM or YYYY-MM-DD, years
// 1000-2999), naming a real month or day (rules/date): not 2021-02-31.
bool is_iso8601(std::string_view s) {
    if (s.empty() || s[0] < '1' || s[0] > '2') return false;
    if (s.size() == 4) return std::all_of(s.begin(), s.end(), is_ascii_digit);
    return is_month(s) || is_date(s);
}

void put_date(json& into, const char* key, const std::string& date) {
    if (is_iso8601(date)) into[key] = date;
}

// A plain address only: an address written to fool harvesters ("a [at] b") stays off the file.
bool is_plain_email(std::string_view a) {
    auto at = a.find('@');
    return at != std::string_view::npos && at > 0 && a.find(' ') == std::string_view::npos &&
           a.find('.', at) != std::string_view::npos && a.find('@', at + 1) == std::string_view::npos;
}

json basics(const Content& c, std::string_view base_url) {
    json b = {{"name", c.name}, {"url", std::string(base_url) + "/"}};
    if (!c.job_title.empty()) b["label"] = c.job_title;
    for (const auto& e : c.emails)
        if (is_plain_email(e.address)) {
            b["email"] = e.address;
            break;
        }
    json profiles = json::array();
    for (const auto& l : c.links)
        if (is_web_link(l.url)) profiles.push_back({{"network", l.label}, {"url", l.url}});
    if (!profiles.empty()) b["profiles"] = std::move(profiles);
    return b;
}

std::string authors_line(const Publication& p) {
    std::string out;
    for (std::size_t i = 0; i < p.authors.size(); ++i) out += (i ? ", " : "") + p.authors[i].name;
    return out;
}

void add_sections(const Content& c, std::string_view base_url, json& r) {
    for (const auto& e : c.experiences) {
        json w = {{"name", e.organization}, {"position", e.role}};
        if (!e.location.empty()) w["location"] = e.location;
        put_date(w, "startDate", e.start_month);
        put_date(w, "endDate", e.end_month);
        r["work"].push_back(std::move(w));
    }
    for (const auto& e : c.education) {
        json d = {{"institution", e.institution}};
        if (!e.degree.empty()) d["studyType"] = e.degree;
        if (e.start_year > 0) put_date(d, "startDate", std::to_string(e.start_year));
        if (e.end_year > 0) put_date(d, "endDate", std::to_string(e.end_year));
        r["education"].push_back(std::move(d));
    }
    for (const auto& p : c.publications) {
        json j = {{"name", p.title}, {"url", url_for(RouteKind::publication, {.prefix = base_url, .slug = p.slug})}};
        if (!p.venue.empty()) j["publisher"] = p.venue;
        if (p.year) put_date(j, "releaseDate", std::to_string(*p.year));
        if (!p.authors.empty()) j["summary"] = authors_line(p);
        r["publications"].push_back(std::move(j));
    }
    for (const auto& a : c.awards) {
        json j = {{"title", a.name}};
        if (a.year) put_date(j, "date", std::to_string(*a.year));
        if (!a.issuer.empty()) j["awarder"] = a.issuer;
        r["awards"].push_back(std::move(j));
    }
    for (const auto& s : c.services) r["volunteer"].push_back({{"organization", s.venue}, {"position", s.role}});
    for (const auto& t : c.talks) {
        json j = {{"name", t.title}, {"type", "talk"}, {"roles", {"Speaker"}}};
        if (!t.event.empty()) j["entity"] = t.event;
        std::string where = t.event.empty() ? t.place : t.place.empty() ? t.event : t.event + ", " + t.place;
        if (!where.empty()) j["description"] = where;
        put_date(j, "startDate", t.date);
        for (const auto* url : {&t.url_event, &t.url_slides, &t.url_video})
            if (is_web_link(*url)) {
                j["url"] = *url;
                break;
            }
        r["projects"].push_back(std::move(j));
    }
    for (const auto& t : c.teaching) {
        json j = {{"name", t.course.empty() ? t.title : t.course + ": " + t.title}, {"type", "teaching"}};
        if (!t.role.empty()) j["roles"] = {t.role};
        if (!t.term.empty()) j["description"] = t.term;
        r["projects"].push_back(std::move(j));
    }
}

}  // namespace

std::string cv_json(const Views& v, std::string_view base_url) {
    json r = json::object();
    r["$schema"] = "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json";
    r["basics"] = basics(v.content, base_url);
    add_sections(v.content, base_url, r);
    r["meta"] = {{"canonical", url_for(RouteKind::cv_json, {.prefix = base_url})}, {"version", "v1.0.0"}};
    return r.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace vitae

#include "render/formats/structured_data.hpp"

#include "render/math/body_html.hpp"
#include "render/text/escape.hpp"
#include "render/text/page_text.hpp"
#include "rules/date.hpp"
#include "rules/link.hpp"
#include "store/model/publication_kind.hpp"

namespace vitae {

namespace {

// `[{"@type":type,"name":n}, ...]`
template <typename Range, typename Name>
std::string named_list(const Range& items, std::string_view type, Name&& name_of) {
    std::string out = "[";
    for (const auto& item : items) {
        if (out.size() > 1) out += ',';
        out += "{\"@type\":" + json_string(type) + ",\"name\":" + json_string(name_of(item)) + "}";
    }
    return out + "]";
}

}  // namespace

std::string person_json_ld(const Content& c, std::string_view base_url) {
    std::string out = "{\"@context\":\"https://schema.org\",\"@type\":\"Person\",\"name\":" + json_string(c.name);
    out += ",\"url\":" + json_string(std::string(base_url) + "/");
    std::string same_as;
    for (const auto& link : c.links)
        if (!link.url.empty()) same_as += (same_as.empty() ? "" : ",") + json_string(link.url);
    if (!same_as.empty()) out += ",\"sameAs\":[" + same_as + "]";
    if (!c.job_title.empty()) out += ",\"jobTitle\":" + json_string(c.job_title);
    if (!c.affiliation.empty())
        out += ",\"affiliation\":{\"@type\":\"Organization\",\"name\":" + json_string(c.affiliation) + "}";
    if (!c.education.empty())
        out += ",\"alumniOf\":" + named_list(c.education, "EducationalOrganization",
                                             [](const Education& e) { return e.institution; });
    return out + "}";
}

std::string article_json_ld(const Publication& p, std::string_view page_url) {
    std::string out = "{\"@context\":\"https://schema.org\",\"@type\":" + json_string(kind_row(p.kind).schema_type) +
                      ",\"headline\":" + json_string(p.title) + ",\"name\":" + json_string(p.title);
    out += ",\"url\":" + json_string(page_url);
    out += ",\"author\":" + named_list(p.authors, "Person", [](const Author& a) { return a.name; });
    if (p.year) out += ",\"datePublished\":" + json_string(std::to_string(*p.year));
    // A journal is a Periodical the article is part of; a conference is the
    // PublicationEvent it was published at.
    if (!p.venue.empty() && kind_row(p.kind).periodical)
        out += ",\"isPartOf\":{\"@type\":\"Periodical\",\"name\":" + json_string(p.venue) + "}";
    else if (!p.venue.empty())
        out += ",\"publication\":{\"@type\":\"PublicationEvent\",\"name\":" + json_string(p.venue) + "}";
    if (!p.abstract.empty()) out += ",\"abstract\":" + json_string(p.abstract);
    // The DOI and the arXiv id as identifiers, and the pages they resolve to as sameAs.
    std::string ids, same_as;
    auto add_id = [&](std::string_view property, const std::string& value, std::string url) {
        if (value.empty()) return;
        ids += std::string(ids.empty() ? "" : ",") + "{\"@type\":\"PropertyValue\",\"propertyID\":" +
               json_string(property) + ",\"value\":" + json_string(value) + "}";
        same_as += (same_as.empty() ? "" : ",") + json_string(url);
    };
    add_id("DOI", p.doi, "https://doi.org/" + p.doi);
    add_id("arXiv", p.arxiv, "https://arxiv.org/abs/" + p.arxiv);
    if (!ids.empty()) out += ",\"identifier\":[" + ids + "],\"sameAs\":[" + same_as + "]";
    if (!p.pages.empty()) out += ",\"pagination\":" + json_string(p.pages);
    if (!p.publisher.empty()) out += ",\"publisher\":{\"@type\":\"Organization\",\"name\":" + json_string(p.publisher) + "}";
    return out + "}";
}

std::vector<Signpost> signposts(const Publication& p, std::string_view page_url) {
    std::vector<Signpost> out;
    out.push_back({"cite-as", p.doi.empty() ? std::string(page_url) : "https://doi.org/" + p.doi, ""});
    out.push_back({"describedby", std::string(page_url) + ".bib", "application/x-bibtex"});
    out.push_back({"describedby", std::string(page_url) + ".json", "application/vnd.citationstyles.csl+json"});
    out.push_back({"describedby", std::string(page_url) + ".ris", "application/x-research-info-systems"});
    for (const auto& link : p.links)
        if (link.label == "PDF" && is_web_link(link.url)) {
            out.push_back({"item", link.url, "application/pdf"});
            break;
        }
    return out;
}

std::string link_header(const std::vector<Signpost>& signposts) {
    std::string out;
    for (const auto& s : signposts) {
        // A URL with a quote, a '>' or a control character cannot stand in a header value.
        if (s.href.find_first_of("<>\"\r\n") != std::string::npos) continue;
        if (!out.empty()) out += ", ";
        out += "<" + s.href + ">; rel=\"" + s.rel + "\"";
        if (!s.type.empty()) out += "; type=\"" + s.type + "\"";
    }
    return out;
}

std::string talks_json_ld(const Content& c, std::string_view base_url) {
    std::string out = "{\"@context\":\"https://schema.org\",\"@graph\":[";
    std::string performer = "{\"@type\":\"Person\",\"name\":" + json_string(c.name) + ",\"url\":" +
                            json_string(std::string(base_url) + "/") + "}";
    for (std::size_t i = 0; i < c.talks.size(); ++i) {
        const Talk& t = c.talks[i];
        if (i > 0) out += ',';
        out += "{\"@type\":\"Event\",\"name\":" + json_string(t.title);
        if (is_date(t.date)) out += ",\"startDate\":" + json_string(t.date);
        out += ",\"performer\":" + performer;
        if (!t.event.empty()) out += ",\"superEvent\":{\"@type\":\"Event\",\"name\":" + json_string(t.event) + "}";
        if (t.place == "Online" || t.place == "online" || t.place == "Virtual")
            out += ",\"eventAttendanceMode\":\"https://schema.org/OnlineEventAttendanceMode\","
                   "\"location\":{\"@type\":\"VirtualLocation\"" +
                   (is_web_link(t.url_event) ? ",\"url\":" + json_string(t.url_event) : std::string()) + "}";
        else if (!t.place.empty())
            out += ",\"location\":{\"@type\":\"Place\",\"name\":" + json_string(t.place) + "}";
        if (is_web_link(t.url_event))
            out += ",\"url\":" + json_string(t.url_event);
        out += "}";
    }
    return out + "]}";
}

std::string project_json_ld(const Project& p, const Content& c, std::string_view page_url, std::string_view image_url) {
    std::string out = "{\"@context\":\"https://schema.org\",\"@type\":\"ResearchProject\",\"name\":" + json_string(p.title);
    out += ",\"url\":" + json_string(page_url);
    // What the page shows of the summary, never its Markdown: search engines show this text.
    if (!p.summary.empty()) out += ",\"description\":" + json_string(body_text(p.summary, BodyFormat::markdown_math));
    if (!image_url.empty()) out += ",\"image\":" + json_string(image_url);
    out += ",\"member\":{\"@type\":\"Person\",\"name\":" + json_string(c.name) + "}";
    return out + "}";
}

}  // namespace vitae

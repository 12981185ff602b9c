// Crossref (https://api.crossref.org/swagger-ui): /works/<doi> completes a
// work that has a DOI: authors, venue, volume, issue, pages, publisher,
// is-referenced-by-count, and the other versions of it its relations name.
#include <nlohmann/json.hpp>

#include <algorithm>

#include "cli/sync/sources.hpp"
#include "rules/work_identity.hpp"
#include "rules/work_ids.hpp"

namespace vitae::cli::sync {

namespace {

using nlohmann::json;

// A string field, or the first of a list of them (Crossref's titles and containers are lists).
std::string first_text_of(const json& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end()) return "";
    if (it->is_string()) return it->get<std::string>();
    if (it->is_array() && !it->empty() && it->front().is_string()) return it->front().get<std::string>();
    return "";
}

PublicationKind crossref_kind(const std::string& type) {
    if (type == "journal-article") return PublicationKind::journal;
    if (type == "proceedings-article") return PublicationKind::conference;
    if (type == "posted-content") return PublicationKind::preprint;
    if (type == "book-chapter") return PublicationKind::chapter;
    if (type == "book" || type == "monograph" || type == "edited-book") return PublicationKind::book;
    if (type == "dissertation") return PublicationKind::thesis;
    if (type == "report") return PublicationKind::report;
    if (type == "dataset") return PublicationKind::dataset;
    if (type == "proceedings") return PublicationKind::proceedings;
    return PublicationKind::other;
}

std::optional<int> year_of(const json& m) {
    for (const char* key : {"published-print", "published-online", "issued", "published"}) {
        auto it = m.find(key);
        if (it == m.end() || !it->is_object()) continue;
        const auto& parts = (*it)["date-parts"];
        if (parts.is_array() && !parts.empty() && parts[0].is_array() && !parts[0].empty() && parts[0][0].is_number_integer())
            return parts[0][0].get<int>();
    }
    return std::nullopt;
}

std::string author_name(const json& a) {
    std::string given = first_text_of(a, "given"), family = first_text_of(a, "family");
    if (family.empty()) return first_text_of(a, "name");
    return given.empty() ? family : given + " " + family;
}

// Crossref's `relation` names other works; these five name another version
// of this same one (its preprint, its published version, an identical
// record). What it supplements (a data set), reviews, cites or is part of
// is another work.
constexpr std::string_view same_work_relations[] = {"is-preprint-of", "has-preprint", "is-version-of", "has-version",
                                                    "is-identical-to"};

void read_relations(const json& m, FetchedWork& work) {
    auto relation = m.find("relation");
    if (relation == m.end() || !relation->is_object()) return;
    std::string own = id_key(work.publication.doi);
    for (std::string_view name : same_work_relations) {
        auto list = relation->find(std::string(name));
        if (list == relation->end() || !list->is_array()) continue;
        for (const auto& related : *list) {
            std::string key = related.is_object() ? id_key(first_text_of(related, "id")) : std::string();
            if (key != own) add_version(work, std::move(key));
        }
    }
}

}  // namespace

FetchedWork crossref_work(const std::string& body, const std::string& today) {
    json answer = json::parse(body, nullptr, false);
    if (answer.is_discarded() || !answer.is_object() || !answer.contains("message") || !answer["message"].is_object())
        throw SyncError("crossref: the answer is not a work (no \"message\" object)");
    const json& m = answer["message"];
    FetchedWork work;
    work.service = "crossref";
    Publication& p = work.publication;
    p.doi = doi_key(first_text_of(m, "DOI"));
    p.title = first_text_of(m, "title");
    p.kind = crossref_kind(first_text_of(m, "type"));
    p.venue = first_text_of(m, "container-title");
    p.volume = first_text_of(m, "volume");
    p.number = first_text_of(m, "issue");
    p.pages = first_text_of(m, "page");
    if (auto dash = p.pages.find('-'); dash != std::string::npos) p.pages.replace(dash, 1, "\u2013");
    p.publisher = first_text_of(m, "publisher");
    p.year = year_of(m);
    if (auto a = m.find("author"); a != m.end() && a->is_array())
        for (const auto& author : *a)
            if (std::string name = author_name(author); !name.empty()) p.authors.push_back({name, false, false});
    if (auto n = m.find("is-referenced-by-count"); n != m.end() && n->is_number_integer())
        p.citations.push_back({"crossref", n->get<std::int64_t>(), today});
    read_relations(m, work);
    return work;
}

void complete_from_crossref(Fetch& fetch, FetchedWork& work) {
    std::string url = base_url(*source_named("crossref")) + "/works/" + percent_encode(work.publication.doi, "/");
    if (!fetch.mailto.empty()) url += "?mailto=" + percent_encode(fetch.mailto, "@");
    std::string body;
    try {
        body = fetch.http.get(url, "crossref " + work.publication.doi);
    } catch (const HttpStatusError& e) {
        if (e.status == 404) return;  // not a Crossref DOI (DataCite's, say): nothing to complete
        throw;
    }
    FetchedWork found = crossref_work(body, fetch.today);
    Publication& p = work.publication;
    const Publication& c = found.publication;
    fill_missing(p.title, c.title);
    fill_missing(p.venue, c.venue);
    fill_missing(p.volume, c.volume);
    fill_missing(p.number, c.number);
    fill_missing(p.pages, c.pages);
    fill_missing(p.publisher, c.publisher);
    if (!p.year) p.year = c.year;
    if (p.authors.empty()) p.authors = c.authors;
    for (const auto& count : c.citations) p.citations.push_back(count);
    for (const auto& key : found.versions)
        if (key != id_key(p.doi) && key != id_key(p.arxiv)) add_version(work, key);
}

}  // namespace vitae::cli::sync

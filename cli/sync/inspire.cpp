// INSPIRE-HEP (https://github.com/inspirehep/rest-api-doc): an author's
// works by a search, /literature?q=a <author>&fields=..., where the author is an
// INSPIRE identifier ("J.M.Maldacena.1") or an ORCID iD; pages of `size`
// hits (hits.hits, hits.total, links.next on all but the last). Each hit's
// metadata: titles, authors ("Last, First"), dois, arxiv_eprints,
// publication_info (journal, volume, issue, page or article id, year),
// abstracts, document_type, citation_count, control_number (the record id).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <string_view>

#include "cli/sync/sources.hpp"
#include "rules/work_identity.hpp"
#include "rules/work_ids.hpp"

namespace vitae::cli::sync {

namespace {

using nlohmann::json;

// A collaboration's paper lists thousands of authors, each with affiliations,
// and every record its references: 100 hits of only the fields read keep a
// page well under the client's 64 MiB cap (an ATLAS page: ~3,000 names each).
constexpr int inspire_page_size = 100;
constexpr int inspire_max_pages = 500;
constexpr std::string_view inspire_fields =
    "titles,authors.full_name,dois,arxiv_eprints,publication_info,abstracts,document_type,earliest_date,citation_count,control_number";

const json& field_of(const json& j, const char* key) {
    static const json null;
    if (!j.is_object()) return null;
    auto it = j.find(key);
    return it == j.end() ? null : *it;
}

std::string string_of(const json& j, const char* key) {
    const json& v = field_of(j, key);
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
    return "";
}

// The first element of a list, or null.
const json& first_of(const json& j, const char* key) {
    static const json null;
    const json& list = field_of(j, key);
    return list.is_array() && !list.empty() ? list.front() : null;
}

// "Maldacena, Juan Martin" -> "Juan Martin Maldacena".
std::string display_name(const std::string& full_name) {
    auto comma = full_name.find(", ");
    if (comma == std::string::npos) return full_name;
    return full_name.substr(comma + 2) + " " + full_name.substr(0, comma);
}

PublicationKind inspire_kind(const json& m, bool has_journal) {
    std::string type = first_of(m, "document_type").is_string() ? first_of(m, "document_type").get<std::string>() : "";
    if (type == "conference paper") return PublicationKind::conference;
    if (type == "book") return PublicationKind::book;
    if (type == "book chapter") return PublicationKind::chapter;
    if (type == "thesis") return PublicationKind::thesis;
    if (type == "proceedings") return PublicationKind::proceedings;
    if (type == "report") return PublicationKind::report;
    return has_journal ? PublicationKind::journal : PublicationKind::preprint;  // "article": published or not yet
}

void read_publication_info(const json& info, Publication& p) {
    p.venue = string_of(info, "journal_title");
    p.volume = string_of(info, "journal_volume");
    p.number = string_of(info, "journal_issue");
    std::string start = string_of(info, "page_start"), end = string_of(info, "page_end");
    p.pages = start.empty() ? string_of(info, "artid") : end.empty() || end == start ? start : start + "\u2013" + end;
    if (const json& year = field_of(info, "year"); year.is_number_integer()) p.year = year.get<int>();
}

std::optional<int> year_from_date(const std::string& date) {
    if (date.size() < 4) return std::nullopt;
    int year = static_cast<int>(std::strtol(date.substr(0, 4).c_str(), nullptr, 10));
    return year > 0 ? std::optional<int>(year) : std::nullopt;
}

// The record's DOIs and arXiv ids: the first of each is the work's, the
// others (a reprint's DOI, say) versions of it. An erratum's or an
// addendum's DOI names another text, not this one.
void read_ids(const json& m, FetchedWork& work) {
    Publication& p = work.publication;
    auto take = [&work](std::string& slot, std::string value, std::string key) {
        if (value.empty() || value == slot) return;
        if (slot.empty()) slot = std::move(value);
        else add_version(work, std::move(key));
    };
    if (const json& dois = field_of(m, "dois"); dois.is_array())
        for (const auto& doi : dois) {
            std::string material = string_of(doi, "material");
            if (material == "erratum" || material == "addendum") continue;
            take(p.doi, doi_key(string_of(doi, "value")), id_key(string_of(doi, "value")));
        }
    if (const json& eprints = field_of(m, "arxiv_eprints"); eprints.is_array())
        for (const auto& eprint : eprints)
            take(p.arxiv, arxiv_key(string_of(eprint, "value")), id_key("arxiv:" + string_of(eprint, "value")));
}

std::optional<FetchedWork> inspire_hit(const json& hit, const std::string& today) {
    const json& m = field_of(hit, "metadata");
    FetchedWork work;
    work.service = "inspire";
    Publication& p = work.publication;
    p.title = string_of(first_of(m, "titles"), "title");
    std::string recid = string_of(m, "control_number");
    if (p.title.empty() || recid.empty()) return std::nullopt;
    read_publication_info(first_of(m, "publication_info"), p);
    p.kind = inspire_kind(m, !p.venue.empty());
    if (!p.year) p.year = year_from_date(string_of(m, "earliest_date"));
    read_ids(m, work);
    p.abstract = string_of(first_of(m, "abstracts"), "value");
    if (const json& authors = field_of(m, "authors"); authors.is_array())
        for (const auto& a : authors)
            if (std::string name = string_of(a, "full_name"); !name.empty()) p.authors.push_back({display_name(name), false, false});
    if (const json& n = field_of(m, "citation_count"); n.is_number_integer())
        p.citations.push_back({"inspire", n.get<std::int64_t>(), today});
    work.ids.push_back({"inspire", recid});
    return work;
}

}  // namespace

std::vector<FetchedWork> inspire_page(const std::string& body, InspirePaging& paging, const std::string& today) {
    json page = json::parse(body, nullptr, false);
    const json& hits = field_of(field_of(page, "hits"), "hits");
    if (page.is_discarded() || !hits.is_array())
        throw SyncError("inspire: the answer is not a page of literature (no \"hits.hits\" list)");
    const json& total = field_of(field_of(page, "hits"), "total");
    if (total.is_number_integer()) paging.total = total.get<std::int64_t>();
    paging.has_next = !string_of(field_of(page, "links"), "next").empty();
    std::vector<FetchedWork> out;
    for (const auto& hit : hits)
        if (auto work = inspire_hit(hit, today)) out.push_back(std::move(*work));
    paging.seen += static_cast<std::int64_t>(hits.size());
    if (hits.empty() || paging.seen >= paging.total) paging.has_next = false;
    return out;
}

std::string inspire_query(const std::string& author) { return "a " + author; }

std::vector<FetchedWork> fetch_inspire(Fetch& fetch, const std::string& author) {
    std::string base = base_url(*source_named("inspire")) + "/literature?q=" + percent_encode(inspire_query(author)) +
                       "&size=" + std::to_string(inspire_page_size) + "&sort=mostrecent&fields=" + std::string(inspire_fields);
    std::vector<FetchedWork> out;
    InspirePaging paging;
    for (int page = 1; page == 1 || paging.has_next; ++page) {
        if (page > inspire_max_pages)
            throw SyncError("inspire: more than " + std::to_string(inspire_max_pages) + " pages of works for " + author + "; stopped");
        std::string body = fetch.http.get(base + "&page=" + std::to_string(page), "inspire literature page " + std::to_string(page),
                                          {"Accept: application/json"});
        auto works = inspire_page(body, paging, fetch.today);
        out.insert(out.end(), std::make_move_iterator(works.begin()), std::make_move_iterator(works.end()));
    }
    return out;
}

}  // namespace vitae::cli::sync

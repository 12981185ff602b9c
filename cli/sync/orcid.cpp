// ORCID public API v3.0 (https://info.orcid.org/documentation/api-tutorials/):
// /v3.0/<iD>/works answers work groups; a group is one work whatever its
// number of sources, described by its preferred summary (the highest
// display-index). Summaries carry no authors: the full records do, read in
// bulk by put-code (/v3.0/<iD>/works/<pc,pc,...>, at most 100 a request),
// and Crossref fills what is still missing for a work with a DOI.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

#include "base/text.hpp"
#include "cli/sync/sources.hpp"
#include "rules/work_identity.hpp"
#include "rules/work_ids.hpp"

namespace vitae::cli::sync {

namespace {

using nlohmann::json;

const json& at(const json& j, const char* key) {
    static const json null;
    if (!j.is_object()) return null;
    auto it = j.find(key);
    return it == j.end() ? null : *it;
}

std::string value_of(const json& j) {
    const json& v = at(j, "value");
    return v.is_string() ? v.get<std::string>() : std::string();
}

PublicationKind orcid_kind(const std::string& type) {
    if (type == "journal-article") return PublicationKind::journal;
    if (type == "conference-paper") return PublicationKind::conference;
    if (type == "preprint" || type == "working-paper") return PublicationKind::preprint;
    if (type == "book") return PublicationKind::book;
    if (type == "book-chapter") return PublicationKind::chapter;
    if (type == "dissertation-thesis" || type == "dissertation") return PublicationKind::thesis;
    if (type == "report") return PublicationKind::report;
    if (type == "data-set") return PublicationKind::dataset;
    if (type == "software") return PublicationKind::software;
    if (type == "patent") return PublicationKind::patent;
    return PublicationKind::other;
}

const json& preferred_summary(const json& summaries) {
    const json* best = &summaries.front();
    long best_index = -1;
    for (const auto& s : summaries) {
        const json& index = at(s, "display-index");
        long n = index.is_string() ? std::strtol(index.get<std::string>().c_str(), nullptr, 10) : 0;
        if (n > best_index) best = &s, best_index = n;
    }
    return *best;
}

// "self", "version-of", "part-of": v3.0 spells them so, v2.0 "SELF", "PART_OF".
std::string relationship_of(const json& id) {
    const json& r = at(id, "external-id-relationship");
    std::string out = r.is_string() ? ascii_lower(r.get<std::string>()) : "self";
    std::replace(out.begin(), out.end(), '_', '-');
    return out;
}

// The DOIs and arXiv ids of a group and its preferred summary: what is
// this work's ("self": every version ORCID grouped as one) and what it
// states is another version of it ("version-of"). "part-of" names what
// holds the work (a journal's ISSN, a book's DOI), not the work: left out.
struct OrcidId {
    bool doi;           // else an arXiv id
    std::string value;  // doi_key or arxiv_key
    bool operator==(const OrcidId&) const = default;
};
struct OrcidIds {
    std::vector<OrcidId> self, version_of;
};
void read_external_ids(const json& ids, OrcidIds& out) {
    const json& list = at(ids, "external-id");
    if (!list.is_array()) return;
    for (const auto& id : list) {
        const json& type = at(id, "external-id-type");
        const json& value = at(id, "external-id-value");
        if (!type.is_string() || !value.is_string() || (type != "doi" && type != "arxiv")) continue;
        std::string relationship = relationship_of(id);
        auto* into = relationship == "self" ? &out.self : relationship == "version-of" ? &out.version_of : nullptr;
        std::string text = value.get<std::string>();
        OrcidId read{.doi = type == "doi", .value = type == "doi" ? doi_key(text) : arxiv_key(text)};
        if (into && !read.value.empty() && std::find(into->begin(), into->end(), read) == into->end())
            into->push_back(std::move(read));
    }
}

// The work's own DOI and arXiv id: the first "self" ones, else the first a
// version-of names (the best DOI to show for it); every other one a version.
void take_ids(const OrcidIds& ids, FetchedWork& work) {
    Publication& p = work.publication;
    for (const auto* list : {&ids.self, &ids.version_of})
        for (const auto& id : *list) {
            std::string& slot = id.doi ? p.doi : p.arxiv;
            if (slot.empty()) slot = id.value;
            else if (slot != id.value) add_version(work, id_key(id.doi ? "doi:" + id.value : "arxiv:" + id.value));
        }
}

}  // namespace

std::vector<FetchedWork> orcid_works(const std::string& body) {
    json answer = json::parse(body, nullptr, false);
    if (answer.is_discarded() || !at(answer, "group").is_array())
        throw SyncError("orcid: the answer is not a list of works (no \"group\" list)");
    std::vector<FetchedWork> out;
    for (const auto& group : answer["group"]) {
        const json& summaries = at(group, "work-summary");
        if (!summaries.is_array() || summaries.empty()) continue;
        const json& s = preferred_summary(summaries);
        FetchedWork work;
        work.service = "orcid";
        Publication& p = work.publication;
        p.title = value_of(at(at(s, "title"), "title"));
        if (p.title.empty()) continue;
        std::string year = value_of(at(at(s, "publication-date"), "year"));
        if (!year.empty()) p.year = static_cast<int>(std::strtol(year.c_str(), nullptr, 10));
        p.venue = value_of(at(s, "journal-title"));
        const json& type = at(s, "type");
        p.kind = orcid_kind(type.is_string() ? type.get<std::string>() : "");
        OrcidIds ids;
        read_external_ids(at(group, "external-ids"), ids);
        read_external_ids(at(s, "external-ids"), ids);
        take_ids(ids, work);
        const json& code = at(s, "put-code");
        if (code.is_number_integer()) work.ids.push_back({"orcid", std::to_string(code.get<std::int64_t>())});
        if (!work.ids.empty()) out.push_back(std::move(work));
    }
    return out;
}

std::map<std::string, std::vector<Author>> orcid_record_authors(const std::string& body) {
    json answer = json::parse(body, nullptr, false);
    if (answer.is_discarded() || !at(answer, "bulk").is_array())
        throw SyncError("orcid: the answer is not a list of full works (no \"bulk\" list)");
    std::map<std::string, std::vector<Author>> out;
    for (const auto& item : answer["bulk"]) {
        const json& work = at(item, "work");  // an item may be {"error": ...} instead
        const json& code = at(work, "put-code");
        const json& list = at(at(work, "contributors"), "contributor");
        if (!code.is_number_integer() || !list.is_array()) continue;
        auto& authors = out[std::to_string(code.get<std::int64_t>())];
        for (const auto& c : list) {
            const json& role = at(at(c, "contributor-attributes"), "contributor-role");
            if (role.is_string() && role != "author") continue;  // an editor, a translator
            if (std::string name = value_of(at(c, "credit-name")); !name.empty()) authors.push_back({name, false, false});
        }
    }
    return out;
}

void complete_from_orcid_records(Fetch& fetch, const std::string& orcid, std::vector<FetchedWork>& works) {
    constexpr std::size_t per_request = 100;  // ORCID's bulk limit
    std::map<std::string, FetchedWork*> lacking;
    for (auto& w : works)
        if (w.publication.authors.empty())
            for (const auto& id : w.ids)
                if (id.service == "orcid") lacking[id.id] = &w;
    std::vector<std::string> codes;
    for (auto& w : works)  // in the answer's order, as a reader of the log expects
        for (const auto& id : w.ids)
            if (id.service == "orcid" && lacking.count(id.id)) codes.push_back(id.id);
    std::string base = base_url(*source_named("orcid")) + "/v3.0/" + percent_encode(orcid) + "/works/";
    for (std::size_t from = 0; from < codes.size(); from += per_request) {
        std::string list;
        for (std::size_t i = from; i < std::min(codes.size(), from + per_request); ++i) list += (list.empty() ? "" : ",") + codes[i];
        std::string body;
        try {
            body = fetch.http.get(base + list, "orcid full works of " + orcid, {"Accept: application/json"});
        } catch (const HttpStatusError& e) {
            if (e.status == 404) return;  // no full records there: Crossref may still complete them
            throw;
        }
        auto authors = orcid_record_authors(body);
        for (auto& [code, names] : authors)
            if (auto it = lacking.find(code); it != lacking.end()) it->second->publication.authors = std::move(names);
    }
}

std::vector<FetchedWork> fetch_orcid(Fetch& fetch, const std::string& orcid) {
    std::string url = base_url(*source_named("orcid")) + "/v3.0/" + percent_encode(orcid) + "/works";
    auto works = orcid_works(fetch.http.get(url, "orcid works of " + orcid, {"Accept: application/json"}));
    complete_from_orcid_records(fetch, orcid, works);
    return works;
}

}  // namespace vitae::cli::sync

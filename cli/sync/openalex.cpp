// OpenAlex (https://docs.openalex.org): an author's works by cursor paging;
// each work's ids, venue, biblio, abstract (rebuilt from the inverted
// index) and cited_by_count.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

#include "cli/sync/sources.hpp"
#include "rules/work_identity.hpp"
#include "rules/work_ids.hpp"

namespace vitae::cli::sync {

namespace {

using nlohmann::json;

std::string text_of(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

const json& object_at(const json& j, const char* key) {
    static const json empty = json::object();
    auto it = j.find(key);
    return it != j.end() && it->is_object() ? *it : empty;
}

std::string openalex_key(const std::string& url) {
    auto slash = url.rfind('/');
    return slash == std::string::npos ? url : url.substr(slash + 1);
}

PublicationKind openalex_kind(const json& work) {
    std::string type = text_of(work, "type");
    std::string source_type = text_of(object_at(object_at(work, "primary_location"), "source"), "type");
    if (type == "preprint" || type == "posted-content") return PublicationKind::preprint;
    if (source_type == "conference" || type == "proceedings-article") return PublicationKind::conference;
    if (type == "article" || type == "journal-article" || type == "review" || type == "letter")
        return PublicationKind::journal;
    if (type == "book") return PublicationKind::book;
    if (type == "book-chapter") return PublicationKind::chapter;
    if (type == "dissertation") return PublicationKind::thesis;
    if (type == "dataset") return PublicationKind::dataset;
    if (type == "report") return PublicationKind::report;
    return PublicationKind::other;
}

std::string abstract_of(const json& index) {
    if (!index.is_object()) return "";
    std::map<std::int64_t, std::string> words;
    for (const auto& [word, positions] : index.items())
        if (positions.is_array())
            for (const auto& at : positions)
                if (at.is_number_integer()) words[at.get<std::int64_t>()] = word;
    std::string out;
    for (const auto& [at, word] : words) {
        if (!out.empty()) out += ' ';
        out += word;
    }
    return out;
}

// The ids of a work's locations (its arXiv copy, a repository's copy with
// a DOI of its own), read from their doi.org and arxiv.org URLs: the first
// arXiv id is the work's, every other id a version of it, as OpenAlex says
// by listing them as one work.
void read_locations(const json& w, FetchedWork& work) {
    auto locations = w.find("locations");
    if (locations == w.end() || !locations->is_array()) return;
    Publication& p = work.publication;
    for (const auto& location : *locations)
        for (const char* field : {"landing_page_url", "pdf_url"}) {
            std::string key = id_key(text_of(location, field));
            if (key.starts_with("arxiv:") && p.arxiv.empty()) p.arxiv = key.substr(6);
            if (key != id_key(p.doi) && key != id_key(p.arxiv)) add_version(work, key);
        }
}

FetchedWork map_work(const json& w, const std::string& today) {
    FetchedWork work;
    work.service = "openalex";
    Publication& p = work.publication;
    p.title = text_of(w, "title");
    if (p.title.empty()) p.title = text_of(w, "display_name");
    if (auto y = w.find("publication_year"); y != w.end() && y->is_number_integer()) p.year = y->get<int>();
    p.kind = openalex_kind(w);
    p.doi = doi_key(text_of(w, "doi"));
    read_locations(w, work);
    const json& source = object_at(object_at(w, "primary_location"), "source");
    p.venue = text_of(source, "display_name");
    if (p.venue.empty()) p.venue = text_of(object_at(w, "host_venue"), "display_name");  // before 2023
    if (p.kind == PublicationKind::preprint && p.venue == "arXiv (Cornell University)") p.venue.clear();
    const json& biblio = object_at(w, "biblio");
    p.volume = text_of(biblio, "volume");
    p.number = text_of(biblio, "issue");
    std::string first = text_of(biblio, "first_page"), last = text_of(biblio, "last_page");
    p.pages = last.empty() || last == first ? first : first + "\u2013" + last;
    if (auto a = w.find("authorships"); a != w.end() && a->is_array())
        for (const auto& authorship : *a)
            if (std::string name = text_of(object_at(authorship, "author"), "display_name"); !name.empty())
                p.authors.push_back({name, false, false});
    if (auto index = w.find("abstract_inverted_index"); index != w.end()) p.abstract = abstract_of(*index);
    if (auto n = w.find("cited_by_count"); n != w.end() && n->is_number_integer())
        p.citations.push_back({"openalex", n->get<std::int64_t>(), today});
    if (std::string id = openalex_key(text_of(w, "id")); !id.empty()) work.ids.push_back({"openalex", id});
    return work;
}

}  // namespace

std::string abstract_from_inverted_index(const std::string& index_json) {
    return abstract_of(json::parse(index_json, nullptr, false));
}

OpenAlexPage openalex_page(const std::string& body, const std::string& today) {
    json page = json::parse(body, nullptr, false);
    if (page.is_discarded() || !page.is_object() || !page.contains("results") || !page["results"].is_array())
        throw SyncError("openalex: the answer is not a page of works (no \"results\" list)");
    OpenAlexPage out;
    out.next_cursor = text_of(object_at(page, "meta"), "next_cursor");
    for (const auto& w : page["results"])
        if (w.is_object()) {
            FetchedWork work = map_work(w, today);
            if (!work.publication.title.empty() && !work.ids.empty()) out.works.push_back(std::move(work));
        }
    if (page["results"].empty()) out.next_cursor.clear();
    return out;
}

std::vector<FetchedWork> fetch_openalex(Fetch& fetch, const std::string& author_id) {
    std::string base = base_url(*source_named("openalex")) + "/works?filter=author.id:" + percent_encode(author_id) +
                       "&per-page=200";
    if (!fetch.mailto.empty()) base += "&mailto=" + percent_encode(fetch.mailto, "@");
    if (!fetch.openalex_key.empty()) base += "&api_key=" + percent_encode(fetch.openalex_key);
    std::vector<FetchedWork> out;
    std::string cursor = "*";
    for (int page = 1; !cursor.empty(); ++page) {
        if (page > 500) throw SyncError("openalex: more than 500 pages of works for " + author_id + "; stopped");
        std::string body = fetch.http.get(base + "&cursor=" + percent_encode(cursor), "openalex works page " + std::to_string(page));
        auto [works, next_cursor] = openalex_page(body, fetch.today);
        out.insert(out.end(), std::make_move_iterator(works.begin()), std::make_move_iterator(works.end()));
        cursor = std::move(next_cursor);
    }
    return out;
}

}  // namespace vitae::cli::sync

// The services `vitae sync` reads, one row each (like Redis's config table):
// its name, the variable that sets its base URL, the public default, and
// what it does; then each one's reader. A reader appends the documented
// path to the base URL, pages as the service documents, and maps each
// record to a FetchedWork. The mappers are pure (tests run them on recorded
// answers); garbage is a SyncError naming the service.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/sync/http_client.hpp"
#include "cli/sync/work.hpp"

namespace vitae::cli::sync {

struct Source {
    std::string_view name;          // "openalex": the `vitae set sync` name and the --option
    std::string_view env;           // "VITAE_OPENALEX_API"
    std::string_view default_base;  // "https://api.openalex.org"
    bool lists_works;               // lists the owner's works (crossref only completes them)
    std::string_view paging;        // how it pages, for --help and the docs
};

std::span<const Source> sources();
const Source* source_named(std::string_view name);
std::string base_url(const Source& source);  // the variable when set, else the default; no trailing '/'

struct Fetch {
    HttpClient& http;
    std::string mailto;        // the site's contact: Crossref's and OpenAlex's polite pools
    std::string openalex_key;  // VITAE_OPENALEX_API_KEY, sent when set
    std::string today;         // YYYY-MM-DD, stamped on citation counts
};

// OpenAlex: /works?filter=author.id:<id>&per-page=200&cursor=<c>, until no next cursor.
std::vector<FetchedWork> fetch_openalex(Fetch& fetch, const std::string& author_id);
// One page: its works, and the next cursor ("" on the last page).
struct OpenAlexPage {
    std::vector<FetchedWork> works;
    std::string next_cursor;
};
OpenAlexPage openalex_page(const std::string& body, const std::string& today);
// The abstract from OpenAlex's abstract_inverted_index ({"word": [positions]}).
std::string abstract_from_inverted_index(const std::string& index_json);

// ORCID: /v3.0/<iD>/works; a group is one work whatever its number of sources.
std::vector<FetchedWork> fetch_orcid(Fetch& fetch, const std::string& orcid);
std::vector<FetchedWork> orcid_works(const std::string& body);

// ORCID's full records, /v3.0/<iD>/works/<put-code,...> (at most 100 a
// request): their contributors become the authors of the works that lack them.
void complete_from_orcid_records(Fetch& fetch, const std::string& orcid, std::vector<FetchedWork>& works);
// The authors in a bulk answer, by put-code.
std::map<std::string, std::vector<Author>> orcid_record_authors(const std::string& body);

// DBLP: /pid/<pid>.xml, the person file; each record's key is its id.
std::vector<FetchedWork> fetch_dblp(Fetch& fetch, const std::string& pid);
std::vector<FetchedWork> dblp_person_works(const std::string& body);

// INSPIRE: /literature?q=a <author>&size=100&sort=mostrecent&fields=...&page=N, while
// links.next is given and fewer than hits.total were seen.
struct InspirePaging {
    std::int64_t total = 0;
    std::int64_t seen = 0;
    bool has_next = false;
};
std::vector<FetchedWork> fetch_inspire(Fetch& fetch, const std::string& author);
std::vector<FetchedWork> inspire_page(const std::string& body, InspirePaging& paging, const std::string& today);
std::string inspire_query(const std::string& author);  // "a J.M.Maldacena.1"

// Crossref: /works/<doi>, completing `work` (its empty fields; its citation count).
void complete_from_crossref(Fetch& fetch, FetchedWork& work);
FetchedWork crossref_work(const std::string& body, const std::string& today);

}  // namespace vitae::cli::sync

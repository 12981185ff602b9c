// A work a sync found upstream, and its way into the site: added at once
// (`vitae sync --accept`) or from the review list, by `vitae sync --accept`
// or the editor's review page, one work at a time. The parts go through
// their tables' writers (publications.hpp, publication_sync.hpp), inside
// the caller's transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "store/model/content.hpp"
#include "store/rows/sync_rows.hpp"

namespace vitae {

struct FetchedWork {
    Publication publication;      // citations' `counted` is filled by the merge (the day of the sync)
    std::vector<ExternalId> ids;  // its ids at the services that listed it
    std::string service;          // the service that listed it first
    // Other versions of this same work as the services state them (ORCID's
    // version-of, Crossref's has-preprint...): id keys (rules/work_identity's id_key).
    std::vector<std::string> versions{};
};

// The JSON a work waits in the review list as (sync_review.work), and back.
std::string work_to_json(const FetchedWork& work);
FetchedWork work_from_json(const std::string& json);  // throws Error on a malformed one

// Adds the work as a new publication with a slug not in `taken` (then in
// it), its ids and its citation counts (counted `day` when it has none).
std::int64_t add_fetched_work(const Db& db, FetchedWork work, std::set<std::string>& taken, const std::string& day);

// Adds the review list's `item` (as add_fetched_work) and takes it off the
// list: the new publication's id. Throws Error, writing nothing, when the
// stored work is not valid JSON.
std::int64_t accept_review_item(const Db& db, const ReviewItem& item, std::set<std::string>& taken, const std::string& day);

}  // namespace vitae

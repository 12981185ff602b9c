// A work as a service answered it, mapped to the site's model: the readers
// (sources.hpp) make them, the merge (merge.hpp) folds them into the site.
#pragma once

#include <string>
#include <vector>

#include "store/model/content.hpp"
#include "store/rows/sync_rows.hpp"

namespace vitae::cli::sync {

struct FetchedWork {
    Publication publication;  // citations' `counted` is filled by the merge (the day of the sync)
    std::vector<ExternalId> ids;  // its ids at the services that listed it
    std::string service;          // the service that listed it first
};

// The JSON a work waits in the review list as (sync_review.work), and back.
std::string work_to_json(const FetchedWork& work);
FetchedWork work_from_json(const std::string& json);  // throws Error on a malformed one

// Fills what `into` lacks from `from` (a work completed from another source).
inline void fill_missing(std::string& into, const std::string& from) {
    if (into.empty()) into = from;
}

}  // namespace vitae::cli::sync

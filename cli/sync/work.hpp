// A work as a service answered it, mapped to the site's model
// (store/write/synced_work.hpp): the readers (sources.hpp) make them, the
// merge (merge.hpp) folds them into the site.
#pragma once

#include <algorithm>
#include <string>

#include "store/write/synced_work.hpp"

namespace vitae::cli::sync {

// Fills what `into` lacks from `from` (a work completed from another source).
inline void fill_missing(std::string& into, const std::string& from) {
    if (into.empty()) into = from;
}

// Notes `key` (an id key: rules/work_identity's id_key) as another version
// of `work` that its service states, once; an empty key is none.
inline void add_version(FetchedWork& work, std::string key) {
    if (!key.empty() && std::find(work.versions.begin(), work.versions.end(), key) == work.versions.end())
        work.versions.push_back(std::move(key));
}

}  // namespace vitae::cli::sync

// A work as a service answered it, mapped to the site's model
// (store/write/synced_work.hpp): the readers (sources.hpp) make them, the
// merge (merge.hpp) folds them into the site.
#pragma once

#include <string>

#include "store/write/synced_work.hpp"

namespace vitae::cli::sync {

// Fills what `into` lacks from `from` (a work completed from another source).
inline void fill_missing(std::string& into, const std::string& from) {
    if (into.empty()) into = from;
}

}  // namespace vitae::cli::sync

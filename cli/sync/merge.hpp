// The merge: works fetched from the services against the site's entries.
// Pure functions (no database, no network), so the rules are unit-tested.
//
// A work is the site's entry when they share an id at a service, else when
// the work-identity rule (rules/work_identity) calls them one: a shared DOI
// or arXiv id (or one a service states is another version of it), else,
// when their DOIs and arXiv ids do not differ, the title and the year (one
// apart when one of them is a preprint: a preprint and its published
// version are one entry with both ids). Works with different DOIs are
// different works, whatever their titles. A matched entry gains the work's
// ids and citation counts, and its
// fields are filled or refreshed only where the owner has not written:
// a field that is empty, or that still holds what a sync last wrote into it.
// A work matched by nothing is new. An entry whose id at a service that
// answered in full is not among that service's works has gone upstream: it
// is reported, never deleted.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cli/sync/work.hpp"

namespace vitae::cli::sync {

// Works that are one work (by the rules above) become one, with every id;
// where one is a preprint and the other not, the published one's kind,
// venue and year win, and each fills what the other lacks.
std::vector<FetchedWork> fold_works(std::vector<FetchedWork> works);

struct EntryUpdate {
    std::size_t entry = 0;             // index into the site's entries
    Publication publication;           // the entry as it will be
    bool publication_changed = false;  // its row or child rows differ
    std::vector<std::string> fields;   // the fields that changed, for the report
    std::vector<ExternalId> new_ids;
    std::vector<std::pair<std::string, SyncedField>> synced;  // what this sync writes, by field
    std::vector<CitationCount> citations;                     // new or changed counts
};

struct Gone {
    std::size_t entry = 0;
    ExternalId id;
};

struct MergePlan {
    std::vector<EntryUpdate> updates;  // only entries that change
    std::size_t matched = 0;           // works that were the site's already
    std::vector<FetchedWork> new_works;
    std::vector<Gone> gone;
};

// `complete`: the services whose whole list of works answered.
MergePlan plan_merge(const std::vector<SyncedPublication>& site, std::vector<FetchedWork> fetched,
                     const std::set<std::string>& complete, const std::string& today);

}  // namespace vitae::cli::sync

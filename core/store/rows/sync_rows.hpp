// What `vitae sync` remembers, read: the settings (the owner's
// ids at each service, the contact), each publication's ids at the services
// and the values a sync last wrote, the works waiting for review. Written
// by store/write/publication_sync.hpp.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

struct ExternalId {
    std::string service;  // "orcid", "openalex", "dblp", "inspire", "crossref"
    std::string id;       // a put-code, 'W2741809807', a DBLP key, a recid

    bool operator==(const ExternalId&) const = default;
    auto operator<=>(const ExternalId&) const = default;
};

// A field's value as a sync last wrote it: while the field still holds it,
// the next sync may change it; once the owner changes it, never.
struct SyncedField {
    std::string service;
    std::string value;
};

// A site's publication as the merge sees it.
struct SyncedPublication {
    std::int64_t id = 0;
    Publication publication;
    std::vector<ExternalId> ids;
    std::map<std::string, SyncedField, std::less<>> synced;  // by field name
};

// A work found upstream, not yet accepted: listed by `vitae sync --review`
// and the editor's review page, shown nowhere.
struct ReviewItem {
    ExternalId key;
    std::string title;
    std::optional<int> year;
    std::string work;   // the work as JSON (cli/sync's format)
    std::string found;  // YYYY-MM-DD

    bool operator==(const ReviewItem&) const = default;
};

std::map<std::string, std::string, std::less<>> sync_settings(const Db& db);
// Every publication, in the owner's order, with its ids and synced fields.
std::vector<SyncedPublication> synced_publications(const Db& db);
std::vector<ReviewItem> review_items(const Db& db);
std::optional<ReviewItem> review_item(const Db& db, const ExternalId& key);
std::size_t review_count(const Db& db);

}  // namespace vitae

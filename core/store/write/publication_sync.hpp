// The writers of `vitae sync`'s tables: sync_setting,
// publication_external_id, publication_synced_field, citation_count,
// sync_review. The publications themselves go through publications.hpp.
// Inside the caller's transaction; each writes only when the row changes,
// so a sync that finds nothing new changes no row.
#pragma once

#include <cstdint>
#include <string_view>

#include "store/rows/sync_rows.hpp"

namespace vitae {

// "" removes the setting.
void set_sync_setting(const Db& db, std::string_view name, std::string_view value);
// Nothing when the service's id is already there (on this or another publication).
void add_external_id(const Db& db, std::int64_t publication_id, const ExternalId& id);
void set_synced_field(const Db& db, std::int64_t publication_id, std::string_view field, const SyncedField& value);
// Inserts or replaces the service's count.
void set_citation_count(const Db& db, std::int64_t publication_id, const CitationCount& count);
void put_review_item(const Db& db, const ReviewItem& item);
void remove_review_item(const Db& db, const ExternalId& key);

}  // namespace vitae

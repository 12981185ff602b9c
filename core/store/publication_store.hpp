// Publications in a read-write database: find one by slug with its authors,
// links and awards; add one at the end of the list; replace one in place.
// Prepared statements only; the caller holds the transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "db.hpp"
#include "content.hpp"

namespace vitae {

struct StoredPublication {
    std::int64_t id = 0;
    Publication publication;
};

// The profile's name, or empty when the profile row is missing.
std::string owner_name(const Db& db);
std::optional<StoredPublication> find_publication(const Db& db, std::string_view slug);
// Appended after the last one (position max + 1).
void insert_publication(const Db& db, const Publication& publication);
// Keeps id, slug and position; authors, links and awards are replaced.
void update_publication(const Db& db, std::int64_t id, const Publication& publication);

}  // namespace vitae

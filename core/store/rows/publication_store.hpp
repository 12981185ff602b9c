// Publications in a database: find one by slug or id with its child rows.
// Writing them is store/write/publications.hpp's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

struct StoredPublication {
    std::int64_t id = 0;
    Publication publication;
};

// The profile's name (empty when the profile row is missing) and its variants.
OwnerNames owner_names(const Db& db);
std::optional<StoredPublication> find_publication(const Db& db, std::string_view slug);
// The publication with this id and its child rows, as stored (owner flags as written).
std::optional<Publication> read_publication(const Db& db, std::int64_t id);
// Every publication's own row (without its authors, links and other child
// rows), in the owner's order: what an import that adds only what is not
// there yet asks the work-identity rule about.
std::vector<StoredPublication> publication_rows(const Db& db);
// Every slug, in the owner's order.
std::vector<std::string> publication_slugs(const Db& db);

}  // namespace vitae

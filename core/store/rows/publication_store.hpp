// Publications in a database: find one by slug or id with its child rows.
// Writing them is store/write/publications.hpp's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store/model/content.hpp"
#include "store/rows/publication_rows.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

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
// The id of the publication with this slug.
std::optional<std::int64_t> publication_id(const Db& db, std::string_view slug);
// The first, in the owner's order, whose slug or BibTeX key is `name`, or
// whose slug is slug_from(name): how a site's pages name a paper they relate to.
std::optional<std::int64_t> publication_id_named(const Db& db, std::string_view name);
// (slug, value) of each publication's kept BibTeX field `field`, in the owner's order.
std::vector<std::pair<std::string, std::string>> publication_field_values(const Db& db, std::string_view field);

}  // namespace vitae

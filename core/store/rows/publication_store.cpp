#include "store/rows/publication_store.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/model/slug.hpp"
#include "store/rows/publication_rows.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

namespace {

// Each child table's rows for one publication.
void read_children(const Db& db, std::int64_t id, Publication& p) {
    auto authors = db.prepare(
        "SELECT name, is_owner, equal_contribution FROM publication_author WHERE publication_id = ? ORDER BY position");
    authors.bind(1, id);
    while (authors.step()) p.authors.push_back({authors.text_at(0), authors.int_at(1) != 0, authors.int_at(2) != 0});

    auto links = db.prepare("SELECT label, url FROM publication_link WHERE publication_id = ? ORDER BY position");
    links.bind(1, id);
    while (links.step()) p.links.push_back({links.text_at(0), links.text_at(1)});

    auto awards = db.prepare("SELECT name FROM publication_award WHERE publication_id = ? ORDER BY position");
    awards.bind(1, id);
    while (awards.step()) p.awards.push_back(awards.text_at(0));

    auto fields = db.prepare("SELECT name, value FROM publication_field WHERE publication_id = ? ORDER BY position");
    fields.bind(1, id);
    while (fields.step()) p.fields.push_back({fields.text_at(0), fields.text_at(1)});

    auto citations = db.prepare(
        "SELECT service, count, counted FROM citation_count WHERE publication_id = ? ORDER BY count DESC, service");
    citations.bind(1, id);
    while (citations.step()) p.citations.push_back({citations.text_at(0), citations.int_at(1), citations.text_at(2)});
}

}  // namespace

OwnerNames owner_names(const Db& db) {
    auto stmt = db.prepare("SELECT name FROM profile WHERE id = 1");
    OwnerNames owner(stmt.step() ? stmt.text_at(0) : std::string());
    auto variants = db.prepare("SELECT name FROM profile_name_variant ORDER BY position");
    while (variants.step()) owner.variants.push_back(variants.text_at(0));
    return owner;
}

std::optional<StoredPublication> find_publication(const Db& db, std::string_view slug) {
    auto stmt = db.prepare("SELECT " + publication_columns() + " FROM publication WHERE slug = ?");
    stmt.bind(1, slug);
    if (!stmt.step()) return std::nullopt;
    StoredPublication found = read_publication_row(stmt, db);
    read_children(db, found.id, found.publication);
    return found;
}

std::optional<Publication> read_publication(const Db& db, std::int64_t id) {
    auto stmt = db.prepare("SELECT " + publication_columns() + " FROM publication WHERE id = ?");
    stmt.bind(1, id);
    if (!stmt.step()) return std::nullopt;
    Publication p = read_publication_row(stmt, db).publication;
    read_children(db, id, p);
    return p;
}

std::vector<StoredPublication> publication_rows(const Db& db) {
    std::vector<StoredPublication> out;
    auto stmt = db.prepare("SELECT " + publication_columns() + " FROM publication ORDER BY position");
    while (stmt.step()) {
        out.push_back(read_publication_row(stmt, db));
    }
    return out;
}

std::vector<std::string> publication_slugs(const Db& db) {
    std::vector<std::string> slugs;
    auto stmt = db.prepare("SELECT slug FROM publication ORDER BY position");
    while (stmt.step()) slugs.push_back(stmt.text_at(0));
    return slugs;
}

std::optional<std::int64_t> publication_id(const Db& db, std::string_view slug) {
    auto stmt = db.prepare("SELECT id FROM publication WHERE slug = ?");
    stmt.bind(1, slug);
    if (!stmt.step()) return std::nullopt;
    return stmt.int_at(0);
}

std::optional<std::int64_t> publication_id_named(const Db& db, std::string_view name) {
    auto find = db.prepare("SELECT id FROM publication WHERE slug = ? OR bibtex_key = ? OR slug = ? ORDER BY position LIMIT 1");
    find.bind(1, name);
    find.bind(2, name);
    find.bind(3, slug_from(name));
    if (!find.step()) return std::nullopt;
    return find.int_at(0);
}

std::vector<std::pair<std::string, std::string>> publication_field_values(const Db& db, std::string_view field) {
    auto fields = db.prepare("SELECT p.slug, f.value FROM publication_field f JOIN publication p ON p.id = f.publication_id "
                             "WHERE f.name = ? ORDER BY p.position");
    fields.bind(1, field);
    std::vector<std::pair<std::string, std::string>> out;
    while (fields.step()) out.emplace_back(fields.text_at(0), fields.text_at(1));
    return out;
}

}  // namespace vitae

#include "store/rows/publication_store.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/rows/publication_rows.hpp"

namespace vitae {

namespace {

// Each child table: how to read its rows for one publication, and how to write one.
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
}

// Replaces one child table's rows: `bind_row` binds the values after
// (publication_id, position) for item i.
template <typename Item, typename BindRow>
void write_rows(const Db& db, std::int64_t id, const char* table, const char* columns, int count,
                const std::vector<Item>& items, BindRow bind_row) {
    auto del = db.prepare(std::string("DELETE FROM ") + table + " WHERE publication_id = ?");
    del.bind(1, id);
    del.step();
    std::string marks = "?, ?";
    for (int i = 0; i < count; ++i) marks += ", ?";
    auto insert = db.prepare(std::string("INSERT INTO ") + table + " (publication_id, position, " + columns +
                             ") VALUES (" + marks + ")");
    for (std::size_t i = 0; i < items.size(); ++i) {
        insert.reset();
        insert.bind(1, id);
        insert.bind(2, static_cast<std::int64_t>(i + 1));
        bind_row(insert, items[i]);
        insert.step();
    }
}

void write_children(const Db& db, std::int64_t id, const Publication& p) {
    write_rows(db, id, "publication_author", "name, is_owner, equal_contribution", 3, p.authors,
               [](Stmt& s, const Author& a) {
                   s.bind(3, a.name);
                   s.bind(4, std::int64_t{a.is_owner});
                   s.bind(5, std::int64_t{a.equal_contribution});
               });
    write_rows(db, id, "publication_link", "label, url", 2, p.links, [](Stmt& s, const Link& l) {
        s.bind(3, l.label);
        s.bind(4, l.url);
    });
    write_rows(db, id, "publication_award", "name", 1, p.awards, [](Stmt& s, const std::string& a) { s.bind(3, a); });
    write_rows(db, id, "publication_field", "name, value", 2, p.fields, [](Stmt& s, const Field& f) {
        s.bind(3, f.name);
        s.bind(4, f.value);
    });
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
    StoredPublication found;
    found.id = read_publication_row(stmt, db, found.publication);
    read_children(db, found.id, found.publication);
    return found;
}

std::optional<Publication> read_publication(const Db& db, std::int64_t id) {
    auto stmt = db.prepare("SELECT " + publication_columns() + " FROM publication WHERE id = ?");
    stmt.bind(1, id);
    if (!stmt.step()) return std::nullopt;
    Publication p;
    read_publication_row(stmt, db, p);
    read_children(db, id, p);
    return p;
}

std::vector<std::string> publication_slugs(const Db& db) {
    std::vector<std::string> slugs;
    auto stmt = db.prepare("SELECT slug FROM publication ORDER BY position");
    while (stmt.step()) slugs.push_back(stmt.text_at(0));
    return slugs;
}

void insert_publication(const Db& db, const Publication& p) {
    auto insert = db.prepare(publication_insert_sql());
    bind_publication_values(insert, p);
    insert.bind(publication_value_count() + 1, p.slug);
    if (!insert.step()) throw Error("insert publication " + p.slug + ": no id returned");
    std::int64_t id = insert.int_at(0);
    insert.step();  // finish the statement before the child rows
    write_children(db, id, p);
}

void update_publication(const Db& db, std::int64_t id, const Publication& p) {
    auto update = db.prepare(publication_update_sql());
    bind_publication_values(update, p);
    update.bind(publication_value_count() + 1, id);
    update.step();
    write_children(db, id, p);
}

void delete_publication(const Db& db, std::int64_t id) {
    auto del = db.prepare("DELETE FROM publication WHERE id = ?");  // child rows go by ON DELETE CASCADE
    del.bind(1, id);
    del.step();
}

}  // namespace vitae

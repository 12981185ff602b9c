#include "publication_store.hpp"

#include "error.hpp"
#include "log.hpp"

namespace vitae {

namespace {

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
}

void write_children(const Db& db, std::int64_t id, const Publication& p) {
    for (const char* table : {"DELETE FROM publication_author WHERE publication_id = ?",
                              "DELETE FROM publication_link WHERE publication_id = ?",
                              "DELETE FROM publication_award WHERE publication_id = ?"}) {
        auto del = db.prepare(table);
        del.bind(1, id);
        del.step();
    }
    auto author = db.prepare(
        "INSERT INTO publication_author (publication_id, position, name, is_owner, equal_contribution) "
        "VALUES (?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < p.authors.size(); ++i) {
        author.reset();
        author.bind(1, id);
        author.bind(2, static_cast<std::int64_t>(i + 1));
        author.bind(3, p.authors[i].name);
        author.bind(4, std::int64_t{p.authors[i].is_owner});
        author.bind(5, std::int64_t{p.authors[i].equal_contribution});
        author.step();
    }
    auto link = db.prepare("INSERT INTO publication_link (publication_id, position, label, url) VALUES (?, ?, ?, ?)");
    for (std::size_t i = 0; i < p.links.size(); ++i) {
        link.reset();
        link.bind(1, id);
        link.bind(2, static_cast<std::int64_t>(i + 1));
        link.bind(3, p.links[i].label);
        link.bind(4, p.links[i].url);
        link.step();
    }
    auto award = db.prepare("INSERT INTO publication_award (publication_id, position, name) VALUES (?, ?, ?)");
    for (std::size_t i = 0; i < p.awards.size(); ++i) {
        award.reset();
        award.bind(1, id);
        award.bind(2, static_cast<std::int64_t>(i + 1));
        award.bind(3, p.awards[i]);
        award.step();
    }
}

// Binds kind, title, venue, year, abstract to ?1..?5 of an INSERT or UPDATE.
void bind_fields(Stmt& s, const Publication& p) {
    s.bind(1, kind_row(p.kind).name);
    s.bind(2, p.title);
    s.bind(3, p.venue);
    s.bind(4, p.year);
    s.bind(5, p.abstract);
}

}  // namespace

std::string owner_name(const Db& db) {
    auto stmt = db.prepare("SELECT name FROM profile WHERE id = 1");
    return stmt.step() ? stmt.text_at(0) : std::string();
}

std::optional<StoredPublication> find_publication(const Db& db, std::string_view slug) {
    auto stmt = db.prepare("SELECT id, slug, kind, title, venue, year, abstract FROM publication WHERE slug = ?");
    stmt.bind(1, slug);
    if (!stmt.step()) return std::nullopt;
    StoredPublication found;
    found.id = stmt.int_at(0);
    Publication& p = found.publication;
    p.slug = stmt.text_at(1);
    auto kind = kind_named(stmt.text_at(2));
    if (!kind) throw Error("read " + in_quotes(db.path()) + ": publication " + in_quotes(slug) + " has an unknown kind");
    p.kind = *kind;
    p.title = stmt.text_at(3);
    p.venue = stmt.text_at(4);
    if (auto year = stmt.optional_int_at(5)) p.year = static_cast<int>(*year);
    p.abstract = stmt.text_at(6);
    read_children(db, found.id, p);
    return found;
}

void insert_publication(const Db& db, const Publication& p) {
    auto insert = db.prepare(
        "INSERT INTO publication (kind, title, venue, year, abstract, slug, position) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, (SELECT coalesce(max(position), 0) + 1 FROM publication)) RETURNING id");
    bind_fields(insert, p);
    insert.bind(6, p.slug);
    if (!insert.step()) throw Error("insert publication " + p.slug + ": no id returned");
    std::int64_t id = insert.int_at(0);
    insert.step();  // finish the statement before the child rows
    write_children(db, id, p);
}

void update_publication(const Db& db, std::int64_t id, const Publication& p) {
    auto update =
        db.prepare("UPDATE publication SET kind = ?1, title = ?2, venue = ?3, year = ?4, abstract = ?5 WHERE id = ?6");
    bind_fields(update, p);
    update.bind(6, id);
    update.step();
    write_children(db, id, p);
}

}  // namespace vitae

#include "store/write/publications.hpp"

#include <string>

#include "base/error.hpp"
#include "base/log.hpp"
#include "rules/link.hpp"
#include "store/rows/publication_rows.hpp"
#include "store/sql/sql_text.hpp"
#include "store/write/position.hpp"

namespace vitae {

namespace {

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

// Before any row is written: a refused link leaves the publication as it was.
void require_links(const Publication& p) {
    for (const auto& l : p.links) require_link(l.url, "publication " + p.slug + " link " + in_quotes(l.label));
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

std::int64_t insert_publication(const Db& db, const Publication& p) {
    require_links(p);
    int n = publication_value_count();
    static const std::string sql = "INSERT INTO publication (" + publication_value_names() + ", slug, position) VALUES (" +
                                   publication_value_marks() + ", ?" + std::to_string(n + 1) + ", ?" +
                                   std::to_string(n + 2) + ") RETURNING id";
    auto insert = db.prepare(sql);
    bind_publication_values(insert, p);
    insert.bind(n + 1, p.slug);
    insert.bind(n + 2, next_position(db, "publication"));
    if (!insert.step()) throw Error("insert publication " + p.slug + ": no id returned");
    std::int64_t id = insert.int_at(0);
    insert.step();  // finish the statement before the child rows
    write_children(db, id, p);
    return id;
}

void insert_publication_with_id(const Db& db, std::int64_t id, const Publication& p) {
    require_links(p);
    int n = publication_value_count();
    static const std::string sql = "INSERT INTO publication (" + publication_value_names() + ", slug, position, id) VALUES (" +
                                   publication_value_marks() + ", ?" + std::to_string(n + 1) + ", ?" +
                                   std::to_string(n + 2) + ", ?" + std::to_string(n + 3) + ")";
    auto insert = db.prepare(sql);
    bind_publication_values(insert, p);
    insert.bind(n + 1, p.slug);
    insert.bind(n + 2, next_position(db, "publication"));
    insert.bind(n + 3, id);
    insert.step();
    write_children(db, id, p);
}

void update_publication(const Db& db, std::int64_t id, const Publication& p) {
    require_links(p);
    int n = publication_value_count();
    static const std::string sql =
        "UPDATE publication SET " + publication_value_assignments() + " WHERE id = ?" + std::to_string(n + 1);
    auto update = db.prepare(sql);
    bind_publication_values(update, p);
    update.bind(n + 1, id);
    update.step();
    write_children(db, id, p);
}

void delete_publication(const Db& db, std::int64_t id) {
    auto del = db.prepare("DELETE FROM publication WHERE id = ?");  // child rows go by ON DELETE CASCADE
    del.bind(1, id);
    del.step();
}

void set_publication_preview(const Db& db, std::int64_t id, std::string_view file_name) {
    auto set = db.prepare("UPDATE publication SET preview = ? WHERE id = ?");
    set.bind(1, file_name);
    set.bind(2, id);
    set.step();
}

void clear_publication_preview(const Db& db, std::string_view file_name) {
    auto clear = db.prepare("UPDATE publication SET preview = '' WHERE preview = ?");
    clear.bind(1, file_name);
    clear.step();
}

void select_publication(const Db& db, std::int64_t id) {
    auto select = db.prepare("UPDATE publication SET selected = 1 WHERE id = ?");
    select.bind(1, id);
    select.step();
}

void append_publication_link(const Db& db, std::int64_t id, const Link& link) {
    require_link(link.url, "publication link " + in_quotes(link.label));
    auto known = db.prepare("SELECT 1 FROM publication_link WHERE publication_id = ? AND url = ?");
    known.bind(1, id);
    known.bind(2, link.url);
    if (known.step()) return;
    auto insert = db.prepare("INSERT INTO publication_link (publication_id, position, label, url) VALUES (?, ?, ?, ?)");
    insert.bind(1, id);
    insert.bind(2, next_position(db, "publication_link", "publication_id", id));
    insert.bind(3, link.label);
    insert.bind(4, link.url);
    insert.step();
}

std::optional<std::pair<std::int64_t, std::int64_t>> move_publication(const Db& db, std::int64_t id, int direction) {
    return move_row(db, "publication", "id", id, direction);
}

// Positions are unique, so they are moved out of the way first.
void order_publications_by_year(const Db& db) {
    db.exec("UPDATE publication SET position = -position");
    db.exec("UPDATE publication SET position = r.n FROM (SELECT id, row_number() OVER "
            "(ORDER BY year IS NULL, year DESC, position DESC) AS n FROM publication) AS r WHERE publication.id = r.id");
}

}  // namespace vitae

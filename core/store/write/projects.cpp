#include "store/write/projects.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "rules/link.hpp"
#include "store/sql/sql_text.hpp"
#include "store/write/position.hpp"

namespace vitae {

namespace {

// Before any row is written: a refused link leaves the project as it was.
void require_project_links(const Project& p) {
    for (const auto& l : p.links) require_link(l.url, "project " + p.slug + " link " + in_quotes(l.label));
}

void insert_project_children(const Db& db, const Project& p) {
    for (const auto& link : p.links) insert_project_link(db, p.slug, link);
    for (const auto& slug : p.publications) {
        auto id = db.prepare("SELECT id FROM publication WHERE slug = ?");
        id.bind(1, slug);
        if (!id.step()) throw Error("project " + p.slug + ": no publication " + in_quotes(slug));
        relate_project_publication(db, p.slug, id.int_at(0));
    }
    for (const auto& slug : p.posts) relate_project_post(db, p.slug, slug);
}

}  // namespace

void insert_project(const Db& db, const Project& p) {
    require_project_links(p);
    auto insert = db.prepare("INSERT INTO project (slug, position, title, summary, markdown, image) VALUES (?, ?, ?, ?, ?, ?)");
    insert.bind(1, p.slug);
    insert.bind(2, next_position(db, "project"));
    int i = 2;
    for (const std::string* value : {&p.title, &p.summary, &p.markdown, &p.image}) insert.bind(++i, *value);
    insert.step();
    insert_project_children(db, p);
}

void put_project(const Db& db, const Project& p) {
    require_project_links(p);
    auto exists = db.prepare("SELECT 1 FROM project WHERE slug = ?");
    exists.bind(1, p.slug);
    if (!exists.step()) {
        insert_project(db, p);
        return;
    }
    auto update = db.prepare("UPDATE project SET title = ?, summary = ?, markdown = ?, image = ? WHERE slug = ?");
    int i = 0;
    for (const std::string* value : {&p.title, &p.summary, &p.markdown, &p.image, &p.slug}) update.bind(++i, *value);
    update.step();
    for (std::string_view table : {"project_link", "project_publication", "project_post"}) {
        // The writer's own table names, never input.
        auto clear = db.prepare("DELETE FROM " + std::string(table) + " WHERE project_slug = ?");
        clear.bind(1, p.slug);
        clear.step();
    }
    insert_project_children(db, p);
}

void insert_project_link(const Db& db, std::string_view project_slug, const Link& link) {
    require_link(link.url, "project " + std::string(project_slug) + " link " + in_quotes(link.label));
    auto insert = db.prepare("INSERT INTO project_link (project_slug, position, label, url) VALUES (?, ?, ?, ?)");
    insert.bind(1, project_slug);
    insert.bind(2, next_position(db, "project_link", "project_slug", project_slug));
    insert.bind(3, link.label);
    insert.bind(4, link.url);
    insert.step();
}

void relate_project_publication(const Db& db, std::string_view project_slug, std::int64_t publication_id) {
    auto insert = db.prepare("INSERT OR IGNORE INTO project_publication (project_slug, publication_id) VALUES (?, ?)");
    insert.bind(1, project_slug);
    insert.bind(2, publication_id);
    insert.step();
}

void relate_project_post(const Db& db, std::string_view project_slug, std::string_view post_slug) {
    auto insert = db.prepare(
        "INSERT OR IGNORE INTO project_post (project_slug, post_slug) SELECT ?, slug FROM post WHERE slug = ?");
    insert.bind(1, project_slug);
    insert.bind(2, post_slug);
    insert.step();
}

bool remove_project(const Db& db, std::string_view slug) {
    auto remove = db.prepare("DELETE FROM project WHERE slug = ? RETURNING 1");  // its links, papers, posts cascade
    remove.bind(1, slug);
    return remove.step();
}

void clear_project_image(const Db& db, std::string_view file_name) {
    auto clear = db.prepare("UPDATE project SET image = '' WHERE image = ?");
    clear.bind(1, file_name);
    clear.step();
}

}  // namespace vitae

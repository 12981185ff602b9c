#include "store/write/pages.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "store/sql/sql_text.hpp"
#include "store/write/position.hpp"

namespace vitae {

namespace {

void check_page(const Db& db, const OwnPage& p) {
    if (p.title.empty()) throw Error("page " + in_quotes(p.slug) + ": the title is empty");
    if (p.body_format != "markdown" && p.body_format != "html")
        throw Error("page " + in_quotes(p.slug) + ": body format " + in_quotes(p.body_format) + " is not markdown or html");
    // Codes keep their case ("zh-Hant"); a slug is lower case, a path is not folded.
    auto language = db.prepare("SELECT code FROM language WHERE lower(code) = ?");
    language.bind(1, ascii_lower(p.slug));
    if (language.step())
        throw Error("page " + in_quotes(p.slug) + ": /" + p.slug + "/ is the home page of the site's language " +
                    in_quotes(language.text_at(0)) + "; choose another slug");
}

}  // namespace

void insert_page(const Db& db, const OwnPage& p) {
    check_page(db, p);
    auto exists = db.prepare("SELECT 1 FROM page WHERE slug = ?");
    exists.bind(1, p.slug);
    if (exists.step()) throw Error("page " + in_quotes(p.slug) + " exists");
    auto insert = db.prepare("INSERT INTO page (slug, position, title, body_format, body, in_menu) VALUES (?, ?, ?, ?, ?, ?)");
    insert.bind(1, p.slug);
    insert.bind(2, next_position(db, "page"));
    insert.bind(3, p.title);
    insert.bind(4, p.body_format);
    insert.bind(5, p.body);
    insert.bind(6, std::int64_t{p.in_menu ? 1 : 0});
    insert.step();
}

void put_page(const Db& db, const OwnPage& p) {
    check_page(db, p);
    auto update = db.prepare("UPDATE page SET title = ?, body_format = ?, body = ?, in_menu = ? WHERE slug = ? RETURNING 1");
    update.bind(1, p.title);
    update.bind(2, p.body_format);
    update.bind(3, p.body);
    update.bind(4, std::int64_t{p.in_menu ? 1 : 0});
    update.bind(5, p.slug);
    if (!update.step()) insert_page(db, p);
}

bool remove_page(const Db& db, std::string_view slug) {
    auto remove = db.prepare("DELETE FROM page WHERE slug = ? RETURNING 1");
    remove.bind(1, slug);
    return remove.step();
}

std::optional<std::pair<std::int64_t, std::int64_t>> move_page(const Db& db, std::string_view slug, int direction) {
    return move_row(db, "page", "slug", slug, direction);
}

}  // namespace vitae

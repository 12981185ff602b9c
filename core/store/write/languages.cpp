#include "store/write/languages.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "store/sql/sql_text.hpp"
#include "store/write/position.hpp"

namespace vitae {

void insert_language(const Db& db, const Language& l) {
    // /<code>/ would be both the language's home and the page's (store/write/pages.hpp says the same of a page).
    auto page = db.prepare("SELECT slug FROM page WHERE slug = ?");
    page.bind(1, ascii_lower(l.code));
    if (page.step())
        throw Error("language " + in_quotes(l.code) + ": /" + page.text_at(0) + "/ is the site's page " +
                    in_quotes(page.text_at(0)) + "; rename or remove the page first");
    if (l.is_default) db.exec("UPDATE language SET is_default = 0 WHERE is_default = 1");
    auto insert = db.prepare("INSERT INTO language (code, name, position, is_default) VALUES (?, ?, ?, ?)");
    insert.bind(1, l.code);
    insert.bind(2, l.name);
    insert.bind(3, next_position(db, "language"));
    insert.bind(4, std::int64_t{l.is_default ? 1 : 0});
    insert.step();
}

void update_language(const Db& db, const Language& l) {
    if (l.is_default) db.exec("UPDATE language SET is_default = 0 WHERE is_default = 1");
    auto update = db.prepare("UPDATE language SET name = ?, is_default = ? WHERE code = ?");
    update.bind(1, l.name);
    update.bind(2, std::int64_t{l.is_default ? 1 : 0});
    update.bind(3, l.code);
    update.step();
}

void remove_language(const Db& db, std::string_view code) {
    auto remove = db.prepare("DELETE FROM language WHERE code = ?");
    remove.bind(1, code);
    remove.step();
}

void upsert_translation(const Db& db, const Translation& t) {
    auto upsert = db.prepare(
        "INSERT INTO translation (language, item, key, field, text) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (language, item, key, field) DO UPDATE SET text = excluded.text");
    int i = 0;
    for (const auto* v : {&t.language, &t.item, &t.key, &t.field, &t.text}) upsert.bind(++i, *v);
    upsert.step();
}

bool remove_translation(const Db& db, const Translation& t) {
    auto drop = db.prepare("DELETE FROM translation WHERE language = ? AND item = ? AND key = ? AND field = ? RETURNING 1");
    int i = 0;
    for (const auto* v : {&t.language, &t.item, &t.key, &t.field}) drop.bind(++i, *v);
    return drop.step();
}

}  // namespace vitae

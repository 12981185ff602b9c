#include "store/write/profile.hpp"

#include "base/log.hpp"
#include "rules/link.hpp"
#include "store/sql/sql_text.hpp"
#include "store/write/position.hpp"

namespace vitae {

void upsert_profile(const Db& db, const Content& p) {
    auto upsert = db.prepare("INSERT INTO profile (id, name, affiliation, job_title) VALUES (1, ?, ?, ?) "
                             "ON CONFLICT (id) DO UPDATE SET name = excluded.name, affiliation = excluded.affiliation, "
                             "job_title = excluded.job_title");
    upsert.bind(1, p.name);
    upsert.bind(2, p.affiliation);
    upsert.bind(3, p.job_title);
    upsert.step();
}

void set_profile_photo(const Db& db, std::string_view file_name) {
    auto set = db.prepare("UPDATE profile SET photo = ? WHERE id = 1");
    set.bind(1, file_name);
    set.step();
}

void clear_profile_photo(const Db& db, std::string_view file_name) {
    auto clear = db.prepare("UPDATE profile SET photo = '' WHERE id = 1 AND photo = ?");
    clear.bind(1, file_name);
    clear.step();
}

std::int64_t insert_profile_paragraph(const Db& db, std::string_view markdown) {
    auto position = next_position(db, "profile_paragraph");
    auto insert = db.prepare("INSERT INTO profile_paragraph (position, markdown) VALUES (?, ?)");
    insert.bind(1, position);
    insert.bind(2, markdown);
    insert.step();
    return position;
}

std::int64_t insert_profile_email(const Db& db, const Email& email) {
    auto position = next_position(db, "profile_email");
    auto insert = db.prepare("INSERT INTO profile_email (position, address, label) VALUES (?, ?, ?)");
    insert.bind(1, position);
    insert.bind(2, email.address);
    insert.bind(3, email.label);
    insert.step();
    return position;
}

std::int64_t insert_profile_link(const Db& db, const Link& link) {
    require_link(link.url, "profile link " + in_quotes(link.label));
    auto position = next_position(db, "profile_link");
    auto insert = db.prepare("INSERT INTO profile_link (position, label, url) VALUES (?, ?, ?)");
    insert.bind(1, position);
    insert.bind(2, link.label);
    insert.bind(3, link.url);
    insert.step();
    return position;
}

std::int64_t insert_profile_name_variant(const Db& db, std::string_view name) {
    auto position = next_position(db, "profile_name_variant");
    auto insert = db.prepare("INSERT INTO profile_name_variant (position, name) VALUES (?, ?)");
    insert.bind(1, position);
    insert.bind(2, name);
    insert.step();
    return position;
}

void put_profile_paragraph(const Db& db, std::int64_t position, std::string_view markdown) {
    auto put = db.prepare("INSERT INTO profile_paragraph (position, markdown) VALUES (?, ?) "
                          "ON CONFLICT (position) DO UPDATE SET markdown = excluded.markdown");
    put.bind(1, position);
    put.bind(2, markdown);
    put.step();
}

bool remove_profile_paragraph(const Db& db, std::int64_t position) {
    auto remove = db.prepare("DELETE FROM profile_paragraph WHERE position = ? RETURNING 1");
    remove.bind(1, position);
    return remove.step();
}

void put_profile_link(const Db& db, std::int64_t position, const Link& link) {
    require_link(link.url, "profile link " + in_quotes(link.label));
    auto put = db.prepare("INSERT INTO profile_link (position, label, url) VALUES (?, ?, ?) "
                          "ON CONFLICT (position) DO UPDATE SET label = excluded.label, url = excluded.url");
    put.bind(1, position);
    put.bind(2, link.label);
    put.bind(3, link.url);
    put.step();
}

bool remove_profile_link(const Db& db, std::int64_t position) {
    auto remove = db.prepare("DELETE FROM profile_link WHERE position = ? RETURNING 1");
    remove.bind(1, position);
    return remove.step();
}

void put_profile_email(const Db& db, std::int64_t position, const Email& email) {
    auto put = db.prepare("INSERT INTO profile_email (position, address, label) VALUES (?, ?, ?) "
                          "ON CONFLICT (position) DO UPDATE SET address = excluded.address, label = excluded.label");
    put.bind(1, position);
    put.bind(2, email.address);
    put.bind(3, email.label);
    put.step();
}

bool remove_profile_email(const Db& db, std::int64_t position) {
    auto remove = db.prepare("DELETE FROM profile_email WHERE position = ? RETURNING 1");
    remove.bind(1, position);
    return remove.step();
}

void put_profile_name_variant(const Db& db, std::int64_t position, std::string_view name) {
    auto put = db.prepare("INSERT INTO profile_name_variant (position, name) VALUES (?, ?) "
                          "ON CONFLICT (position) DO UPDATE SET name = excluded.name");
    put.bind(1, position);
    put.bind(2, name);
    put.step();
}

bool remove_profile_name_variant(const Db& db, std::int64_t position) {
    auto remove = db.prepare("DELETE FROM profile_name_variant WHERE position = ? RETURNING 1");
    remove.bind(1, position);
    return remove.step();
}

}  // namespace vitae

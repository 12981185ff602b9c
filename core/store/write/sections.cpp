#include "store/write/sections.hpp"

#include <string>

#include "base/log.hpp"
#include "rules/link.hpp"
#include "store/sql/sql_text.hpp"
#include "store/write/position.hpp"

namespace vitae {

namespace {

// "DELETE FROM <table> WHERE <key> = ?": the tables and keys are this file's own.
bool remove_row(const Db& db, const char* table, const char* key, std::int64_t value) {
    auto remove = db.prepare(std::string("DELETE FROM ") + table + " WHERE " + key + " = ? RETURNING 1");
    remove.bind(1, value);
    return remove.step();
}

}  // namespace

std::int64_t insert_news(const Db& db, const News& news) {
    auto insert = db.prepare("INSERT INTO news (date, markdown) VALUES (?, ?) RETURNING id");
    insert.bind(1, news.date);
    insert.bind(2, news.markdown);
    insert.step();
    return insert.int_at(0);
}

void put_news(const Db& db, std::int64_t id, const News& news) {
    auto put = db.prepare("INSERT INTO news (id, date, markdown) VALUES (?, ?, ?) "
                          "ON CONFLICT (id) DO UPDATE SET date = excluded.date, markdown = excluded.markdown");
    put.bind(1, id);
    put.bind(2, news.date);
    put.bind(3, news.markdown);
    put.step();
}

bool remove_news(const Db& db, std::int64_t id) { return remove_row(db, "news", "id", id); }

namespace {

constexpr const char* talk_put =
    "INSERT INTO talk (id, date, title, event, place, url_slides, url_video, url_event, abstract) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (id) DO UPDATE SET date = excluded.date, title = excluded.title, event = excluded.event, "
    "place = excluded.place, url_slides = excluded.url_slides, url_video = excluded.url_video, "
    "url_event = excluded.url_event, abstract = excluded.abstract RETURNING id";

// id NULL: a new row (SQLite picks the id).
std::int64_t write_talk(const Db& db, std::optional<std::int64_t> id, const Talk& t) {
    for (auto [what, url] : {std::pair{"slides", &t.url_slides}, {"video", &t.url_video}, {"event", &t.url_event}})
        require_link(*url, "talk " + in_quotes(t.title) + " " + what);
    auto put = db.prepare(talk_put);
    if (id) put.bind(1, *id); else put.bind(1, std::optional<int>{});
    int i = 1;
    for (const std::string* value : {&t.date, &t.title, &t.event, &t.place, &t.url_slides, &t.url_video, &t.url_event,
                                      &t.abstract})
        put.bind(++i, *value);
    put.step();
    return put.int_at(0);
}

}  // namespace

std::int64_t insert_talk(const Db& db, const Talk& t) { return write_talk(db, std::nullopt, t); }
void put_talk(const Db& db, std::int64_t id, const Talk& t) { write_talk(db, id, t); }
bool remove_talk(const Db& db, std::int64_t id) { return remove_row(db, "talk", "id", id); }

std::int64_t insert_education(const Db& db, const Education& e) {
    auto position = next_position(db, "education");
    put_education(db, position, e);
    return position;
}

void put_education(const Db& db, std::int64_t position, const Education& e) {
    auto put = db.prepare(
        "INSERT INTO education (position, start_year, end_year, degree, institution) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (position) DO UPDATE SET start_year = excluded.start_year, end_year = excluded.end_year, "
        "degree = excluded.degree, institution = excluded.institution");
    put.bind(1, position);
    put.bind(2, std::int64_t{e.start_year});
    put.bind(3, std::int64_t{e.end_year});
    put.bind(4, e.degree);
    put.bind(5, e.institution);
    put.step();
}

bool remove_education(const Db& db, std::int64_t position) { return remove_row(db, "education", "position", position); }

std::int64_t insert_service(const Db& db, const Service& s) {
    auto position = next_position(db, "service");
    put_service(db, position, s);
    return position;
}

void put_service(const Db& db, std::int64_t position, const Service& s) {
    auto put = db.prepare("INSERT INTO service (position, role, venue) VALUES (?, ?, ?) "
                          "ON CONFLICT (position) DO UPDATE SET role = excluded.role, venue = excluded.venue");
    put.bind(1, position);
    put.bind(2, s.role);
    put.bind(3, s.venue);
    put.step();
}

bool remove_service(const Db& db, std::int64_t position) { return remove_row(db, "service", "position", position); }

std::int64_t insert_experience(const Db& db, const Experience& e) {
    auto position = next_position(db, "experience");
    put_experience(db, position, e);
    return position;
}

void put_experience(const Db& db, std::int64_t position, const Experience& e) {
    auto put = db.prepare(
        "INSERT INTO experience (position, organization, location, role, start_month, end_month) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (position) DO UPDATE SET organization = excluded.organization, location = excluded.location, "
        "role = excluded.role, start_month = excluded.start_month, end_month = excluded.end_month");
    put.bind(1, position);
    int i = 1;
    for (const std::string* value : {&e.organization, &e.location, &e.role, &e.start_month, &e.end_month})
        put.bind(++i, *value);
    put.step();
}

bool remove_experience(const Db& db, std::int64_t position) { return remove_row(db, "experience", "position", position); }

}  // namespace vitae

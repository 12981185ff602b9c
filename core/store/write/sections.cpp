#include "store/write/sections.hpp"

#include "store/write/position.hpp"

namespace vitae {

std::int64_t insert_news(const Db& db, const News& news) {
    auto insert = db.prepare("INSERT INTO news (date, markdown) VALUES (?, ?) RETURNING id");
    insert.bind(1, news.date);
    insert.bind(2, news.markdown);
    insert.step();
    return insert.int_at(0);
}

std::int64_t insert_talk(const Db& db, const Talk& t) {
    auto insert = db.prepare(
        "INSERT INTO talk (date, title, event, place, url_slides, url_video, url_event, abstract) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
        "RETURNING id");
    int i = 0;
    for (const std::string* value : {&t.date, &t.title, &t.event, &t.place, &t.url_slides, &t.url_video, &t.url_event,
                                      &t.abstract})
        insert.bind(++i, *value);
    insert.step();
    return insert.int_at(0);
}

std::int64_t insert_education(const Db& db, const Education& e) {
    auto position = next_position(db, "education");
    auto insert = db.prepare("INSERT INTO education (position, start_year, end_year, degree, institution) VALUES (?, ?, ?, ?, ?)");
    insert.bind(1, position);
    insert.bind(2, std::int64_t{e.start_year});
    insert.bind(3, std::int64_t{e.end_year});
    insert.bind(4, e.degree);
    insert.bind(5, e.institution);
    insert.step();
    return position;
}

std::int64_t insert_service(const Db& db, const Service& s) {
    auto position = next_position(db, "service");
    auto insert = db.prepare("INSERT INTO service (position, role, venue) VALUES (?, ?, ?)");
    insert.bind(1, position);
    insert.bind(2, s.role);
    insert.bind(3, s.venue);
    insert.step();
    return position;
}

std::int64_t insert_experience(const Db& db, const Experience& e) {
    auto position = next_position(db, "experience");
    auto insert = db.prepare(
        "INSERT INTO experience (position, organization, location, role, start_month, end_month) VALUES (?, ?, ?, ?, ?, ?)");
    insert.bind(1, position);
    int i = 1;
    for (const std::string* value : {&e.organization, &e.location, &e.role, &e.start_month, &e.end_month})
        insert.bind(++i, *value);
    insert.step();
    return position;
}

}  // namespace vitae

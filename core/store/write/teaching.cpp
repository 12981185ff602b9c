#include "store/write/teaching.hpp"

#include "store/sql/sql_text.hpp"
#include "store/write/position.hpp"

namespace vitae {

std::int64_t insert_teaching(const Db& db, const Teaching& t) {
    auto position = next_position(db, "teaching");
    put_teaching(db, position, t);
    return position;
}

void put_teaching(const Db& db, std::int64_t position, const Teaching& t) {
    auto put = db.prepare("INSERT INTO teaching (position, course, title, term, role) VALUES (?, ?, ?, ?, ?) "
                          "ON CONFLICT (position) DO UPDATE SET course = excluded.course, title = excluded.title, "
                          "term = excluded.term, role = excluded.role");
    put.bind(1, position);
    put.bind(2, t.course);
    put.bind(3, t.title);
    put.bind(4, t.term);
    put.bind(5, t.role);
    put.step();
}

bool remove_teaching(const Db& db, std::int64_t position) {
    auto remove = db.prepare("DELETE FROM teaching WHERE position = ? RETURNING 1");
    remove.bind(1, position);
    return remove.step();
}

}  // namespace vitae

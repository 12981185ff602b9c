#include "store/write/teaching.hpp"

#include "store/write/position.hpp"

namespace vitae {

std::int64_t insert_teaching(const Db& db, const Teaching& t) {
    auto position = next_position(db, "teaching");
    auto insert = db.prepare("INSERT INTO teaching (position, course, title, term, role) VALUES (?, ?, ?, ?, ?)");
    insert.bind(1, position);
    insert.bind(2, t.course);
    insert.bind(3, t.title);
    insert.bind(4, t.term);
    insert.bind(5, t.role);
    insert.step();
    return position;
}

}  // namespace vitae

#include "store/write/awards.hpp"

#include "store/sql/sql_text.hpp"
#include "store/write/position.hpp"

namespace vitae {

std::int64_t insert_award(const Db& db, const Award& award) {
    auto position = next_position(db, "award");
    put_award(db, position, award);
    return position;
}

void put_award(const Db& db, std::int64_t position, const Award& award) {
    auto put = db.prepare("INSERT INTO award (position, year, name, issuer) VALUES (?, ?, ?, ?) "
                          "ON CONFLICT (position) DO UPDATE SET year = excluded.year, name = excluded.name, "
                          "issuer = excluded.issuer");
    put.bind(1, position);
    put.bind(2, award.year);
    put.bind(3, award.name);
    put.bind(4, award.issuer);
    put.step();
}

bool remove_award(const Db& db, std::int64_t position) {
    auto remove = db.prepare("DELETE FROM award WHERE position = ? RETURNING 1");
    remove.bind(1, position);
    return remove.step();
}

}  // namespace vitae

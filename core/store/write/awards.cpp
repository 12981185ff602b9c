#include "store/write/awards.hpp"

#include "store/write/position.hpp"

namespace vitae {

std::int64_t insert_award(const Db& db, const Award& award) {
    auto position = next_position(db, "award");
    auto insert = db.prepare("INSERT INTO award (position, year, name, issuer) VALUES (?, ?, ?, ?)");
    insert.bind(1, position);
    insert.bind(2, award.year);
    insert.bind(3, award.name);
    insert.bind(4, award.issuer);
    insert.step();
    return position;
}

}  // namespace vitae

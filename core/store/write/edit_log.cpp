#include "store/write/edit_log.hpp"

#include "store/sql/sql_text.hpp"

namespace vitae {

void record_edit(const Db& db, const EditEntry& e) {
    auto insert = db.prepare(
        "INSERT INTO edit_log (at, who, item, key, action, before, after) "
        "VALUES (coalesce(nullif(?, ''), strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), ?, ?, ?, ?, ?, ?)");
    insert.bind(1, e.at);
    insert.bind(2, e.who);
    insert.bind(3, e.item);
    insert.bind(4, e.key);
    insert.bind(5, e.action);
    // NULL (no row) is not '' (a row of no values is '{}'): bound apart.
    if (e.before) insert.bind(6, *e.before); else insert.bind(6, std::optional<int>{});
    if (e.after) insert.bind(7, *e.after); else insert.bind(7, std::optional<int>{});
    insert.step();
}

}  // namespace vitae

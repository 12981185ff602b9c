#include "store/sqlite/journal.hpp"

#include <string>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

void set_pragma(const Db& db, const char* name, std::int64_t value) {
    db.exec(("PRAGMA " + std::string(name) + " = " + std::to_string(value)).c_str());
}

void keep_rollback_journal(const Db& db, std::string_view what, std::string_view holder) {
    if (db.pragma_text("journal_mode") == "delete") return;
    if (db.pragma_text("journal_mode = delete") != "delete")
        throw Error(std::string(what) + " " + in_quotes(db.path()) +
                    ": cannot leave WAL mode while another connection has it open (stop " + std::string(holder) +
                    ", try again)");
}

}  // namespace vitae

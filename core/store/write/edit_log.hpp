// The edit log (table edit_log) and its one writer. Whoever changes rows -
// the web editor, a `vitae` command, import-site, sync - does it in a
// LoggedTransaction that watches the rows it may change: they are read as
// the log records them (store/rows/logged_rows.hpp) before the writes and
// again as it commits, and each row that differs is one entry (who, when,
// item, key, action, before, after) in the same transaction, so a change and
// its record commit together or not at all. The action is what the two
// readings show - no row before: insert; none after: delete; else update -
// never what the caller meant, so a writer that replaced a row cannot be
// logged as having inserted it: the row it replaced is the entry's before,
// and undo (plan_undo) puts it back.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "store/rows/edit_rows.hpp"
#include "store/rows/logged_rows.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// What the entries of a transaction say they did: each its own change
// (insert, update, delete), or "undo" when it puts back what an entry replaced.
enum class LogAs { change, undo };

// A write transaction (BEGIN IMMEDIATE) whose changes to the rows it
// watches are recorded as it commits. Rolled back, it records nothing.
class LoggedTransaction {
public:
    LoggedTransaction(const Db& db, std::string who, LogAs log_as = LogAs::change);
    // Watching every row of `items` ("publication", "file") from the start.
    LoggedTransaction(const Db& db, std::string who, std::initializer_list<std::string_view> items);
    LoggedTransaction(const LoggedTransaction&) = delete;
    LoggedTransaction& operator=(const LoggedTransaction&) = delete;

    // Every row of `item` (an unknown one throws Error), or of every item.
    void watch(std::string_view item);
    void watch_all();
    // The rows `item` gains (a new row's form, pasted or accepted papers).
    // Of an item whose changed rows the change log names (publications,
    // posts) only the keys are read now, not thousands of rows' values
    // (1,000 papers: ~1 s of a save, measured); then a write that changes a
    // row that was there is refused at commit (Error), its before unread.
    // Any other item is watched whole.
    void watch_new_rows(std::string_view item);
    // One row (the one an editor's form names), returned as it is now; none when there is no such row.
    std::optional<RowValues> watch(std::string_view item, std::string_view key);
    // A row moved in its item's order: an entry of its own ("<item>_order"),
    // apart from the row's values, which a move does not change.
    void record_move(std::string_view item, std::string_view key, std::int64_t from, std::int64_t to);
    // Records each watched row that changed, then commits; returns the entries recorded.
    std::size_t commit();

private:
    struct Watched {
        const LoggedItem* item = nullptr;
        std::optional<std::string> key;           // none: every row of the item
        std::map<std::string, std::string> rows;  // key -> values_json, as they were
        std::optional<std::set<std::string>> keys_only;  // watch_new_rows: the keys there were, values unread
    };
    std::map<std::string, std::string> snapshot(const LoggedItem& item, const std::vector<std::string>& keys) const;
    std::vector<std::string> new_keys(const Watched& watched) const;
    std::size_t record(const Watched& watched);

    Transaction transaction_;  // first: the snapshots are read inside it
    const Db& db_;
    std::string who_;
    LogAs log_as_;
    std::int64_t mark_ = 0;  // the change log's newest entry before the writes
    std::vector<Watched> watched_;
    std::vector<EditEntry> moves_;
};

// "cli:<the Unix user>": the `who` of a change made by a `vitae` command.
std::string cli_editor_name();

// Undo puts back what a row's last entry replaced, only if nothing changed
// the row since (it is still that entry's after).
struct UndoStep {
    std::optional<RowValues> restore;  // the row to write back; none: remove the row (the entry inserted it)
};
enum class UndoRefusal {
    nothing_logged,  // the row has no entry
    changed_since,   // the row is not what its last entry left
    unreadable,      // the entry's before cannot be read back
};
std::variant<UndoStep, UndoRefusal> plan_undo(const Db& db, std::string_view item, std::string_view key,
                                              const std::optional<RowValues>& now);

}  // namespace vitae

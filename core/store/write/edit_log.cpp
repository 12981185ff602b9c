#include "store/write/edit_log.hpp"

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/rows/content_changes.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

namespace {

// The one INSERT into edit_log. An empty `at` is now (UTC).
void insert_entry(const Db& db, const EditEntry& e) {
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

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The entries of one transaction in the rows' order: ids and positions by
// value (2 before 10), other keys as text.
struct KeyOrder {
    bool operator()(const std::string& a, const std::string& b) const {
        if (all_digits(a) && all_digits(b) && a.size() != b.size()) return a.size() < b.size();
        return a < b;
    }
};

std::optional<std::string> json_at(const std::map<std::string, std::string>& rows, const std::string& key) {
    auto it = rows.find(key);
    return it == rows.end() ? std::nullopt : std::optional(it->second);
}

}  // namespace

LoggedTransaction::LoggedTransaction(const Db& db, std::string who, LogAs log_as)
    : transaction_(db), db_(db), who_(std::move(who)), log_as_(log_as), mark_(change_log_mark(db)) {}

LoggedTransaction::LoggedTransaction(const Db& db, std::string who, std::initializer_list<std::string_view> items)
    : LoggedTransaction(db, std::move(who)) {
    for (auto item : items) watch(item);
}

std::map<std::string, std::string> LoggedTransaction::snapshot(const LoggedItem& item,
                                                               const std::vector<std::string>& keys) const {
    std::map<std::string, std::string> rows;
    for (const auto& key : keys)
        if (auto values = read_logged_row(db_, item, key)) rows.emplace(key, values_json(*values));
    return rows;
}

void LoggedTransaction::watch(std::string_view item) {
    const LoggedItem& logged = logged_item(item);
    for (const auto& w : watched_)
        if (w.item == &logged && !w.key) return;
    watched_.push_back({.item = &logged, .key = std::nullopt, .rows = snapshot(logged, logged_keys(db_, logged)),
                        .keys_only = std::nullopt});
}

void LoggedTransaction::watch_new_rows(std::string_view item) {
    const LoggedItem& logged = logged_item(item);
    if (!logged.keyed_changes) return watch(item);
    auto keys = logged_keys(db_, logged);
    watched_.push_back({.item = &logged, .key = std::nullopt, .rows = {},
                        .keys_only = std::set<std::string>(keys.begin(), keys.end())});
}

void LoggedTransaction::watch_all() {
    for (const auto& item : logged_items()) watch(item.item);
}

std::optional<RowValues> LoggedTransaction::watch(std::string_view item, std::string_view key) {
    const LoggedItem& logged = logged_item(item);
    auto now = read_logged_row(db_, logged, key);
    Watched w{.item = &logged, .key = std::string(key), .rows = {}, .keys_only = std::nullopt};
    if (now) w.rows.emplace(key, values_json(*now));
    watched_.push_back(std::move(w));
    return now;
}

void LoggedTransaction::record_move(std::string_view item, std::string_view key, std::int64_t from, std::int64_t to) {
    auto place = [](std::int64_t p) { return values_json({{"position", std::to_string(p)}}); };
    moves_.push_back({.id = 0, .at = {}, .who = who_, .item = std::string(item) + "_order", .key = std::string(key),
                      .action = "update", .before = place(from), .after = place(to)});
}

// The rows a watch_new_rows item gained: the keys the change log names that
// were not there (past a pruned log, the keys now that were not there). A
// row that was there and changed (past a pruned log: is gone) would need the
// before that was not read: refused.
std::vector<std::string> LoggedTransaction::new_keys(const Watched& w) const {
    auto refuse = [&](const std::string& key) {
        throw Error("edit log: the write changed " + std::string(w.item->item) + " " + in_quotes(key) +
                    ", which was there before and whose values were not read; nothing written");
    };
    std::vector<std::string> added;
    if (auto changed = keys_changed_since(db_, mark_, w.item->item)) {
        for (auto& key : *changed)
            if (w.keys_only->contains(key)) refuse(key);
            else added.push_back(std::move(key));
        return added;
    }
    auto now = logged_keys(db_, *w.item);
    std::set<std::string> still(now.begin(), now.end());
    for (const auto& key : *w.keys_only)
        if (!still.contains(key)) refuse(key);
    for (auto& key : now)
        if (!w.keys_only->contains(key)) added.push_back(std::move(key));
    return added;
}

std::size_t LoggedTransaction::record(const Watched& w) {
    // The keys to read again: the one watched, the ones the change log
    // names (publications, posts), else every row of the item.
    std::optional<std::vector<std::string>> only;
    if (w.key) only = std::vector{*w.key};
    else if (w.keys_only) only = new_keys(w);
    else if (w.item->keyed_changes) only = keys_changed_since(db_, mark_, w.item->item);
    auto after = snapshot(*w.item, only ? *only : logged_keys(db_, *w.item));
    std::set<std::string, KeyOrder> keys;
    for (const auto& [key, json] : after) keys.insert(key);
    if (only) keys.insert(only->begin(), only->end());
    else
        for (const auto& [key, json] : w.rows) keys.insert(key);
    std::size_t recorded = 0;
    for (const auto& key : keys) {
        auto before = json_at(w.rows, key), now = json_at(after, key);
        if (before == now) continue;
        std::string action = log_as_ == LogAs::undo ? "undo" : !before ? "insert" : !now ? "delete" : "update";
        insert_entry(db_, {.id = 0, .at = {}, .who = who_, .item = std::string(w.item->item), .key = key,
                           .action = action, .before = before, .after = now});
        ++recorded;
    }
    return recorded;
}

std::size_t LoggedTransaction::commit() {
    std::size_t recorded = 0;
    // No change log entry since the start: nothing was written (every content table has its trigger).
    if (change_log_mark(db_) != mark_)
        for (const auto& w : watched_) {
            bool whole_too = w.key && std::any_of(watched_.begin(), watched_.end(),
                                                  [&](const Watched& o) { return o.item == w.item && !o.key; });
            if (!whole_too) recorded += record(w);
        }
    for (const auto& move : moves_) insert_entry(db_, move);
    transaction_.commit();
    return recorded + moves_.size();
}

std::string cli_editor_name() {
    // The account the process runs as (getpwuid), not $USER, which sudo and
    // shells may leave naming someone else; $USER only when there is no entry.
    if (const passwd* pw = getpwuid(geteuid()); pw && pw->pw_name) return std::string("cli:") + pw->pw_name;
    const char* user = std::getenv("USER");
    return std::string("cli:") + (user && *user ? user : std::to_string(geteuid()));
}

std::variant<UndoStep, UndoRefusal> plan_undo(const Db& db, std::string_view item, std::string_view key,
                                              const std::optional<RowValues>& now) {
    auto last = last_edit(db, item, key);
    if (!last) return UndoRefusal::nothing_logged;
    if ((now ? std::optional(values_json(*now)) : std::nullopt) != last->after) return UndoRefusal::changed_since;
    if (!last->before) return UndoStep{.restore = std::nullopt};
    auto restored = values_from_json(*last->before);
    if (!restored) return UndoRefusal::unreadable;
    return UndoStep{.restore = std::move(restored)};
}

}  // namespace vitae

#include "edit/recorder.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <set>

#include "base/error.hpp"
#include "edit/values.hpp"
#include "store/rows/content_changes.hpp"
#include "store/write/edit_log.hpp"

namespace vitae {

namespace {

// The kinds whose rows the change log names one by one (item, its key).
std::string_view keyed_item(const Kind& kind) {
    if (kind.item == "publication") return "publication";
    if (kind.item == "post") return "post";
    return {};
}

}  // namespace

EditRecorder::EditRecorder(const Db& db, std::string who, std::initializer_list<std::string_view> kind_paths)
    : db_(db), who_(std::move(who)), mark_(change_log_mark(db)) {
    for (auto path : kind_paths) {
        const Kind* kind = find_kind(path);
        if (!kind) throw Error("edit log: no kind " + std::string(path));
        watched_.push_back({.kind = kind, .rows = snapshot(*kind, nullptr)});
    }
}

EditRecorder::EditRecorder(const Db& db, std::string who) : db_(db), who_(std::move(who)), mark_(change_log_mark(db)) {
    for (const auto& kind : kinds()) watched_.push_back({.kind = &kind, .rows = snapshot(kind, nullptr)});
}

std::map<std::string, std::string> EditRecorder::snapshot(const Kind& kind, const std::vector<std::string>* only) const {
    std::map<std::string, std::string> rows;
    std::vector<std::string> keys;
    if (only) keys = *only;
    else if (kind.single) keys = {"1"};
    else
        for (auto& row : kind.list(db_)) keys.push_back(std::move(row.key));
    for (const auto& key : keys)
        if (auto values = kind.load(db_, key)) rows.emplace(key, values_json(*values));
    return rows;
}

std::size_t EditRecorder::record() {
    if (change_log_mark(db_) == mark_) return 0;  // nothing written (every content table has its trigger)
    std::size_t recorded = 0;
    for (const auto& [kind, before] : watched_) {
        std::optional<std::vector<std::string>> only;
        if (auto item = keyed_item(*kind); !item.empty()) only = keys_changed_since(db_, mark_, item);
        auto after = snapshot(*kind, only ? &*only : nullptr);
        std::set<std::string> keys;
        for (const auto& [key, json] : after) keys.insert(key);
        if (only) keys.insert(only->begin(), only->end());
        else
            for (const auto& [key, json] : before) keys.insert(key);
        for (const auto& key : keys) {
            auto was = before.find(key);
            auto now = after.find(key);
            std::optional<std::string> b = was == before.end() ? std::nullopt : std::optional(was->second);
            std::optional<std::string> a = now == after.end() ? std::nullopt : std::optional(now->second);
            if (b == a) continue;
            record_edit(db_, {.at = {}, .who = who_, .item = std::string(kind->item), .key = key,
                              .action = !b ? "insert" : !a ? "delete" : "update", .before = b, .after = a});
            ++recorded;
        }
    }
    return recorded;
}

std::string cli_editor_name() {
    // The account the process runs as (getpwuid), not $USER, which sudo and
    // shells may leave naming someone else; $USER only when there is no entry.
    if (const passwd* pw = getpwuid(geteuid()); pw && pw->pw_name) return std::string("cli:") + pw->pw_name;
    const char* user = std::getenv("USER");
    return std::string("cli:") + (user && *user ? user : std::to_string(geteuid()));
}

}  // namespace vitae

// Loading only what changed since a version was loaded, from the change log
// the triggers of data/schema.sql keep: an edit to one paper
// reads that paper's rows, not the 3,000 others, and the new version holds
// the unchanged rows of the old one (SharedRows), so comparing the two is
// cheap too. Whatever it cannot follow (the log pruned past the version, the
// schema changed, triggers missing, a change too big to be worth following)
// is answered "load it whole", which is always right.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// Where a loaded version stands in the change log.
struct ChangeMark {
    bool usable = false;             // the file has the log and all its triggers
    std::int64_t seq = 0;            // the last change_log entry the version includes
    std::int64_t schema_cookie = 0;  // PRAGMA schema_version when it was loaded
    std::vector<std::int64_t> publication_ids;  // the row id of content.publications[i]
};

// The mark of the state being read, inside the load's read transaction.
ChangeMark change_mark(const Db& db, std::vector<std::int64_t> publication_ids);

// The change log's newest entry (0: none), for keys_changed_since to start from.
std::int64_t change_log_mark(const Db& db);
// The keys of `item` ("publication", "post") the change log names after
// `mark`; none when the log was pruned past it (then any row may have changed).
std::optional<std::vector<std::string>> keys_changed_since(const Db& db, std::int64_t mark, std::string_view item);

// `previous` (loaded at `since`) with the rows changed since read again, in
// one read transaction; `in_snapshot` as for load_content. nullopt: cannot
// follow, load it whole. On success `now` is the new version's mark.
std::optional<Content> load_changes(const Db& db, const Content& previous, const ChangeMark& since, ChangeMark& now,
                                    const std::function<void()>& in_snapshot = {});

}  // namespace vitae

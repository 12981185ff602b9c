// The group a home site shows on /people/ and /publications/: what each
// member site's database says (core/store/rows/member_summary), merged into
// one Group (core/store/model/group.hpp), held as an immutable version.
//
// current() is called on every request of the home site, so it is a clock
// read and a shared_ptr copy; at most once per limits::group_check_interval_ms
// one request also stats every member's database and its -wal, re-reads the
// members whose files changed, and merges again if any did. An unchanged
// group is the same pointer (the home's cached pages stay); a member whose
// file is missing or unreadable is logged and left out, or keeps the last
// version read of it, and never fails the group. Reading is per member; the
// merge is redone whole when one member changes (1,000 synthetic members,
// 156,474 papers: 3.2 s CPU on the shared 2-core box at load ~9), by the one
// request that checks, while the others keep the version before. Each
// merged version carries its search index (Group::search, built there too:
// 1,000 bench/sites members read, merged and indexed in 3.0 s, Debug).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "base/clock.hpp"
#include "store/model/group.hpp"

namespace vitae {

struct GroupMemberSource {
    std::string name;      // the member site's name in the registry
    std::string db_path;   // its site.db
    std::string base_url;  // its pages' base URL, no trailing slash: "https://carol.example.edu", "https://dept.example.edu/~carol"
    std::string group{};   // the group it is listed under on /people/; "" for none
    bool operator==(const GroupMemberSource&) const = default;
};

class GroupIndex {
public:
    using Clock = MonotonicClock;  // tests pass their own

    // Reads nothing yet: the first current() does, so a worker with a large
    // group starts as fast as one without.
    explicit GroupIndex(std::vector<GroupMemberSource> members = {}, Clock now_ms = monotonic_ms);

    // Replaces the members (the registry changed); members whose name and
    // database are unchanged keep what was read of them. The next current()
    // merges again, whatever the interval.
    void set_members(std::vector<GroupMemberSource> members);

    // The group as of the last check; checks first when the interval has
    // passed (one request thread does, the others meanwhile get the
    // version before). Never null.
    std::shared_ptr<const Group> current();

    // Checks every member now, whatever the interval: for tests and SIGHUP.
    std::shared_ptr<const Group> check_now();

    // Member databases read so far (tests: an edit re-reads that member only).
    std::uint64_t reads() const { return reads_.load(); }

private:
    struct Member {
        GroupMemberSource source;
        std::string fingerprint;  // of the file when last looked at ("" never, or missing)
        std::shared_ptr<const MemberSummary> summary;  // the last good read; null: never read
    };
    void refresh();  // refresh_mutex_ held
    bool read_changed(Member& member);
    std::shared_ptr<const Group> merged() const;

    const Clock now_ms_;
    std::mutex refresh_mutex_;  // one refresh at a time; guards members_
    std::vector<Member> members_;
    std::mutex pending_mutex_;  // guards pending_ (set_members never waits for a refresh)
    std::optional<std::vector<GroupMemberSource>> pending_;
    std::atomic<std::int64_t> next_check_ms_{0};  // 0: check at the next current()
    std::atomic<std::uint64_t> reads_{0};
    mutable std::mutex current_mutex_;  // guards current_; held for a copy
    std::shared_ptr<const Group> current_;
};

}  // namespace vitae

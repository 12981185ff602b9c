#include "site/group_index.hpp"

#include <algorithm>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "http/routes.hpp"
#include "site/db_fingerprint.hpp"
#include "store/model/slug.hpp"
#include "store/rows/member_summary.hpp"
#include "store/write/group_search.hpp"

namespace vitae {

namespace {

bool is_digest(std::string_view s) {
    return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

GroupMember card(const GroupMemberSource& source, const MemberSummary& s) {
    GroupMember m{.site = source.name, .base_url = source.base_url, .name = s.name, .role = s.job_title, .group = source.group};
    if (!s.photo_name.empty() && is_file_name(s.photo_name) && is_digest(s.photo_digest)) {
        // The member's own content-addressed URL of it, as its site serves it.
        m.photo_url = url_for(RouteKind::file, {.prefix = source.base_url, .slug = s.photo_name, .digest = s.photo_digest});
        m.photo_alt = s.photo_alt;
        m.photo_width = s.photo_width;
        m.photo_height = s.photo_height;
    }
    return m;
}

}  // namespace

GroupIndex::GroupIndex(std::vector<GroupMemberSource> members, Clock now_ms)
    : now_ms_(std::move(now_ms)), pending_(std::move(members)), current_(std::make_shared<const Group>()) {}

void GroupIndex::set_members(std::vector<GroupMemberSource> members) {
    {
        std::lock_guard lock(pending_mutex_);
        pending_ = std::move(members);
    }
    next_check_ms_ = 0;
}

std::shared_ptr<const Group> GroupIndex::current() {
    std::int64_t due = next_check_ms_.load();
    if (due == 0 || now_ms_() >= due) {
        // The first look waits for the first merge; later ones let the thread
        // already checking do it and serve the version before meanwhile.
        std::unique_lock lock(refresh_mutex_, std::defer_lock);
        if (due == 0) lock.lock();
        else static_cast<void>(lock.try_lock());
        if (lock.owns_lock() && next_check_ms_.load() == due) refresh();  // else another thread just did
    }
    std::lock_guard lock(current_mutex_);
    return current_;
}

std::shared_ptr<const Group> GroupIndex::check_now() {
    {
        std::lock_guard lock(refresh_mutex_);
        refresh();
    }
    std::lock_guard lock(current_mutex_);
    return current_;
}

// Whether the member's file changed since it was read, and if so reads it:
// true when what is known of it changed (read anew, or first lost).
bool GroupIndex::read_changed(Member& m) {
    std::string now = db_fingerprint(m.source.db_path);
    if (now == m.fingerprint) return false;
    m.fingerprint = now;  // looked at in this state: a file that fails is not read again until it changes
    try {
        if (now.empty()) throw Error("open " + in_quotes(m.source.db_path) + ": no such file");
        auto summary = std::make_shared<const MemberSummary>(read_member_summary(m.source.db_path));
        reads_.fetch_add(1);
        if (m.summary && *m.summary == *summary) return false;  // a commit that changed nothing shown
        m.summary = std::move(summary);
        return true;
    } catch (const std::exception& e) {
        log(Level::warning, LogEvent("group_member_unreadable")
                                .add("site", m.source.name)
                                .add("error", e.what())
                                .add("kept", m.summary ? "last good" : "none"));
        return false;
    }
}

void GroupIndex::refresh() {
    bool changed = false;
    std::optional<std::vector<GroupMemberSource>> pending;
    {
        std::lock_guard lock(pending_mutex_);
        pending.swap(pending_);
    }
    if (pending) {
        std::vector<Member> next;
        for (auto& source : *pending) {
            auto old = std::find_if(members_.begin(), members_.end(), [&source](const Member& m) {
                return m.source.name == source.name && m.source.db_path == source.db_path;
            });
            Member m = old != members_.end() ? *old : Member{};
            m.source = std::move(source);
            next.push_back(std::move(m));
        }
        members_ = std::move(next);
        changed = true;  // a card's base URL or group may differ, or a member came or went
    }
    for (auto& m : members_) changed = read_changed(m) || changed;
    next_check_ms_ = std::max<std::int64_t>(1, now_ms_() + limits::group_check_interval_ms);
    if (!changed) return;
    auto group = merged();
    std::lock_guard lock(current_mutex_);
    current_ = std::move(group);
}

std::shared_ptr<const Group> GroupIndex::merged() const {
    std::vector<MemberInput> inputs;
    for (const auto& m : members_)
        if (m.summary) inputs.push_back({.member = card(m.source, *m.summary), .summary = m.summary});
    auto paper_url = [](const GroupMember& member, std::string_view slug) {
        return url_for(RouteKind::publication, {.prefix = member.base_url, .slug = slug});
    };
    auto group = std::make_shared<Group>(make_group(std::move(inputs), paper_url));
    group->modified_unix = system_unix();
    // Indexed here, by the one thread that merged, while the others serve
    // the version before: a query never waits for a build.
    group->search = make_group_search(*group);
    return group;
}

}  // namespace vitae

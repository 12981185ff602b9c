#include "store/rows/content_changes.hpp"

#include <set>
#include <string>
#include <unordered_map>

#include "base/limits.hpp"
#include "store/model/schema_sql.hpp"
#include "store/rows/content_rows.hpp"
#include "store/rows/language_rows.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

namespace {

// The triggers data/schema.sql defines: all present, or the log is not trusted.
std::int64_t expected_triggers() {
    static const std::int64_t count = [] {
        std::int64_t n = 0;
        constexpr std::string_view head = "CREATE TRIGGER log_";
        for (auto at = schema_sql.find(head); at != std::string_view::npos; at = schema_sql.find(head, at + 1)) ++n;
        return n;
    }();
    return count;
}

// The last sequence number handed out (entries may have been pruned since).
std::int64_t last_seq(const Db& db) {
    auto stmt = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'change_log'");
    return stmt.step() ? stmt.int_at(0) : 0;
}

struct Changes {
    std::int64_t first_seq = 0, last_seq = 0, count = 0;
    bool profile = false, sections = false, files = false;
    std::set<std::int64_t> publications;
    std::set<std::string> posts;
};

Changes read_changes(const Db& db, std::int64_t since) {
    Changes out;
    auto stmt = db.prepare("SELECT seq, item, key FROM change_log WHERE seq > ? ORDER BY seq LIMIT ?");
    stmt.bind(1, since);
    stmt.bind(2, limits::max_followed_changes + 1);
    while (stmt.step()) {
        if (out.count++ == 0) out.first_seq = stmt.int_at(0);
        out.last_seq = stmt.int_at(0);
        std::string item = stmt.text_at(1);
        if (item == "publication") out.publications.insert(stmt.int_at(2));
        else if (item == "post") out.posts.insert(stmt.text_at(2));
        else if (item == "profile") out.profile = true;
        else if (item == "file") out.files = true;
        else out.sections = true;  // "sections", or one this build does not know: read them again
    }
    return out;
}

// The publications in their new order: the changed ones read again, the rest the very rows of `previous`.
void follow_publications(const Db& db, const Content& previous, const ChangeMark& since, const Changes& changes,
                         Content& next, ChangeMark& now) {
    std::unordered_map<std::int64_t, std::size_t> old_index;
    for (std::size_t i = 0; i < since.publication_ids.size(); ++i) old_index.emplace(since.publication_ids[i], i);
    now.publication_ids = rows::publication_ids(db);
    next.publications.clear();
    next.publications.reserve(now.publication_ids.size());
    for (auto id : now.publication_ids) {
        auto old = old_index.find(id);
        if (old != old_index.end() && !changes.publications.contains(id) && old->second < previous.publications.size())
            next.publications.push_back(previous.publications.shared(old->second));
        else if (auto row = rows::read_publication(db, id, next))
            next.publications.push_back(std::move(*row));
    }
}

void follow_posts(const Db& db, const Content& previous, const Changes& changes, Content& next) {
    std::unordered_map<std::string_view, std::size_t> old_index;
    for (std::size_t i = 0; i < previous.posts.size(); ++i) old_index.emplace(previous.posts[i].slug, i);
    next.posts.clear();
    for (const auto& slug : rows::post_slugs(db)) {
        auto old = old_index.find(slug);
        if (old != old_index.end() && !changes.posts.contains(slug))
            next.posts.push_back(previous.posts.shared(old->second));
        else if (auto row = rows::read_post(db, slug))
            next.posts.push_back(std::move(*row));
    }
}

}  // namespace

ChangeMark change_mark(const Db& db, std::vector<std::int64_t> publication_ids) {
    ChangeMark mark;
    mark.publication_ids = std::move(publication_ids);
    mark.schema_cookie = db.schema_cookie();
    auto triggers = db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name GLOB 'log_*'");
    auto table = db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'change_log'");
    mark.usable = triggers.step() && triggers.int_at(0) == expected_triggers() && table.step() && table.int_at(0) == 1;
    if (mark.usable) mark.seq = last_seq(db);
    return mark;
}

std::optional<Content> load_changes(const Db& db, const Content& previous, const ChangeMark& since, ChangeMark& now,
                                    const std::function<void()>& in_snapshot) {
    if (!since.usable) return std::nullopt;
    Transaction transaction(db, Transaction::Mode::read);
    Changes changes = read_changes(db, since.seq);  // the first read: the snapshot starts here
    if (in_snapshot) in_snapshot();
    if (db.schema_cookie() != since.schema_cookie) return std::nullopt;  // a table or trigger changed
    if (changes.count > limits::max_followed_changes) return std::nullopt;
    if (changes.count == 0 ? last_seq(db) != since.seq : changes.first_seq != since.seq + 1)
        return std::nullopt;  // entries pruned past `since`, or the log was reset

    Content next = previous;  // the rows themselves are shared, not copied
    now = since;
    now.seq = changes.count == 0 ? since.seq : changes.last_seq;
    if (changes.profile) {
        rows::load_profile(db, next);
        // Who the owner is decides a flag on every author: follow that by a whole load.
        if (next.name != previous.name || next.name_variants != previous.name_variants) return std::nullopt;
    }
    if (changes.sections) rows::load_sections(db, next);
    if (changes.sections || changes.profile) rows::load_languages(db, next);  // a paragraph's by its position
    if (changes.files) rows::load_files(db, next);
    if (!changes.publications.empty()) follow_publications(db, previous, since, changes, next, now);
    if (!changes.posts.empty()) follow_posts(db, previous, changes, next);
    // A project names its papers and posts by slug, which their own edits may change.
    if (!changes.sections && !next.projects.empty() && (!changes.publications.empty() || !changes.posts.empty()))
        rows::load_projects(db, next);
    return next;
}

std::int64_t change_log_mark(const Db& db) {
    auto s = db.prepare("SELECT coalesce(max(seq), 0) FROM change_log");
    s.step();
    return s.int_at(0);
}

std::optional<std::vector<std::string>> keys_changed_since(const Db& db, std::int64_t mark, std::string_view item) {
    auto first = db.prepare("SELECT coalesce(min(seq), 0) FROM change_log");
    first.step();
    if (first.int_at(0) > mark + 1) return std::nullopt;
    auto s = db.prepare("SELECT DISTINCT key FROM change_log WHERE seq > ? AND item = ? AND key IS NOT NULL");
    s.bind(1, mark);
    s.bind(2, item);
    std::vector<std::string> keys;
    while (s.step()) keys.push_back(s.text_at(0));
    return keys;
}

}  // namespace vitae

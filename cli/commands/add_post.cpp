#include "cli/commands/add_post.hpp"

#include <charconv>
#include <chrono>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "edit/recorder.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_store.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/posts.hpp"

namespace vitae::cli {

namespace {

std::optional<unsigned> number(std::string_view digits) {
    unsigned value = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return value;
}

void require_post(const Db& db, const std::string& db_path, const std::string& slug, std::string_view verb) {
    auto existing = db.prepare("SELECT 1 FROM post WHERE slug = ?");
    existing.bind(1, slug);
    if (!existing.step()) throw Error(std::string(verb) + " " + in_quotes(db_path) + ": no post " + in_quotes(slug));
}

}  // namespace

bool is_valid_date(std::string_view date) {
    if (date.size() != 10 || date[4] != '-' || date[7] != '-') return false;
    auto y = number(date.substr(0, 4)), m = number(date.substr(5, 2)), d = number(date.substr(8, 2));
    if (!y || !m || !d) return false;
    return std::chrono::year_month_day(std::chrono::year(static_cast<int>(*y)), std::chrono::month(*m),
                                       std::chrono::day(*d))
        .ok();
}

void add_post(const std::string& db_path, const Post& post) {
    auto db = open_checked(db_path);
    RecordedTransaction transaction(db, cli_editor_name(), {"posts"});
    auto existing = db.prepare("SELECT 1 FROM post WHERE slug = ?");
    existing.bind(1, post.slug);
    if (existing.step())
        throw Error("add post " + in_quotes(db_path) + ": a post with slug " + in_quotes(post.slug) +
                    " exists (to change it, see docs/cli.md)");
    insert_post(db, post);
    transaction.commit();
}

std::string publish_post(const std::string& db_path, const std::string& slug) {
    auto db = open_checked(db_path);
    RecordedTransaction transaction(db, cli_editor_name(), {"posts"});
    auto date = publish_draft(db, slug);
    if (!date) {
        require_post(db, db_path, slug, "publish post");
        throw Error("publish post " + in_quotes(db_path) + ": post " + in_quotes(slug) + " is not a draft");
    }
    transaction.commit();
    return *date;
}

int tag_post(const std::string& db_path, const std::string& slug, const std::vector<std::string>& tags) {
    auto db = open_checked(db_path);
    RecordedTransaction transaction(db, cli_editor_name(), {"posts"});
    require_post(db, db_path, slug, "tag post");
    int added = add_post_tags(db, slug, tags);
    transaction.commit();
    return added;
}

bool untag_post(const std::string& db_path, const std::string& slug, const std::string& tag) {
    auto db = open_checked(db_path);
    RecordedTransaction transaction(db, cli_editor_name(), {"posts"});
    require_post(db, db_path, slug, "untag post");
    bool removed = remove_post_tag(db, slug, tag);
    transaction.commit();
    return removed;
}

}  // namespace vitae::cli

#include "cli/commands/add_post.hpp"

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_rows.hpp"
#include "store/rows/content_store.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/posts.hpp"

namespace vitae::cli {

namespace {

void require_post(const Db& db, const std::string& db_path, const std::string& slug, std::string_view verb) {
    if (!rows::post_exists(db, slug)) throw Error(std::string(verb) + " " + in_quotes(db_path) + ": no post " + in_quotes(slug));
}

}  // namespace

void add_post(const std::string& db_path, const Post& post) {
    auto db = open_checked(db_path);
    LoggedTransaction transaction(db, cli_editor_name(), {"post"});
    if (rows::post_exists(db, post.slug))
        throw Error("add post " + in_quotes(db_path) + ": a post with slug " + in_quotes(post.slug) +
                    " exists (to change it, see docs/cli.md)");
    insert_post(db, post);
    transaction.commit();
}

std::string publish_post(const std::string& db_path, const std::string& slug) {
    auto db = open_checked(db_path);
    LoggedTransaction transaction(db, cli_editor_name(), {"post"});
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
    LoggedTransaction transaction(db, cli_editor_name(), {"post"});
    require_post(db, db_path, slug, "tag post");
    int added = add_post_tags(db, slug, tags);
    transaction.commit();
    return added;
}

bool untag_post(const std::string& db_path, const std::string& slug, const std::string& tag) {
    auto db = open_checked(db_path);
    LoggedTransaction transaction(db, cli_editor_name(), {"post"});
    require_post(db, db_path, slug, "untag post");
    bool removed = remove_post_tag(db, slug, tag);
    transaction.commit();
    return removed;
}

}  // namespace vitae::cli

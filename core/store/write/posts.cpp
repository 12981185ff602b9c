#include "store/write/posts.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstring>

#include "base/error.hpp"
#include "store/sql/sql_text.hpp"
#include "store/write/position.hpp"

namespace vitae {

std::string new_preview_token() {
    unsigned char bytes[16];
    std::size_t got = 0;
    while (got < sizeof bytes) {
        ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw Error(std::string("preview token: getrandom: ") + std::strerror(errno));
        got += static_cast<std::size_t>(n);
    }
    static constexpr char hex[] = "0123456789abcdef";
    std::string token;
    for (unsigned char b : bytes) {
        token += hex[b >> 4];
        token += hex[b & 15];
    }
    return token;
}

void insert_post(const Db& db, const Post& post) {
    auto insert = db.prepare(
        "INSERT INTO post (slug, title, published, body_format, body, status, preview_token) VALUES (?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, post.slug);
    insert.bind(2, post.title);
    insert.bind(3, post.published);
    insert.bind(4, post.body_format);
    insert.bind(5, post.body);
    insert.bind(6, std::string_view(post.draft ? "draft" : "published"));
    insert.bind(7, post.preview_token);
    insert.step();
    add_post_tags(db, post.slug, post.tags);
}

void update_post(const Db& db, const Post& post) {
    auto update = db.prepare(
        "UPDATE post SET title = ?, published = ?, body_format = ?, body = ?, status = ?, preview_token = ? WHERE slug = ?");
    update.bind(1, post.title);
    update.bind(2, post.published);
    update.bind(3, post.body_format);
    update.bind(4, post.body);
    update.bind(5, std::string_view(post.draft ? "draft" : "published"));
    update.bind(6, post.preview_token);
    update.bind(7, post.slug);
    update.step();
    auto clear = db.prepare("DELETE FROM post_tag WHERE post_slug = ?");
    clear.bind(1, post.slug);
    clear.step();
    add_post_tags(db, post.slug, post.tags);
}

bool remove_post(const Db& db, std::string_view slug) {
    auto remove = db.prepare("DELETE FROM post WHERE slug = ? RETURNING 1");
    remove.bind(1, slug);
    return remove.step();
}

int add_post_tags(const Db& db, std::string_view slug, const std::vector<std::string>& tags) {
    int added = 0;
    auto insert = db.prepare("INSERT OR IGNORE INTO post_tag (post_slug, position, tag) VALUES (?, ?, ?) RETURNING 1");
    for (const auto& tag : tags) {
        insert.reset();
        insert.bind(1, slug);
        insert.bind(2, next_position(db, "post_tag", "post_slug", slug));
        insert.bind(3, tag);
        added += insert.step() ? 1 : 0;  // a row back: inserted, not ignored
    }
    return added;
}

bool remove_post_tag(const Db& db, std::string_view slug, std::string_view tag) {
    auto remove = db.prepare("DELETE FROM post_tag WHERE post_slug = ? AND tag = ? RETURNING 1");
    remove.bind(1, slug);
    remove.bind(2, tag);
    return remove.step();
}

std::optional<std::string> publish_draft(const Db& db, std::string_view slug) {
    auto update = db.prepare(
        "UPDATE post SET status = 'published', preview_token = '' WHERE slug = ? AND status = 'draft' RETURNING published");
    update.bind(1, slug);
    std::optional<std::string> date;
    if (update.step()) date = update.text_at(0);
    return date;
}

}  // namespace vitae

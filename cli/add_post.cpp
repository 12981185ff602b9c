#include "add_post.hpp"

#include <charconv>
#include <chrono>

#include "error.hpp"
#include "content_store.hpp"
#include "db.hpp"
#include "log.hpp"

namespace vitae::cli {

namespace {

std::optional<unsigned> number(std::string_view digits) {
    unsigned value = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return value;
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

void add_post(const std::string& db_path, const NewPost& post) {
    auto db = Db::open(db_path, OpenMode::read_write);
    check_schema_version(db);
    Transaction transaction(db);
    auto existing = db.prepare("SELECT 1 FROM post WHERE slug = ?");
    existing.bind(1, post.slug);
    if (existing.step())
        throw Error("add post " + in_quotes(db_path) + ": a post with slug " + in_quotes(post.slug) +
                    " exists (to change it, see docs/cli.md)");
    auto insert = db.prepare("INSERT INTO post (slug, title, published, body_format, body) VALUES (?, ?, ?, ?, ?)");
    insert.bind(1, post.slug);
    insert.bind(2, post.title);
    insert.bind(3, post.published);
    insert.bind(4, post.body_format);
    insert.bind(5, post.body);
    insert.step();
    transaction.commit();
}

}  // namespace vitae::cli

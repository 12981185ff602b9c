#include "store/rows/sync_rows.hpp"

#include <unordered_map>

#include "store/rows/publication_store.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

std::map<std::string, std::string, std::less<>> sync_settings(const Db& db) {
    std::map<std::string, std::string, std::less<>> out;
    auto stmt = db.prepare("SELECT name, value FROM sync_setting ORDER BY name");
    while (stmt.step()) out[stmt.text_at(0)] = stmt.text_at(1);
    return out;
}

std::vector<SyncedPublication> synced_publications(const Db& db) {
    std::vector<SyncedPublication> out;
    std::unordered_map<std::int64_t, std::size_t> index;
    auto ids = db.prepare("SELECT id FROM publication ORDER BY position");
    while (ids.step()) {
        SyncedPublication entry;
        entry.id = ids.int_at(0);
        if (auto p = read_publication(db, entry.id)) entry.publication = std::move(*p);
        index[entry.id] = out.size();
        out.push_back(std::move(entry));
    }
    auto external = db.prepare(
        "SELECT publication_id, service, external_id FROM publication_external_id ORDER BY publication_id, service, "
        "external_id");
    while (external.step())
        if (auto it = index.find(external.int_at(0)); it != index.end())
            out[it->second].ids.push_back({external.text_at(1), external.text_at(2)});
    auto synced = db.prepare("SELECT publication_id, field, service, value FROM publication_synced_field");
    while (synced.step())
        if (auto it = index.find(synced.int_at(0)); it != index.end())
            out[it->second].synced[synced.text_at(1)] = {synced.text_at(2), synced.text_at(3)};
    return out;
}

namespace {

constexpr const char* review_columns = "SELECT service, external_id, title, year, work, found FROM sync_review";

ReviewItem review_item_at(const Stmt& stmt) {
    ReviewItem item{{stmt.text_at(0), stmt.text_at(1)}, stmt.text_at(2), std::nullopt, stmt.text_at(4), stmt.text_at(5)};
    if (auto year = stmt.optional_int_at(3)) item.year = static_cast<int>(*year);
    return item;
}

}  // namespace

std::vector<ReviewItem> review_items(const Db& db) {
    std::vector<ReviewItem> out;
    auto stmt = db.prepare(std::string(review_columns) + " ORDER BY found, service, external_id");
    while (stmt.step()) out.push_back(review_item_at(stmt));
    return out;
}

std::optional<ReviewItem> review_item(const Db& db, const ExternalId& key) {
    auto stmt = db.prepare(std::string(review_columns) + " WHERE service = ? AND external_id = ?");
    stmt.bind(1, key.service);
    stmt.bind(2, key.id);
    if (!stmt.step()) return std::nullopt;
    return review_item_at(stmt);
}

std::size_t review_count(const Db& db) {
    auto stmt = db.prepare("SELECT count(*) FROM sync_review");
    stmt.step();
    return static_cast<std::size_t>(stmt.int_at(0));
}

}  // namespace vitae

#include "store/write/publication_sync.hpp"

#include "store/sql/sql_text.hpp"

namespace vitae {

void set_sync_setting(const Db& db, std::string_view name, std::string_view value) {
    if (value.empty()) {
        auto del = db.prepare("DELETE FROM sync_setting WHERE name = ?");
        del.bind(1, name);
        del.step();
        return;
    }
    auto put = db.prepare(
        "INSERT INTO sync_setting (name, value) VALUES (?1, ?2) "
        "ON CONFLICT (name) DO UPDATE SET value = excluded.value WHERE value <> excluded.value");
    put.bind(1, name);
    put.bind(2, value);
    put.step();
}

void add_external_id(const Db& db, std::int64_t publication_id, const ExternalId& id) {
    auto put = db.prepare(
        "INSERT INTO publication_external_id (publication_id, service, external_id) VALUES (?1, ?2, ?3) "
        "ON CONFLICT DO NOTHING");
    put.bind(1, publication_id);
    put.bind(2, id.service);
    put.bind(3, id.id);
    put.step();
}

void set_synced_field(const Db& db, std::int64_t publication_id, std::string_view field, const SyncedField& value) {
    auto put = db.prepare(
        "INSERT INTO publication_synced_field (publication_id, field, service, value) VALUES (?1, ?2, ?3, ?4) "
        "ON CONFLICT (publication_id, field) DO UPDATE SET service = excluded.service, value = excluded.value "
        "WHERE service <> excluded.service OR value <> excluded.value");
    put.bind(1, publication_id);
    put.bind(2, field);
    put.bind(3, value.service);
    put.bind(4, value.value);
    put.step();
}

void set_citation_count(const Db& db, std::int64_t publication_id, const CitationCount& count) {
    auto put = db.prepare(
        "INSERT INTO citation_count (publication_id, service, count, counted) VALUES (?1, ?2, ?3, ?4) "
        "ON CONFLICT (publication_id, service) DO UPDATE SET count = excluded.count, counted = excluded.counted "
        "WHERE count <> excluded.count");
    put.bind(1, publication_id);
    put.bind(2, count.service);
    put.bind(3, count.count);
    put.bind(4, count.counted);
    put.step();
}

void put_review_item(const Db& db, const ReviewItem& item) {
    // The day it was first found stays; the work is refreshed when it changed upstream.
    auto put = db.prepare(
        "INSERT INTO sync_review (service, external_id, title, year, work, found) VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
        "ON CONFLICT (service, external_id) DO UPDATE SET title = excluded.title, year = excluded.year, "
        "work = excluded.work WHERE work <> excluded.work");
    put.bind(1, item.key.service);
    put.bind(2, item.key.id);
    put.bind(3, item.title);
    put.bind(4, item.year);
    put.bind(5, item.work);
    put.bind(6, item.found);
    put.step();
}

void remove_review_item(const Db& db, const ExternalId& key) {
    auto del = db.prepare("DELETE FROM sync_review WHERE service = ? AND external_id = ?");
    del.bind(1, key.service);
    del.bind(2, key.id);
    del.step();
}

}  // namespace vitae

#include "store/rows/content_store.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/rows/content_rows.hpp"
#include "store/rows/language_rows.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

void check_schema_version(const Db& db) {
    auto version = db.user_version();
    if (version == schema_version) return;
    std::string fix = version < schema_version ? "run `vitae migrate`, or build it from data/schema.sql"
                                               : "this vitae is older than the database";
    throw Error("check " + in_quotes(db.path()) + ": schema version " + std::to_string(version) + ", expected " +
                std::to_string(schema_version) + " (" + fix + ")");
}

Db open_checked(const std::string& path, OpenMode mode) {
    auto db = Db::open(path, mode);
    check_schema_version(db);
    return db;
}

void check_database(const Db& db, Integrity integrity) {
    // The first read is where "file is not a database" surfaces.
    db.user_version();
    if (integrity == Integrity::check) {
        auto check = db.prepare("PRAGMA quick_check");
        if (!check.step() || check.text_at(0) != "ok")
            throw Error("check " + in_quotes(db.path()) + ": database is corrupt (quick_check: " + check.text_at(0) +
                        ")");
    }
    check_schema_version(db);
    for (const auto& sql : rows::all_queries()) {
        try {
            db.prepare(sql);
        } catch (const Error& e) {
            throw Error(std::string(e.what()) + " (database lacks the expected schema)");
        }
    }
}

namespace {

Content read_content(const Db& db, const std::function<void()>& in_snapshot, ChangeMark* mark) {
    Content content;
    rows::load_profile(db, content);
    if (in_snapshot) in_snapshot();
    auto ids = rows::load_publications(db, content);
    rows::load_posts(db, content);
    rows::load_sections(db, content);
    rows::load_languages(db, content);
    rows::load_files(db, content);
    if (mark) *mark = change_mark(db, std::move(ids));
    return content;
}

}  // namespace

Content load_content(const Db& db, const std::function<void()>& in_snapshot, ChangeMark* mark) {
    Transaction transaction(db, Transaction::Mode::read);  // one snapshot for every table
    return read_content(db, in_snapshot, mark);
}

Content load_content_in_transaction(const Db& db) { return read_content(db, {}, nullptr); }

std::optional<std::string> first_table_with_content(const Db& db) {
    for (const char* table : {"profile_paragraph", "profile_email", "profile_link", "profile_name_variant", "coauthor",
                              "education", "post", "publication", "teaching", "service", "experience", "project",
                              "award", "news", "talk", "page"}) {
        auto count = db.prepare(std::string("SELECT count(*) FROM ") + table);
        count.step();
        if (count.int_at(0) > 0) return table;
    }
    return std::nullopt;
}

}  // namespace vitae

#include "store/schema/schema.hpp"

#include <filesystem>
#include <iterator>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/model/schema_sql.hpp"
#include "store/rows/content_store.hpp"
#include "store/sql/sql_text.hpp"
#include "store/sqlite/db.hpp"
#include "store/sqlite/temp_file.hpp"
#include "store/write/profile.hpp"

namespace vitae {

namespace {

// The part of data/schema.sql from the line `from` to the line `to` (or its
// end): a version's additions, appended there, so a new database and a
// migrated one run the very same SQL.
constexpr std::string_view schema_part(std::string_view from, std::string_view to) {
    auto begin = schema_sql.find(from);
    auto end = to.empty() ? schema_sql.size() : schema_sql.find(to);
    if (begin == std::string_view::npos || end == std::string_view::npos || end < begin)
        throw "data/schema.sql lacks a version's marker";  // at compile time: the build fails
    return schema_sql.substr(begin, end - begin);
}

// Append a step here together with every change to data/schema.sql. An
// empty database gets data/schema.sql at once (the latest version), so only
// the steps from 1 on run one after another.
constexpr Migration migration_table[] = {
    {0, "empty database -> latest: create every table (data/schema.sql)", schema_sql},
    {1, "version 1 -> 2: profile gains affiliation and job_title",
     "ALTER TABLE profile ADD COLUMN affiliation TEXT NOT NULL DEFAULT '';"
     "ALTER TABLE profile ADD COLUMN job_title TEXT NOT NULL DEFAULT '';"},
    // SQLite cannot change a CHECK in place: the table is rebuilt (foreign
    // keys are off during migrate, and checked before the commit).
    {2, "version 2 -> 3: every BibTeX entry type as a kind; DOI, arXiv, volume, pages... as columns; "
        "every other field kept in publication_field; the owner's name variants; co-authors' pages",
     R"sql(
CREATE TABLE publication_v3 (
    id       INTEGER PRIMARY KEY,
    slug     TEXT NOT NULL UNIQUE CHECK (slug GLOB '[a-z0-9]*' AND slug NOT GLOB '*[^a-z0-9-]*'),
    position INTEGER NOT NULL UNIQUE,
    kind     TEXT NOT NULL CHECK (kind IN ('conference', 'journal', 'preprint', 'book', 'chapter', 'thesis',
                                           'report', 'proceedings', 'patent', 'dataset', 'software', 'other')),
    title    TEXT NOT NULL,
    venue    TEXT NOT NULL DEFAULT '',
    year     INTEGER,
    abstract TEXT NOT NULL DEFAULT '',
    venue_short TEXT NOT NULL DEFAULT '',
    selected    INTEGER NOT NULL DEFAULT 0 CHECK (selected IN (0, 1)),
    doi         TEXT NOT NULL DEFAULT '',
    arxiv       TEXT NOT NULL DEFAULT '',
    arxiv_class TEXT NOT NULL DEFAULT '',
    volume      TEXT NOT NULL DEFAULT '',
    number      TEXT NOT NULL DEFAULT '',
    pages       TEXT NOT NULL DEFAULT '',
    publisher   TEXT NOT NULL DEFAULT '',
    institution TEXT NOT NULL DEFAULT '',
    address     TEXT NOT NULL DEFAULT '',
    month       TEXT NOT NULL DEFAULT '',
    editor      TEXT NOT NULL DEFAULT '',
    series      TEXT NOT NULL DEFAULT '',
    edition     TEXT NOT NULL DEFAULT '',
    isbn        TEXT NOT NULL DEFAULT '',
    issn        TEXT NOT NULL DEFAULT '',
    note        TEXT NOT NULL DEFAULT '',
    keywords    TEXT NOT NULL DEFAULT '',
    bibtex_key  TEXT NOT NULL DEFAULT '',
    bibtex_type TEXT NOT NULL DEFAULT ''
);
INSERT INTO publication_v3 (id, slug, position, kind, title, venue, year, abstract)
    SELECT id, slug, position, kind, title, venue, year, abstract FROM publication;
DROP TABLE publication;
ALTER TABLE publication_v3 RENAME TO publication;
CREATE TABLE publication_field (
    publication_id INTEGER NOT NULL REFERENCES publication(id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    name           TEXT NOT NULL CHECK (name <> ''),
    value          TEXT NOT NULL,
    PRIMARY KEY (publication_id, position)
) WITHOUT ROWID;
CREATE TABLE profile_name_variant (
    position INTEGER PRIMARY KEY,
    name     TEXT NOT NULL CHECK (name <> '')
);
CREATE TABLE coauthor (
    name  TEXT PRIMARY KEY CHECK (name <> ''),
    url   TEXT NOT NULL DEFAULT '',
    orcid TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;
)sql"},
    {3, "version 3 -> 4: the change log, so the worker reads again only the rows an edit changed",
     schema_part("-- v4: the change log", "-- v5: files")},
    {4, "version 4 -> 5: files (pictures, PDFs) stored with the content; the profile's photo",
     schema_part("-- v5: files", "-- v6: tags on posts")},
    {5, "version 5 -> 6: tags on posts; drafts with a preview URL", schema_part("-- v6: tags on posts", "-- v7: news and talks")},
    {6, "version 6 -> 7: news items and talks", schema_part("-- v7: news and talks", "-- v8: projects")},
    {7, "version 7 -> 8: projects, awards, teaching roles, preview pictures; languages and translations",
     schema_part("-- v8: projects", "-- v9: search")},
    {8, "version 8 -> 9: a full-text index of every publication, post, news item, talk, project and the bio, "
        "kept by triggers", schema_part("-- v9: search", "-- v10: edit log")},
    {9, "version 9 -> 10: the edit log (who changed which row, before and after)", schema_part("-- v10: edit log", "-- v11: sync")},
    {10, "version 10 -> 11: sync: ids at ORCID, OpenAlex, DBLP, INSPIRE; synced fields; the review list; citation counts",
     schema_part("-- v11: sync", "-- v12: pages")},
    {11, "version 11 -> 12: pages of the owner's own (a slug, a title, a body, a place in the menu), searchable",
     schema_part("-- v12: pages", "-- v13: an uploaded PDF")},
    {12, "version 12 -> 13: an uploaded PDF's accessibility (tagged, language, title, extractable text)",
     schema_part("-- v13: an uploaded PDF", "")},
};
static_assert(std::size(migration_table) == schema_version, "a migration per schema version, see data/schema.sql");

bool has_tables(const Db& db) {
    auto stmt = db.prepare("SELECT count(*) FROM sqlite_schema");
    return stmt.step() && stmt.int_at(0) > 0;
}

void set_user_version(const Db& db, std::int64_t version) {
    // PRAGMA takes no bound parameters; the number is ours, not user input.
    db.exec(("PRAGMA user_version = " + std::to_string(version)).c_str());
}

}  // namespace

std::span<const Migration> migrations() {
    return migration_table;
}
std::int64_t latest_version() {
    return static_cast<std::int64_t>(std::size(migration_table));
}

void init_database(const std::string& path, std::string_view owner_name) {
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
        throw Error("init " + in_quotes(path) +
                    ": file exists; refusing to overwrite it (to upgrade it: vitae migrate)");
    TempFile temp(path, "init");
    {
        auto db = Db::open(temp.path(), OpenMode::create);
        Transaction transaction(db);
        db.exec(std::string(schema_sql).c_str());
        set_user_version(db, latest_version());
        if (!owner_name.empty()) {
            Content owner;
            owner.name = std::string(owner_name);
            upsert_profile(db, owner);
        }
        transaction.commit();
    }
    temp.rename_to(path, IfExists::refuse);
}

MigrateResult migrate_database(const std::string& path, std::int64_t now_unix) {
    auto db = Db::open(path, OpenMode::read_write);
    MigrateResult result{db.user_version(), latest_version(), {}};
    if (result.from > result.to)
        throw Error("migrate " + in_quotes(path) + ": schema version " + std::to_string(result.from) +
                    " is newer than this vitae knows (" + std::to_string(result.to) + "); upgrade vitae");
    if (result.from == result.to) return result;
    if (result.from == 0 && has_tables(db))
        throw Error("migrate " + in_quotes(path) +
                    ": schema version 0 but the file has tables; not a Vitae database, refusing to change it");

    result.backup_path = path + ".bak-" + std::to_string(now_unix);
    auto backup = db.prepare("VACUUM INTO ?");  // fails rather than overwrite an existing backup
    backup.bind(1, result.backup_path);
    backup.step();

    // A step may rebuild a table that others reference; the references are
    // checked as a whole before the commit instead.
    db.exec("PRAGMA foreign_keys = OFF");
    Transaction transaction(db);
    if (db.user_version() != result.from)
        throw Error("migrate " + in_quotes(path) + ": changed by another writer; run migrate again");
    if (result.from == 0) {
        db.exec(std::string(schema_sql).c_str());
        set_user_version(db, latest_version());
    }
    for (const auto& step : migrations()) {
        if (result.from == 0 || step.from_version < result.from) continue;
        db.exec(std::string(step.sql).c_str());
        set_user_version(db, step.from_version + 1);
    }
    if (auto broken = db.prepare("PRAGMA foreign_key_check"); broken.step())
        throw Error("migrate " + in_quotes(path) + ": a row of " + in_quotes(broken.text_at(0)) +
                    " lost the row it refers to; nothing was changed");
    transaction.commit();
    return result;
}

}  // namespace vitae

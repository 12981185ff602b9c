#include "sqlite.hpp"

#include <sqlite3.h>

#include "error.hpp"
#include "log.hpp"

namespace vitae {

void Stmt::Finalizer::operator()(sqlite3_stmt* s) const noexcept { sqlite3_finalize(s); }
void Db::Closer::operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }

Stmt::Stmt(sqlite3_stmt* stmt, std::string db_path) : stmt_(stmt), db_path_(std::move(db_path)) {}

bool Stmt::step() {
    int rc = sqlite3_step(stmt_.get());
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw LoadError("read " + in_quotes(db_path_) + ": " + sqlite3_errmsg(sqlite3_db_handle(stmt_.get())));
}

void Stmt::reset() { sqlite3_reset(stmt_.get()); }

std::int64_t Stmt::int_at(int column) const { return sqlite3_column_int64(stmt_.get(), column); }

std::optional<std::int64_t> Stmt::optional_int_at(int column) const {
    if (sqlite3_column_type(stmt_.get(), column) == SQLITE_NULL) return std::nullopt;
    return int_at(column);
}

std::string Stmt::text_at(int column) const {
    const auto* text = sqlite3_column_text(stmt_.get(), column);
    if (text == nullptr) return {};
    std::string value(reinterpret_cast<const char*>(text),
                      static_cast<std::size_t>(sqlite3_column_bytes(stmt_.get(), column)));
    // SQLite's GLOB CHECKs stop at a NUL, so a slug like "a\0/x" passes them
    // (found by tests/fuzz/content_fuzz). No field of ours may hold one.
    if (value.find('\0') != std::string::npos)
        throw LoadError("read " + in_quotes(db_path_) + ": column " + sqlite3_column_name(stmt_.get(), column) +
                        " holds a NUL byte");
    return value;
}

void Stmt::bind(int index, std::string_view text) {
    if (sqlite3_bind_text(stmt_.get(), index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT) != SQLITE_OK)
        throw LoadError("bind " + in_quotes(db_path_) + ": " + sqlite3_errmsg(sqlite3_db_handle(stmt_.get())));
}

Db::Db(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}

Db Db::open_readonly(const std::string& path) {
    sqlite3* raw = nullptr;
    int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE, nullptr);
    Db db(raw, path);  // owns the handle even when open failed
    if (rc != SQLITE_OK) db.fail("open");
    sqlite3_extended_result_codes(raw, 1);
    // A writer holding the lock for a moment must not fail a reload.
    sqlite3_busy_timeout(raw, 2000);
    return db;
}

void Db::fail(std::string_view what) const {
    const char* message = db_ ? sqlite3_errmsg(db_.get()) : "out of memory";
    throw LoadError(std::string(what) + " " + in_quotes(path_) + ": " + message);
}

Stmt Db::prepare(std::string_view sql) const {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(db_.get(), sql.data(), static_cast<int>(sql.size()), 0, &stmt, nullptr) != SQLITE_OK)
        fail("query");
    return Stmt(stmt, path_);
}

void Db::exec(const char* sql) const {
    if (sqlite3_exec(db_.get(), sql, nullptr, nullptr, nullptr) != SQLITE_OK) fail("query");
}

std::int64_t Db::pragma_int(const char* pragma) const {
    auto stmt = prepare(std::string("PRAGMA ") + pragma);
    return stmt.step() ? stmt.int_at(0) : 0;
}

}  // namespace vitae

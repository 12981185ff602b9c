#include "store/sqlite/db.hpp"

#include <sqlite3.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <thread>
#include <unordered_map>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

namespace {

// Online backup (limits::backup_*). A step copies up to backup_step_pages pages inside one read
// transaction of the source: 256 pages is 1 MB at the default 4 KB page, a
// few milliseconds from the page cache, so a writer's COMMIT never waits long
// for it (in rollback-journal mode a reader blocks a commit). Between steps
// the source is unlocked, and a commit by another connection there makes the
// next step start again from page 1. A site database is well under a few MB
// (one or two steps); if the copy restarted backup_max_restarts times, an
// owner is committing faster than it copies, and the rest is done in a single
// step: one read transaction over the whole file.
// A step that stays BUSY through the source's busy timeout (rollback-journal
// mode: writers keep a PENDING lock, which new readers wait behind) means
// edits commit back to back. Then, if the file is writable, the copy takes
// the write lock itself (BEGIN IMMEDIATE on a second connection): writers
// wait with their own busy timeout for the one step it takes, readers go on.
// Otherwise it retries every backup_retry_ms, for backup_busy_limit_ms in all.
// A step waits backup_step_busy_ms for its lock (not the reader's 2 s), so a
// starved copy turns to the write lock soon.
// Measured (tests/unit/cli/run/cli_backup_test.cpp, two writers committing 3 KB each
// back to back, two readers): without the write lock, copies failed after
// waiting 5 s; with it every copy ended.

// Waiting for a lock another connection holds, up to `timeout_ms`. SQLite's
// own busy handler (sqlite3_busy_timeout) sleeps 1, 2, 5, 10, 15, 20, 25 ms...
// between tries: a worker that began its reload while an edit's commit held
// the lock (the commit's own writes are what woke it) slept ~50 ms past a
// commit of one millisecond (seen as swap outliers of 47-92 ms against a p50
// of 8 ms). Here the first 20 ms are tried every 200 µs, then every
// millisecond: a lock is taken within a fraction of a millisecond of its
// release, for a few hundred futile tries at most.
constexpr int fine_busy_tries = 100;
constexpr auto fine_busy_sleep = std::chrono::microseconds(200);
constexpr auto coarse_busy_sleep = std::chrono::milliseconds(1);

int wait_while_busy(void* timeout_ms, int tries) {
    auto limit_ms = static_cast<int>(reinterpret_cast<std::intptr_t>(timeout_ms));
    int waited_ms = tries < fine_busy_tries ? tries / 5 : fine_busy_tries / 5 + (tries - fine_busy_tries);
    if (waited_ms >= limit_ms) return 0;
    if (tries < fine_busy_tries) std::this_thread::sleep_for(fine_busy_sleep);
    else std::this_thread::sleep_for(coarse_busy_sleep);
    return 1;
}

void set_busy_timeout(sqlite3* db, int timeout_ms) {
    sqlite3_busy_handler(db, wait_while_busy, reinterpret_cast<void*>(static_cast<std::intptr_t>(timeout_ms)));
}

// The error SQLite reported on `db`, as BusyError when it was a lock.
[[noreturn]] void throw_sqlite(sqlite3* db, const std::string& message) {
    int code = db ? sqlite3_errcode(db) & 0xff : SQLITE_NOMEM;
    if (code == SQLITE_BUSY || code == SQLITE_LOCKED) throw BusyError(message);
    throw Error(message);
}

}  // namespace

// Idle statements of one connection, by SQL text. A statement in use is not
// in here: asking for the same SQL again meanwhile compiles a second one.
class StatementCache {
public:
    StatementCache() = default;
    StatementCache(const StatementCache&) = delete;
    StatementCache& operator=(const StatementCache&) = delete;
    ~StatementCache() {
        for (auto& [sql, stmt] : idle_) sqlite3_finalize(stmt);
    }
    sqlite3_stmt* take(std::string_view sql) {
        auto found = idle_.find(std::string(sql));
        if (found == idle_.end()) return nullptr;
        sqlite3_stmt* stmt = found->second;
        idle_.erase(found);
        return stmt;
    }
    void give_back(sqlite3_stmt* stmt, std::string&& sql) noexcept {
        sqlite3_reset(stmt);  // the last step's error was reported when it happened
        sqlite3_clear_bindings(stmt);
        if (idle_.size() >= limits::statement_cache_size) {
            sqlite3_finalize(stmt);
            return;
        }
        try {
            idle_.emplace(std::move(sql), stmt);
        } catch (...) {
            sqlite3_finalize(stmt);  // out of memory: compile it again next time
        }
    }

private:
    std::unordered_multimap<std::string, sqlite3_stmt*> idle_;
};

void Stmt::Finalizer::operator()(sqlite3_stmt* s) noexcept {
    if (auto cache = home.lock()) {
        cache->give_back(s, std::move(sql));
        return;
    }
    sqlite3_finalize(s);
}
void Db::Closer::operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }

Stmt::Stmt(sqlite3_stmt* stmt, std::string db_path, std::weak_ptr<StatementCache> home, std::string sql)
    : stmt_(stmt, Finalizer{.home = std::move(home), .sql = std::move(sql)}), db_path_(std::move(db_path)) {}

void Stmt::fail(std::string_view what) const {
    sqlite3* db = sqlite3_db_handle(stmt_.get());
    throw_sqlite(db, std::string(what) + " " + in_quotes(db_path_) + ": " + sqlite3_errmsg(db));
}

void Stmt::bind(int index, std::string_view text) {
    if (sqlite3_bind_text(stmt_.get(), index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT) != SQLITE_OK)
        fail("bind");
}

void Stmt::bind_blob(int index, std::string_view bytes) {
    if (sqlite3_bind_blob64(stmt_.get(), index, bytes.data(), bytes.size(), SQLITE_TRANSIENT) != SQLITE_OK)
        fail("bind");
}

void Stmt::bind(int index, std::int64_t value) {
    if (sqlite3_bind_int64(stmt_.get(), index, value) != SQLITE_OK) fail("bind");
}

void Stmt::bind(int index, std::optional<int> value) {
    int rc = value ? sqlite3_bind_int64(stmt_.get(), index, *value) : sqlite3_bind_null(stmt_.get(), index);
    if (rc != SQLITE_OK) fail("bind");
}

bool Stmt::step() {
    int rc = sqlite3_step(stmt_.get());
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail("read");
}

void Stmt::reset() {
    sqlite3_reset(stmt_.get());  // returns the last step's error, already reported
    sqlite3_clear_bindings(stmt_.get());
}

std::int64_t Stmt::int_at(int column) const { return sqlite3_column_int64(stmt_.get(), column); }

std::optional<std::int64_t> Stmt::optional_int_at(int column) const {
    if (sqlite3_column_type(stmt_.get(), column) == SQLITE_NULL) return std::nullopt;
    return int_at(column);
}

std::string Stmt::blob_at(int column) const {
    const auto* bytes = static_cast<const char*>(sqlite3_column_blob(stmt_.get(), column));
    return bytes ? std::string(bytes, static_cast<std::size_t>(sqlite3_column_bytes(stmt_.get(), column))) : std::string();
}

std::string Stmt::text_at(int column) const {
    const auto* text = sqlite3_column_text(stmt_.get(), column);
    if (text == nullptr) return {};
    std::string value(reinterpret_cast<const char*>(text),
                      static_cast<std::size_t>(sqlite3_column_bytes(stmt_.get(), column)));
    if (value.find('\0') != std::string::npos)
        throw Error("read " + in_quotes(db_path_) + ": column " + sqlite3_column_name(stmt_.get(), column) +
                    " holds a NUL byte");
    return value;
}

Db::Db(sqlite3* db, std::string path)
    : db_(db), statements_(std::make_shared<StatementCache>()), path_(std::move(path)) {}

Db Db::open(const std::string& path, OpenMode mode) {
    // SQLite's own message for a missing file ("unable to open database
    // file") does not say which of the possible causes it was.
    std::error_code ec;
    if (mode != OpenMode::create && !std::filesystem::exists(path, ec))
        throw Error("open " + in_quotes(path) + ": no such file (create one with `vitae init`)");
    int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE;
    flags |= mode == OpenMode::read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
    if (mode == OpenMode::create) flags |= SQLITE_OPEN_CREATE;
    sqlite3* raw = nullptr;
    int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
    Db db(raw, path);  // owns the handle even when open failed
    if (rc != SQLITE_OK) db.fail("open");
    sqlite3_extended_result_codes(raw, 1);
    db.busy_timeout_ms_ = mode == OpenMode::read_only ? limits::reader_busy_timeout_ms : limits::writer_busy_timeout_ms;
    set_busy_timeout(raw, db.busy_timeout_ms_);
    if (mode != OpenMode::read_only) db.exec("PRAGMA foreign_keys = ON");
    return db;
}

void Db::fail(std::string_view what) const {
    const char* message = db_ ? sqlite3_errmsg(db_.get()) : "out of memory";
    throw_sqlite(db_.get(), std::string(what) + " " + in_quotes(path_) + ": " + message);
}

Stmt Db::prepare(const SqlText& text) const {
    std::string_view sql = text.view();
    if (sqlite3_stmt* cached = statements_->take(sql)) return Stmt(cached, path_, statements_, std::string(sql));
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(db_.get(), sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt,
                           nullptr) != SQLITE_OK)
        fail("query");
    return Stmt(stmt, path_, statements_, std::string(sql));
}

void Db::release_memory() const { sqlite3_db_release_memory(db_.get()); }

void Db::exec(const SqlText& statements) const {
    std::string sql(statements.view());  // NUL-terminated for sqlite3_exec
    char* message = nullptr;
    if (sqlite3_exec(db_.get(), sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return;
    std::string text = message ? message : sqlite3_errmsg(db_.get());
    sqlite3_free(message);
    throw_sqlite(db_.get(), "query " + in_quotes(path_) + ": " + text);
}

std::int64_t Db::pragma_int(const SqlText& pragma) const {
    // The first read is where "file is not a database" surfaces.
    auto stmt = prepare("PRAGMA " + std::string(pragma.view()));
    return stmt.step() ? stmt.int_at(0) : 0;
}

std::string Db::pragma_text(const SqlText& pragma) const {
    auto stmt = prepare("PRAGMA " + std::string(pragma.view()));
    return stmt.step() ? stmt.text_at(0) : std::string();
}

std::int64_t Db::user_version() const { return pragma_int("user_version"); }
std::int64_t Db::schema_cookie() const { return pragma_int("schema_version"); }
std::int64_t Db::data_version() const { return pragma_int("data_version"); }

void Db::backup_to(const Db& dest) const {
    auto fail_with = [&](int rc) {
        const char* message = rc == SQLITE_OK ? "unknown error" : sqlite3_errmsg(dest.db_.get());
        throw Error("backup " + in_quotes(path_) + " to " + in_quotes(dest.path_) + ": " + message);
    };
    // The handle belongs to dest's connection: it reports errors there, and
    // finish() releases it (and the locks) whatever happened.
    struct Finisher {
        void operator()(sqlite3_backup* b) const noexcept { sqlite3_backup_finish(b); }
    };
    std::unique_ptr<sqlite3_backup, Finisher> backup(
        sqlite3_backup_init(dest.db_.get(), "main", db_.get(), "main"));
    if (!backup) fail_with(sqlite3_errcode(dest.db_.get()));

    struct BusyTimeout {  // the step's own patience, the connection's again after
        const Db& db;
        ~BusyTimeout() { set_busy_timeout(db.db_.get(), db.busy_timeout_ms_); }
    } restore_timeout{*this};
    set_busy_timeout(db_.get(), limits::backup_step_busy_ms);
    int pages = limits::backup_step_pages;
    int restarts = 0;
    int busy_ms = 0;
    int remaining = -1;
    std::optional<Db> locker;  // holds the write lock once writers starved the copy
    std::optional<Transaction> write_lock;
    for (;;) {
        int rc = sqlite3_backup_step(backup.get(), pages);
        if (rc == SQLITE_DONE) break;
        int primary = rc & 0xff;
        if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) {
            if (!locker) {
                locker.emplace(Db::open(path_, OpenMode::read_write));
                if (sqlite3_db_readonly(locker->db_.get(), "main") == 0) {
                    write_lock.emplace(*locker);  // waits up to the writers' busy timeout
                    pages = -1;
                    continue;
                }
            }
            if (busy_ms >= limits::backup_busy_limit_ms)
                throw Error("backup " + in_quotes(path_) + ": database stayed locked for " +
                            std::to_string(busy_ms) + " ms; try again");
            std::this_thread::sleep_for(std::chrono::milliseconds(limits::backup_retry_ms));
            busy_ms += limits::backup_retry_ms;
            continue;
        }
        if (rc != SQLITE_OK) fail_with(rc);
        int now_remaining = sqlite3_backup_remaining(backup.get());
        // Without a restart every step leaves fewer pages to copy.
        if (remaining >= 0 && now_remaining >= remaining && ++restarts >= limits::backup_max_restarts) pages = -1;
        remaining = now_remaining;
    }
    int rc = sqlite3_backup_finish(backup.release());
    if (rc != SQLITE_OK) fail_with(rc);
}

Transaction::Transaction(const Db& db, Mode mode) : db_(db) { db_.exec(mode == Mode::write ? "BEGIN IMMEDIATE" : "BEGIN"); }

Transaction::~Transaction() {
    if (!open_) return;
    try {
        db_.exec("ROLLBACK");  // a read transaction has nothing to undo: this just ends it
    } catch (const std::exception& e) {
        log_warning(e.what());  // the connection closes next, which rolls back too
    }
}

void Transaction::commit() {
    db_.exec("COMMIT");
    open_ = false;
}

}  // namespace vitae

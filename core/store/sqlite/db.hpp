// The one SQLite layer: Db owns a connection, Stmt a prepared statement,
// Transaction a read or write transaction. The worker opens read-only, one
// connection per thread; the CLI opens read-write to edit. Every failure
// throws Error naming the database file and SQLite's message, so callers
// never check return codes by hand; a text column holding a NUL byte is
// refused in every mode (SQLite's GLOB CHECKs stop at a NUL, so a damaged
// or hostile file can carry one past the schema: found by content_fuzz).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace vitae {

class StatementCache;
class SqlText;  // store/sql/sql_text.hpp: complete in the store's layers alone

// A prepared statement. One that came from Db::prepare goes back to its
// connection's cache when destroyed (reset, binds cleared) rather than being
// finalized, so a statement run once per row is compiled once per connection.
class Stmt {
public:
    Stmt(sqlite3_stmt* stmt, std::string db_path, std::weak_ptr<StatementCache> home = {}, std::string sql = {});

    void bind(int index, std::string_view text);
    void bind(int index, std::int64_t value);
    void bind(int index, std::optional<int> value);  // nullopt binds NULL
    void bind_blob(int index, std::string_view bytes);
    bool step();   // true while a row is available
    void reset();  // rewind and clear the binds, to run the statement again
    std::int64_t int_at(int column) const;
    std::optional<std::int64_t> optional_int_at(int column) const;
    std::string text_at(int column) const;
    std::string blob_at(int column) const;  // any bytes, NULs included

private:
    [[noreturn]] void fail(std::string_view what) const;
    struct Finalizer {
        std::weak_ptr<StatementCache> home;  // expired: the connection is gone, finalize
        std::string sql;                     // the cache's key
        void operator()(sqlite3_stmt* s) noexcept;
    };
    std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
    std::string db_path_;
};

// read_only and read_write refuse a missing file instead of creating one.
enum class OpenMode { read_only, read_write, create };

class Db {
public:
    // No shared cache, no mutex: one connection belongs to one thread.
    static Db open(const std::string& path, OpenMode mode);

    // The calls that take SQL text: callable where SqlText is complete, in
    // the store's layers alone (see store/sql/sql_text.hpp).
    Stmt prepare(const SqlText& sql) const;
    // Our own constant SQL only (schema, migrations, BEGIN): never user data.
    void exec(const SqlText& sql) const;
    std::int64_t pragma_int(const SqlText& pragma) const;  // e.g. "user_version"
    std::string pragma_text(const SqlText& pragma) const;  // e.g. "journal_mode"

    std::int64_t user_version() const;
    // SQLite's count of schema changes: a kept connection's statements were
    // compiled against the schema of the count it read.
    std::int64_t schema_cookie() const;
    // Changes with each commit by another connection (not by this one).
    std::int64_t data_version() const;
    const std::string& path() const { return path_; }
    // Frees the page cache's unused memory (a connection kept between loads).
    void release_memory() const;

    // Copies this database, one committed state of it, over everything in
    // `dest` (a fresh file, normally) with SQLite's online backup API. Safe
    // while other processes read and write this one: a commit by another
    // connection between two steps restarts the copy; see db.cpp for the
    // step size and the bounded waits. Throws Error naming both files.
    void backup_to(const Db& dest) const;

private:
    struct Closer {
        void operator()(sqlite3* db) const noexcept;
    };
    Db(sqlite3* db, std::string path);
    [[noreturn]] void fail(std::string_view what) const;

    std::unique_ptr<sqlite3, Closer> db_;
    // Compiled statements by SQL text (limits::statement_cache_size). Why:
    // SQLite codes every trigger a statement fires into the statement itself
    // when it is prepared, and the search index's triggers made a
    // writer's INSERT cost ~0.5 ms to compile: an import of 1,166 entries
    // spent 4.3 of its 4.8 s of CPU compiling the same few statements.
    // Declared after db_ so it is destroyed (its statements finalized) first.
    std::shared_ptr<StatementCache> statements_;
    std::string path_;
    int busy_timeout_ms_ = 0;  // as opened; backup_to shortens it for its steps
};

// A write transaction is BEGIN IMMEDIATE: it takes the write lock before the
// first read, so what a command compares against is what it then writes
// over. Rolls back unless commit() was called, so a throw anywhere leaves the
// database as it was; a read transaction just ends.
class Transaction {
public:
    enum class Mode { read, write };
    explicit Transaction(const Db& db, Mode mode = Mode::write);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    const Db& db_;
    bool open_ = true;
};

}  // namespace vitae

// Read-write SQLite for the editing commands; the worker only ever opens
// read-only (fcgi/sqlite.hpp). Same shape as Db/Stmt plus integer and NULL
// binds and a write transaction. Every failure throws Error naming the file
// and SQLite's message, so callers never check return codes by hand.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace vitae::cli {

class Statement {
public:
    Statement(sqlite3_stmt* stmt, std::string db_path);

    void bind(int index, std::string_view text);
    void bind(int index, std::int64_t value);
    void bind(int index, std::optional<int> value);  // nullopt binds NULL
    bool step();                                     // true while a row is available
    void reset();                                    // to run again with new binds
    std::int64_t int_at(int column) const;
    std::optional<std::int64_t> optional_int_at(int column) const;
    std::string text_at(int column) const;

private:
    [[noreturn]] void fail(std::string_view what) const;
    struct Finalizer {
        void operator()(sqlite3_stmt* s) const noexcept;
    };
    std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
    std::string db_path_;
};

enum class OpenMode { read_only, read_write, create };

class Connection {
public:
    // read_only and read_write refuse a missing file instead of creating one.
    static Connection open(const std::string& path, OpenMode mode);

    Statement prepare(std::string_view sql) const;
    // Our own constant SQL only (schema, migrations, BEGIN): never user data.
    void exec_script(const char* sql) const;
    std::int64_t user_version() const;
    const std::string& path() const { return path_; }

private:
    struct Closer {
        void operator()(sqlite3* db) const noexcept;
    };
    Connection(sqlite3* db, std::string path);
    [[noreturn]] void fail(std::string_view what) const;

    std::unique_ptr<sqlite3, Closer> db_;
    std::string path_;
};

// For writing, BEGIN IMMEDIATE: takes the write lock before the first read,
// so what a command compares against is what it then writes over. Rolls back
// unless commit() was called, so a throw anywhere leaves the database as it was.
class Transaction {
public:
    enum class Kind { read, write };
    explicit Transaction(const Connection& db, Kind kind = Kind::write);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    const Connection& db_;
    bool open_ = true;
};

// The database must have the schema this build knows; names the fix if not.
void require_current_schema(const Connection& db);

}  // namespace vitae::cli

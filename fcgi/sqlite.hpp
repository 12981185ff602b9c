// RAII wrappers over the SQLite C API: Db owns a connection, Stmt a prepared
// statement. Every failure throws LoadError naming the database file and the
// SQLite message, so callers never check return codes by hand.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace vitae {

class Stmt {
public:
    Stmt(sqlite3_stmt* stmt, std::string db_path);

    bool step();   // true while a row is available
    void reset();  // rewind, to run the statement again
    std::int64_t int_at(int column) const;
    std::optional<std::int64_t> optional_int_at(int column) const;
    std::string text_at(int column) const;
    void bind(int index, std::string_view text);

private:
    struct Finalizer {
        void operator()(sqlite3_stmt* s) const noexcept;
    };
    std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
    std::string db_path_;
};

class Db {
public:
    // Read-only, no shared cache, no mutex: one connection belongs to one thread.
    static Db open_readonly(const std::string& path);

    Stmt prepare(std::string_view sql) const;
    void exec(const char* sql) const;
    std::int64_t pragma_int(const char* pragma) const;  // e.g. "user_version"
    const std::string& path() const { return path_; }

private:
    struct Closer {
        void operator()(sqlite3* db) const noexcept;
    };
    Db(sqlite3* db, std::string path);
    [[noreturn]] void fail(std::string_view what) const;

    std::unique_ptr<sqlite3, Closer> db_;
    std::string path_;
};

}  // namespace vitae

// Shared by the unit tests: a temp directory removed on destruction, and a
// database built from SQL text with the real schema.
#pragma once

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace vitae::test {

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

inline void write_file(const std::filesystem::path& path, std::string_view text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "vitae-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(std::string_view name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

inline void exec_sql(const std::filesystem::path& db_path, const std::string& sql) {
    sqlite3* db = nullptr;
    if (sqlite3_open(db_path.c_str(), &db) != SQLITE_OK) throw std::runtime_error("open " + db_path.string());
    char* error = nullptr;
    int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    if (rc != SQLITE_OK) throw std::runtime_error("sql: " + message);
}

inline const std::filesystem::path source_dir{VITAE_SOURCE_DIR};
inline const std::filesystem::path fixtures_dir{VITAE_FIXTURES_DIR};

// A database with the real schema and the given content SQL.
inline std::filesystem::path make_db(const TempDir& dir, const std::string& content_sql, std::string_view name = "site.db") {
    auto path = dir / name;
    exec_sql(path, read_file(source_dir / "data/schema.sql") + content_sql);
    return path;
}

inline std::string shipped_content() { return read_file(source_dir / "data/content.sql"); }
inline std::string hostile_content() { return read_file(fixtures_dir / "hostile.sql"); }

}  // namespace vitae::test

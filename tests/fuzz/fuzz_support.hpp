// Shared by the fuzz targets: a process-lifetime temp directory, the shipped
// site built into it from data/*.sql (sqlite3 C API, as the worker would read
// it), a private copy of templates/ (so edits to the repo's templates during a
// run cannot change what is being fuzzed), and a loud invariant check.
#pragma once

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "base/error.hpp"
#include "base/read_file.hpp"

namespace vitae::fuzz {

namespace fs = std::filesystem;

inline const fs::path source_dir{VITAE_SOURCE_DIR};

// Setup failures are not findings: say what failed and stop the run.
[[noreturn]] inline void setup_failed(const std::string& what) {
    std::fprintf(stderr, "fuzz setup: %s\n", what.c_str());
    std::exit(2);
}

// A violated invariant is a finding: name it, then crash so libFuzzer saves the input.
#define VITAE_FUZZ_CHECK(condition)                                                                     \
    do {                                                                                                \
        if (!(condition)) {                                                                             \
            std::fprintf(stderr, "fuzz invariant violated: %s (%s:%d)\n", #condition, __FILE__, __LINE__); \
            __builtin_trap();                                                                           \
        }                                                                                               \
    } while (0)

inline std::string read_file(const fs::path& path) {
    try {
        return read_whole_file(path);
    } catch (const Error& e) {
        setup_failed(e.what());
    }
}

inline void write_file(const fs::path& path, std::string_view bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) setup_failed("write \"" + path.string() + "\"");
}

// Created on first use, removed at exit (libFuzzer leaves through exit()).
class WorkDir {
public:
    static const fs::path& path() {
        static WorkDir dir;
        return dir.path_;
    }
    ~WorkDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }

private:
    WorkDir() {
        std::string pattern = (fs::temp_directory_path() / "vitae-fuzz-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) setup_failed("mkdtemp " + pattern);
        path_ = pattern;
    }
    fs::path path_;
};

// data/schema.sql + data/content.sql -> <work>/site.db
inline fs::path build_shipped_db() {
    auto path = WorkDir::path() / "site.db";
    std::string sql = read_file(source_dir / "data/schema.sql") + read_file(source_dir / "data/content.sql");
    sqlite3* db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) setup_failed("sqlite3_open " + path.string());
    char* error = nullptr;
    int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    if (rc != SQLITE_OK) setup_failed("build " + path.string() + ": " + message);
    return path;
}

// templates/*.mustache -> <work>/<name>/
inline fs::path copy_templates(std::string_view name) {
    auto dir = WorkDir::path() / name;
    fs::create_directories(dir);
    for (const auto& entry : fs::directory_iterator(source_dir / "templates"))
        if (entry.path().extension() == ".mustache")
            fs::copy_file(entry.path(), dir / entry.path().filename(), fs::copy_options::overwrite_existing);
    return dir;
}

}  // namespace vitae::fuzz

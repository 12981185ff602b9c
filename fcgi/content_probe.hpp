// Per-thread check, on every request, that the database has not changed since
// this thread last looked: stat(2) catches a replaced file (new inode), and
// `PRAGMA data_version` on the thread's own read-only connection catches a
// commit by any other connection, in rollback-journal and WAL mode alike.
// A few microseconds; see bench/ for the measured cost.
#pragma once

#include <optional>
#include <tuple>
#include <string>

#include "site.hpp"
#include "sqlite.hpp"

namespace vitae {

class ContentProbe {
public:
    explicit ContentProbe(std::string db_path) : path_(std::move(db_path)) {}

    // True when content may differ from `site`'s: a commit since the last
    // call, a replaced file, or a first look. The file going missing counts
    // once (so the failed reload is logged and reported); the last good
    // content keeps being served until a new file appears.
    bool changed(const Site& site);

private:
    void reopen(const FileId& id);  // a new baseline: what was committed before it must be loaded

    std::string path_;
    std::optional<Db> db_;
    std::optional<Stmt> data_version_;
    FileId file_;
    std::int64_t last_version_ = -1;
    bool missing_ = false;
    // The stat of a file that could not be opened, so it is not retried on
    // every request; any change to it (size, mtime, inode) retries.
    std::optional<std::tuple<FileId, off_t, std::int64_t>> unopenable_;
};

}  // namespace vitae

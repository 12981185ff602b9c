// Per-thread check, on every request, that the database has not changed since
// this thread last looked: stat(2) catches a replaced file (new inode), and
// `PRAGMA data_version` on the thread's own read-only connection catches a
// commit by any other connection, in rollback-journal and WAL mode alike.
//
// data_version takes SQLite's file locks (about ten system calls), so it is
// only asked when the bytes every commit changes have changed: the header's
// file change counter and format bytes (rollback journal) and the WAL-index
// header at the start of -shm (WAL); see sqlite.org/fileformat2.html and
// walformat.html. Those are read with one or two pread(2)s and no lock.
// Measured: 10 system calls per request before, 3-4 after (bench/).
#pragma once

#include <sys/stat.h>

#include <array>
#include <optional>
#include <tuple>
#include <string>

#include "base/file_id.hpp"
#include "base/unique_fd.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// What a commit or damage changes: the file's size and mtime, db header
// bytes 18-19 and 24-27, then both copies of the WAL-index header (zeros
// when not in WAL mode). Equal marks, same committed state.
using ContentMarks = std::array<unsigned char, 16 + 6 + 96>;

// Whether marks are of a database in WAL mode (header byte 18 is 2).
inline bool wal_mode(const ContentMarks& marks) { return marks[16] == 2; }

class ContentProbe {
public:
    explicit ContentProbe(std::string db_path) : path_(std::move(db_path)) {}

    // True when content may differ from what was loaded from `serving` (the
    // file the current site was read from): a commit since the last call, a
    // replaced file, or a first look. The file going missing counts once (so
    // the failed reload is logged and reported); the last good content keeps
    // being served until a new file appears.
    bool changed(const FileId& serving);

    // The marks the last changed() read, if it could: content loaded after
    // that call has at least that state, and content loaded from a state
    // with these marks has every commit that call saw. (Read through the
    // probe's own descriptors, kept open: closing any descriptor of the file
    // would drop this process's SQLite locks on it, POSIX locks being per
    // process and file.)
    std::optional<ContentMarks> marks() const { return marks_valid_ ? std::optional(marks_) : std::nullopt; }
    const FileId& file() const { return file_; }  // the file those marks are of

    // The marks of `file` as it is now, read through the probe's descriptors
    // without moving its baseline; nullopt if they cannot be read whole or
    // the probe has another file open. Inside a read transaction in
    // rollback-journal mode, these are exactly the state being read.
    std::optional<ContentMarks> marks_now(const FileId& file);

private:
    using Marks = ContentMarks;
    std::optional<Marks> read_marks(const struct stat& st);  // nullopt: not readable now
    bool asked_sqlite_changed();
    void reopen(const FileId& id);  // a new baseline: what was committed before it must be loaded

    std::string path_;
    std::optional<Db> db_;
    FileId file_;
    std::int64_t last_version_ = -1;
    bool missing_ = false;
    UniqueFd db_fd_;   // the same file as db_, for the header
    UniqueFd shm_fd_;  // its -shm, once the header says WAL
    Marks marks_{};
    bool marks_valid_ = false;
    // The stat of a file that could not be opened, so it is not retried on
    // every request; any change to it (size, mtime, inode) retries.
    std::optional<std::tuple<FileId, off_t, std::int64_t>> unopenable_;
};

}  // namespace vitae

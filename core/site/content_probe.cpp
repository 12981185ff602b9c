#include "site/content_probe.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>

#include <utility>

#include "base/error.hpp"

namespace vitae {

namespace {

bool read_exactly(int fd, unsigned char* out, std::size_t size) {
    return ::pread(fd, out, size, 0) == static_cast<ssize_t>(size);
}

// The marks from the stat already made and the open database file; opens
// the -shm into `shm_fd` when the header says WAL and it is not open yet.
std::optional<ContentMarks> marks_of(const std::string& path, const struct stat& st, int db_fd, UniqueFd& shm_fd) {
    ContentMarks out;
    std::int64_t size = st.st_size;
    std::int64_t mtime = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    std::memcpy(out.data(), &size, 8);
    std::memcpy(out.data() + 8, &mtime, 8);
    unsigned char* marks = out.data() + 16;
    unsigned char header[28];
    if (db_fd < 0 || !read_exactly(db_fd, header, sizeof header)) return std::nullopt;
    std::memcpy(marks, header + 18, 2);
    std::memcpy(marks + 2, header + 24, 4);
    std::memset(marks + 6, 0, 96);
    if (header[18] != 2) return out;  // not WAL: the change counter is enough
    if (!shm_fd) shm_fd.reset(::open((path + "-shm").c_str(), O_RDONLY | O_CLOEXEC));
    // Both copies must agree: a writer mid-update has written one of them.
    if (shm_fd && read_exactly(shm_fd.get(), marks + 6, 96) && std::memcmp(marks + 6, marks + 6 + 48, 48) == 0) return out;
    return std::nullopt;
}

}  // namespace

std::optional<ContentMarks> ContentProbe::read_marks(const struct stat& st) {
    return marks_of(path_, st, db_fd_ ? db_fd_.get() : -1, shm_fd_);
}

std::optional<ContentMarks> ContentProbe::marks_now(const FileId& file) {
    struct stat st {};
    if (!db_fd_ || ::fstat(db_fd_.get(), &st) != 0 || FileId{st.st_dev, st.st_ino} != file) return std::nullopt;
    return read_marks(st);
}

bool ContentProbe::asked_sqlite_changed() {
    std::int64_t version = db_->data_version();
    return std::exchange(last_version_, version) != version;
}

void ContentProbe::reopen(const FileId& id) {
    db_.reset();
    shm_fd_.reset();
    marks_valid_ = false;
    db_fd_.reset(::open(path_.c_str(), O_RDONLY | O_CLOEXEC));
    try {
        db_ = Db::open(path_, OpenMode::read_only);
        file_ = id;
        last_version_ = db_->data_version();
    } catch (const Error&) {
        db_.reset();  // not readable now; the reload reports why
    }
}

bool ContentProbe::changed(const FileId& serving) {
    struct stat st {};
    if (::stat(path_.c_str(), &st) != 0) return !std::exchange(missing_, true);
    missing_ = false;
    FileId id{st.st_dev, st.st_ino};
    if (!db_ || id != file_) {
        auto seen = std::tuple{id, st.st_size, static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
        if (unopenable_ == seen) return id != serving;
        reopen(id);
        unopenable_.reset();
        if (!db_) unopenable_ = seen;
        return true;
    }
    try {
        auto now = read_marks(st);
        if (!now) {  // e.g. a WAL header mid-update: ask SQLite
            marks_valid_ = false;
            if (asked_sqlite_changed()) return true;
            return id != serving;
        }
        if (marks_valid_ && *now == marks_) return id != serving;
        bool moved = marks_valid_;  // not just the first read after a reopen
        marks_ = *now;
        marks_valid_ = true;
        // Ask even when the marks moved, to keep data_version's baseline; the
        // marks alone also catch damage (a file truncated in place keeps its
        // change counter, and SQLite's data_version too).
        return asked_sqlite_changed() || moved;
    } catch (const Error&) {
        reopen(id);  // e.g. truncated under us
        return true;
    }
    return id != serving;
}

}  // namespace vitae

#include "store/sqlite/temp_file.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/unique_fd.hpp"

namespace vitae {

TempFile::TempFile(const std::string& path, std::string_view command)
    : path_(path + ".tmp-XXXXXX"), subject_(std::string(command) + " " + in_quotes(path)) {
    UniqueFd fd(::mkstemp(path_.data()));
    if (!fd) throw Error(subject_ + ": create temp file: " + std::strerror(errno));
    // mkstemp makes it 0600; the worker may run as another user, so give
    // it the mode a plain create would (0666 less the umask).
    mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd.get(), 0666 & ~mask) != 0) {
        int saved = errno;
        ::unlink(path_.c_str());
        throw Error(subject_ + ": fchmod: " + std::strerror(saved));
    }
}

TempFile::~TempFile() {
    if (kept_) return;
    for (const char* suffix : {"", "-journal", "-wal", "-shm"}) ::unlink((path_ + suffix).c_str());
}

void TempFile::fail(std::string_view what) const {
    throw Error(subject_ + ": " + std::string(what) + ": " + std::strerror(errno));
}

void TempFile::rename_to(const std::string& target, IfExists if_exists) {
    {
        UniqueFd fd(::open(path_.c_str(), O_RDONLY | O_CLOEXEC));
        if (!fd || ::fsync(fd.get()) != 0) fail("fsync " + in_quotes(path_));
    }
    // No-replace: a file created at `target` meanwhile is kept, not clobbered.
    unsigned flags = if_exists == IfExists::refuse ? RENAME_NOREPLACE : 0;
    if (::renameat2(AT_FDCWD, path_.c_str(), AT_FDCWD, target.c_str(), flags) != 0) fail("rename into place");
    kept_ = true;
    auto dir = std::filesystem::path(target).parent_path();
    UniqueFd dir_fd(::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!dir_fd || ::fsync(dir_fd.get()) != 0) fail("fsync directory " + in_quotes(dir.string()));
}

}  // namespace vitae

#include "atomic_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "cli_error.hpp"
#include "log.hpp"
#include "unique_fd.hpp"

namespace vitae::cli {

namespace {

[[noreturn]] void fail(const std::filesystem::path& path, std::string_view call) {
    throw Error("write " + in_quotes(path.string()) + ": " + std::string(call) + ": " + std::strerror(errno));
}

void write_all(int fd, std::string_view data, const std::filesystem::path& path) {
    while (!data.empty()) {
        ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail(path, "write");
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, std::string_view data) {
    std::string temp = path.string() + ".tmp-XXXXXX";
    UniqueFd fd(::mkstemp(temp.data()));
    if (!fd) fail(path, "mkstemp");
    try {
        write_all(fd.get(), data, path);
        if (::fchmod(fd.get(), 0644) != 0) fail(path, "fchmod");  // mkstemp made it 0600
        if (::fsync(fd.get()) != 0) fail(path, "fsync");          // write errors surface here, before the rename
        fd.reset();
        if (::rename(temp.c_str(), path.c_str()) != 0) fail(path, "rename");
    } catch (...) {
        ::unlink(temp.c_str());  // then the error goes on to the caller
        throw;
    }
}

}  // namespace vitae::cli

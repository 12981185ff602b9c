#include "base/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/unique_fd.hpp"

namespace vitae {

std::string read_whole_file(const std::filesystem::path& path, std::size_t max_bytes) {
    auto failed = [&path](const std::string& why) { return Error("read " + in_quotes(path.string()) + ": " + why); };
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) throw failed(std::strerror(errno));
    std::string bytes;
    struct stat st {};
    if (::fstat(fd.get(), &st) == 0 && S_ISREG(st.st_mode)) {
        if (static_cast<std::size_t>(st.st_size) > max_bytes)
            throw failed("larger than " + std::to_string(max_bytes) + " bytes");
        bytes.reserve(static_cast<std::size_t>(st.st_size));
    }
    char buffer[16 * 1024];
    while (true) {
        ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw failed(std::strerror(errno));
        if (n == 0) return bytes;
        if (static_cast<std::size_t>(n) > max_bytes - bytes.size())  // a pipe, or a file that grew
            throw failed("larger than " + std::to_string(max_bytes) + " bytes");
        bytes.append(buffer, static_cast<std::size_t>(n));
    }
}

}  // namespace vitae

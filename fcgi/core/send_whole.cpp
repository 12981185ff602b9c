#include "fcgi/core/send_whole.hpp"

#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <climits>

#include "base/limits.hpp"

namespace vitae {

namespace {

// The kernel doubles the value for its bookkeeping and caps it at
// net.core.wmem_max (212992 by default: an answer of up to ~400 KB then fits
// whole). Best effort: if the raise is refused or capped, a larger answer
// still goes out, in pieces as nginx reads them, and only a kill in between
// could cut it.
void make_room(int fd, std::size_t bytes) {
    if (bytes <= limits::answer_bytes_in_default_sndbuf) return;
    int wanted = static_cast<int>(std::min<std::size_t>(bytes, INT_MAX));
    (void)::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &wanted, sizeof wanted);
}

}  // namespace

int send_whole(int fd, std::string_view bytes) {
    make_room(fd, bytes.size());
    while (!bytes.empty()) {
        ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;  // SIGUSR1 (stop) woke a send that had queued nothing yet
            return errno;
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));  // partial: a signal, or an answer over the buffer
    }
    return 0;
}

}  // namespace vitae

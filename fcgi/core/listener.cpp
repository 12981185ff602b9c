#include "fcgi/core/listener.hpp"

#include <netdb.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <systemd/sd-daemon.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"

namespace vitae {

namespace {

[[noreturn]] void fail(std::string_view call, const std::string& address, int error) {
    throw Error("listen " + in_quotes(address) + ": " + std::string(call) + ": " + std::strerror(error));
}

UniqueFd listen_unix(const std::string& path, mode_t mode) {
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (path.size() >= sizeof addr.sun_path) throw Error("listen " + in_quotes(path) + ": socket path too long");
    std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
    UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!fd) fail("socket", path, errno);
    // A stale socket from a previous run would make bind fail; never remove anything else.
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && S_ISSOCK(st.st_mode)) ::unlink(path.c_str());
    if (::bind(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) fail("bind", path, errno);
    if (::chmod(path.c_str(), mode) != 0) fail("chmod", path, errno);
    if (::listen(fd.get(), limits::listen_backlog) != 0) fail("listen", path, errno);
    return fd;
}

UniqueFd listen_inet(const std::string& spec) {
    auto colon = spec.rfind(':');
    std::string host = spec.substr(0, colon);
    std::string port = spec.substr(colon + 1);
    if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    if (int rc = ::getaddrinfo(host.c_str(), port.c_str(), &hints, &found); rc != 0)
        throw Error("listen " + in_quotes(spec) + ": getaddrinfo: " + ::gai_strerror(rc));
    std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> list(found, &::freeaddrinfo);
    UniqueFd fd(::socket(found->ai_family, found->ai_socktype | SOCK_CLOEXEC, found->ai_protocol));
    if (!fd) fail("socket", spec, errno);
    int yes = 1;
    ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(fd.get(), found->ai_addr, found->ai_addrlen) != 0) fail("bind", spec, errno);
    if (::listen(fd.get(), limits::listen_backlog) != 0) fail("listen", spec, errno);
    return fd;
}

bool is_listening_socket(int fd) {
    int accepting = 0;
    socklen_t len = sizeof accepting;
    return ::getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &len) == 0 && accepting != 0;
}

}  // namespace

Listener Listener::open(const std::string& spec, mode_t unix_mode) {
    Listener l;
    if (spec.starts_with("unix:")) {
        l.unix_path_ = spec.substr(5);
        l.fd_ = listen_unix(l.unix_path_, unix_mode);
        l.owned_ = true;
    } else if (!spec.empty()) {
        l.fd_ = listen_inet(spec);
        l.owned_ = true;
    } else if (int n = sd_listen_fds(1); n == 1) {
        l.handed_fd_ = SD_LISTEN_FDS_START;
    } else if (n > 1) {
        throw Error("listen: systemd passed " + std::to_string(n) + " sockets, expected 1");
    } else if (is_listening_socket(0)) {
        l.handed_fd_ = 0;  // spawned by a web server as a FastCGI responder
    } else {
        throw Error("listen: no socket to serve: pass --listen unix:PATH or HOST:PORT, "
                        "or start under systemd socket activation");
    }
    l.description_ = spec.empty() ? (l.handed_fd_ == 0 ? "fd 0" : "systemd socket (fd 3)") : spec;
    return l;
}

Listener::~Listener() {
    if (owned_ && fd_ && !unix_path_.empty()) ::unlink(unix_path_.c_str());
}

}  // namespace vitae

#include "fcgi/purge_request.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/unique_fd.hpp"

namespace vitae {

namespace {

using Clock = std::chrono::steady_clock;

// Enough for any status line; what follows it is never read.
constexpr std::size_t status_line_max_bytes = 512;

int ms_left(Clock::time_point deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left > 0 ? static_cast<int>(left) : 0;
}

// Waits for `events` on fd until the deadline; "" when ready, else why not.
std::string wait_for(int fd, short events, Clock::time_point deadline) {
    pollfd p{.fd = fd, .events = events, .revents = 0};
    for (;;) {
        int n = ::poll(&p, 1, ms_left(deadline));
        if (n > 0) return {};
        if (n == 0) return "timed out";
        if (errno != EINTR) return std::string("poll: ") + std::strerror(errno);
    }
}

// A non-blocking socket connected to the first address that answers in time.
UniqueFd connect_to(const PurgeTarget& target, Clock::time_point deadline, std::string& why) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (int rc = ::getaddrinfo(target.host.c_str(), target.port.c_str(), &hints, &found); rc != 0) {
        why = "resolve " + in_quotes(target.host) + ": " + ::gai_strerror(rc);
        return {};
    }
    std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> addresses(found, ::freeaddrinfo);
    for (const addrinfo* a = found; a; a = a->ai_next) {
        UniqueFd fd(::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol));
        if (!fd) {
            why = std::string("socket: ") + std::strerror(errno);
            continue;
        }
        if (::connect(fd.get(), a->ai_addr, a->ai_addrlen) != 0) {
            if (errno != EINPROGRESS) {
                why = std::string("connect: ") + std::strerror(errno);
                continue;
            }
            if (why = wait_for(fd.get(), POLLOUT, deadline); !why.empty()) {
                why = "connect: " + why;
                continue;
            }
            int error = 0;
            socklen_t size = sizeof error;
            ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &error, &size);
            if (error != 0) {
                why = std::string("connect: ") + std::strerror(error);
                continue;
            }
        }
        why.clear();
        return fd;
    }
    return {};
}

std::string send_all(int fd, std::string_view bytes, Clock::time_point deadline) {
    while (!bytes.empty()) {
        ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n > 0) {
            bytes.remove_prefix(static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN) return std::string("send: ") + std::strerror(errno);
        if (auto why = wait_for(fd, POLLOUT, deadline); !why.empty()) return "send: " + why;
    }
    return {};
}

// The status code of the answer's first line, or why there is none.
std::string read_status(int fd, Clock::time_point deadline, int& status) {
    std::string head;
    while (head.find('\n') == std::string::npos) {
        if (head.size() >= status_line_max_bytes) return "answered with no status line";
        char buffer[status_line_max_bytes];
        ssize_t n = ::recv(fd, buffer, status_line_max_bytes - head.size(), 0);
        if (n > 0) {
            head.append(buffer, static_cast<std::size_t>(n));
            continue;
        }
        if (n == 0) return head.empty() ? "closed without answering" : "answered with no status line";
        if (errno == EINTR) continue;
        if (errno != EAGAIN) return std::string("recv: ") + std::strerror(errno);
        if (auto why = wait_for(fd, POLLIN, deadline); !why.empty()) return "answer: " + why;
    }
    // "HTTP/1.1 200 OK"
    if (!head.starts_with("HTTP/1.") || head.size() < 12 || head[8] != ' ') return "answered with no status line";
    status = 0;
    for (std::size_t i = 9; i < 12; ++i) {
        if (head[i] < '0' || head[i] > '9') return "answered with no status line";
        status = status * 10 + (head[i] - '0');
    }
    return {};
}

}  // namespace

PurgeTarget parse_purge_url(std::string_view url) {
    auto refuse = [url](std::string_view why) {
        return UsageError("--purge: " + in_quotes(std::string(url)) + " " + std::string(why));
    };
    constexpr std::string_view scheme = "http://";
    if (!url.starts_with(scheme))
        throw refuse(url.starts_with("https://") ? "is https: a purge goes to the cache's own plain-HTTP listener "
                                                   "(Varnish's purge listener, on loopback or a private network)"
                                                 : "is not an http:// URL");
    if (url.find_first_of(" \t\r\n") != std::string_view::npos) throw refuse("has white space in it");
    auto rest = url.substr(scheme.size());
    auto slash = rest.find('/');
    auto authority = rest.substr(0, slash);
    PurgeTarget target{.host = {}, .port = "80", .path = slash == std::string_view::npos ? "/" : std::string(rest.substr(slash))};
    if (authority.find('@') != std::string_view::npos) throw refuse("has a user name in it");
    std::string_view host = authority;
    std::string_view port;
    if (authority.starts_with('[')) {
        auto close = authority.find(']');
        if (close == std::string_view::npos) throw refuse("has an unclosed [");
        host = authority.substr(1, close - 1);
        auto after = authority.substr(close + 1);
        if (!after.empty() && after.front() != ':') throw refuse("has text after the ]");
        if (!after.empty()) port = after.substr(1);
    } else if (auto colon = authority.rfind(':'); colon != std::string_view::npos) {
        host = authority.substr(0, colon);
        port = authority.substr(colon + 1);
    }
    if (host.empty()) throw refuse("has no host");
    if (!port.empty() || authority.ends_with(':')) {
        bool digits = !port.empty() && port.size() <= 5 && port.find_first_not_of("0123456789") == std::string_view::npos;
        int number = digits ? std::stoi(std::string(port)) : 0;
        if (number < 1 || number > 65535) throw refuse("has a port that is not 1 to 65535");
        target.port = std::string(port);
    }
    target.host = std::string(host);
    return target;
}

std::string send_purge(const PurgeTarget& target, std::string_view name, std::string_view value, int connect_timeout_ms,
                       int timeout_ms) {
    auto start = Clock::now();
    auto deadline = start + std::chrono::milliseconds(timeout_ms);
    std::string why;
    UniqueFd fd = connect_to(target, std::min(deadline, start + std::chrono::milliseconds(connect_timeout_ms)), why);
    if (!fd) return why;
    bool v6 = target.host.find(':') != std::string::npos;
    std::string host = v6 ? "[" + target.host + "]" : target.host;
    if (target.port != "80") host += ":" + target.port;
    std::string request = "PURGE " + target.path + " HTTP/1.1\r\nHost: " + host + "\r\n" + std::string(name) + ": " +
                          std::string(value) + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    if (why = send_all(fd.get(), request, deadline); !why.empty()) return why;
    int status = 0;
    if (why = read_status(fd.get(), deadline, status); !why.empty()) return why;
    if (status < 200 || status > 299) return "answered " + std::to_string(status);
    return {};
}

}  // namespace vitae

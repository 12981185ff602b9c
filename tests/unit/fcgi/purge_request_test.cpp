// fcgi/purge_request: the URL rules, and one PURGE against a real listener
// on loopback (a thread of the test that reads the request and answers what
// each case needs): the request's bytes, 2xx or not, a refused connection,
// a cache that never answers (bounded by the timeout) and one that answers
// with something that is not HTTP.
#define BOOST_TEST_MODULE purge_request
#include <boost/test/unit_test.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <chrono>
#include <string>
#include <thread>

#include "base/error.hpp"
#include "base/unique_fd.hpp"
#include "fcgi/purge_request.hpp"

using namespace vitae;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// A listener on 127.0.0.1 and an ephemeral port that takes one connection,
// reads the request head and answers `answer` (nothing, if empty, until
// the client hangs up or `hold` has passed).
struct OneShotServer {
    UniqueFd listener{::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)};
    std::string port;
    std::string request;
    std::thread thread;

    OneShotServer(std::string answer, std::chrono::milliseconds hold = std::chrono::milliseconds(0)) {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        BOOST_REQUIRE(::bind(listener.get(), reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
        BOOST_REQUIRE(::listen(listener.get(), 1) == 0);
        socklen_t size = sizeof address;
        ::getsockname(listener.get(), reinterpret_cast<sockaddr*>(&address), &size);
        port = std::to_string(ntohs(address.sin_port));
        thread = std::thread([this, answer = std::move(answer), hold] {
            UniqueFd client(::accept(listener.get(), nullptr, nullptr));
            char buffer[8192];
            while (!has(request, "\r\n\r\n")) {
                ssize_t n = ::recv(client.get(), buffer, sizeof buffer, 0);
                if (n <= 0) break;
                request.append(buffer, static_cast<std::size_t>(n));
            }
            if (answer.empty()) {
                // Silent until the client gives up and closes (its own timeout), at most `hold`.
                pollfd hangup{.fd = client.get(), .events = POLLIN, .revents = 0};
                while (::poll(&hangup, 1, static_cast<int>(hold.count())) > 0 &&
                       ::recv(client.get(), buffer, sizeof buffer, 0) > 0) {
                }
            } else {
                ::send(client.get(), answer.data(), answer.size(), MSG_NOSIGNAL);
            }
        });
    }
    ~OneShotServer() { finish(); }
    // Waits for the connection to end; then `request` is whole.
    void finish() {
        if (thread.joinable()) thread.join();
    }
    PurgeTarget target() const { return {.host = "127.0.0.1", .port = port, .path = "/"}; }
};

std::string purge(const PurgeTarget& target, int timeout_ms = 1000) {
    return send_purge(target, "xkey-softpurge", "s s:home", 200, timeout_ms);
}

}  // namespace

BOOST_AUTO_TEST_CASE(urls_are_http_with_a_host_an_optional_port_and_path) {
    auto t = parse_purge_url("http://127.0.0.1:6091/");
    BOOST_TEST(t.host == "127.0.0.1");
    BOOST_TEST(t.port == "6091");
    BOOST_TEST(t.path == "/");
    t = parse_purge_url("http://cache.internal");
    BOOST_TEST(t.host == "cache.internal");
    BOOST_TEST(t.port == "80");
    BOOST_TEST(t.path == "/");
    t = parse_purge_url("http://[::1]:6091/purge");
    BOOST_TEST(t.host == "::1");
    BOOST_TEST(t.port == "6091");
    BOOST_TEST(t.path == "/purge");
}

BOOST_AUTO_TEST_CASE(a_url_it_cannot_use_is_refused_naming_it_and_why) {
    for (auto [url, why] : {std::pair{"https://cache/", "plain-HTTP listener"}, std::pair{"ftp://h/", "not an http://"},
                            std::pair{"http://", "no host"}, std::pair{"http:///x", "no host"},
                            std::pair{"http://h:0/", "port"}, std::pair{"http://h:70000/", "port"},
                            std::pair{"http://h:/", "port"}, std::pair{"http://h:x/", "port"},
                            std::pair{"http://u@h/", "user name"}, std::pair{"http://[::1/", "unclosed"},
                            std::pair{"http://h/ x", "white space"}})
        BOOST_CHECK_EXCEPTION(parse_purge_url(url), UsageError, [&](const UsageError& e) {
            return has(e.what(), "--purge") && has(e.what(), url) && has(e.what(), why);
        });
}

BOOST_AUTO_TEST_CASE(a_purge_sends_the_keys_and_takes_a_2xx_as_done) {
    OneShotServer cache("HTTP/1.1 200 Purged\r\nContent-Length: 0\r\n\r\n");
    BOOST_TEST(purge(cache.target()) == "");
    cache.finish();
    BOOST_TEST(cache.request.starts_with("PURGE / HTTP/1.1\r\n"));
    BOOST_TEST(has(cache.request, "\r\nHost: 127.0.0.1:" + cache.port + "\r\n"));
    BOOST_TEST(has(cache.request, "\r\nxkey-softpurge: s s:home\r\n"));
    BOOST_TEST(has(cache.request, "\r\nConnection: close\r\n"));
}

BOOST_AUTO_TEST_CASE(an_answer_that_is_not_2xx_is_a_failure_naming_the_status) {
    OneShotServer cache("HTTP/1.1 403 Forbidden\r\n\r\n");
    BOOST_TEST(purge(cache.target()) == "answered 403");
}

BOOST_AUTO_TEST_CASE(an_answer_that_is_not_http_is_a_failure) {
    OneShotServer cache("SSH-2.0-OpenSSH_9.2\r\n");
    BOOST_TEST(purge(cache.target()) == "answered with no status line");
}

BOOST_AUTO_TEST_CASE(a_cache_that_never_answers_costs_the_timeout_and_no_more) {
    OneShotServer cache("", std::chrono::milliseconds(700));
    auto start = std::chrono::steady_clock::now();
    BOOST_TEST(purge(cache.target(), 300) == "answer: timed out");
    auto took = std::chrono::steady_clock::now() - start;
    BOOST_TEST(took >= std::chrono::milliseconds(290));
    BOOST_TEST(took < std::chrono::milliseconds(650));
}

BOOST_AUTO_TEST_CASE(a_closed_port_is_a_refused_connection) {
    std::string port;
    {
        OneShotServer gone("HTTP/1.1 200 OK\r\n\r\n");
        port = gone.port;
        BOOST_TEST(purge(gone.target()) == "");
    }  // listener closed: nothing listens on the port now
    BOOST_TEST(purge({.host = "127.0.0.1", .port = port, .path = "/"}) == "connect: Connection refused");
}

#define BOOST_TEST_MODULE send_whole
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/socket.h>

#include <cerrno>
#include <string>
#include <thread>

#include "base/limits.hpp"
#include "base/unique_fd.hpp"
#include "fcgi/core/send_whole.hpp"

using namespace vitae;

namespace {

// A connected pair of unix stream sockets, as nginx and a worker have.
struct Pair {
    Pair() {
        int fds[2];
        BOOST_TEST_REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
        worker.reset(fds[0]);
        nginx.reset(fds[1]);
    }
    std::string read_all() {
        std::string got;
        char buf[65536];
        for (ssize_t n; (n = ::read(nginx.get(), buf, sizeof buf)) > 0;) got.append(buf, static_cast<std::size_t>(n));
        return got;
    }
    UniqueFd worker, nginx;
};

std::string pattern(std::size_t n) {
    std::string s(n, '\0');
    for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>(i * 7 % 251);
    return s;
}

}  // namespace

BOOST_AUTO_TEST_CASE(sends_every_byte_in_order) {
    Pair p;
    auto answer = pattern(1 << 20);  // over any send buffer: several sends while the reader drains
    std::string got;
    std::thread reader([&] { got = p.read_all(); });
    BOOST_TEST(send_whole(p.worker.get(), answer) == 0);
    p.worker.reset();
    reader.join();
    BOOST_TEST((got == answer));
}

BOOST_AUTO_TEST_CASE(a_large_answer_is_queued_whole_while_nobody_reads) {
    // Non-blocking, so a send that would wait fails with EAGAIN instead: the
    // whole answer must go in at once, nginx reading none of it. 300 KB is
    // over the default buffer (208 KiB) and under twice net.core.wmem_max's
    // default, which is what raising SO_SNDBUF can reach.
    Pair p;
    BOOST_TEST_REQUIRE(::fcntl(p.worker.get(), F_SETFL, O_NONBLOCK) == 0);
    auto answer = pattern(300 * 1000);
    BOOST_TEST_REQUIRE(answer.size() > limits::answer_bytes_in_default_sndbuf);
    BOOST_TEST(send_whole(p.worker.get(), answer) == 0);
    p.worker.reset();
    BOOST_TEST((p.read_all() == answer));
}

BOOST_AUTO_TEST_CASE(a_peer_gone_is_an_error_value_not_a_signal) {
    Pair p;
    p.nginx.reset();
    BOOST_TEST(send_whole(p.worker.get(), "records") == EPIPE);  // no SIGPIPE: the test process lives on
}

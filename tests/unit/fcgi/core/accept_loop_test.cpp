#define BOOST_TEST_MODULE accept_loop
#include <boost/test/unit_test.hpp>

#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "fcgi/core/accept_loop.hpp"
#include "fcgi/core/fastcgi_records.hpp"
#include "fcgi/core/fcgi_request.hpp"
#include "fcgi/core/listener.hpp"

using namespace vitae;

namespace {

// One FastCGI record (FastCGI 1.0, section 3.3), request id 1.
std::string record(unsigned type, std::string_view content) {
    std::string out = {1, static_cast<char>(type), 0, 1, static_cast<char>(content.size() >> 8),
                       static_cast<char>(content.size() & 0xff), 0, 0};
    return out.append(content);
}

std::string param(std::string_view name, std::string_view value) {
    std::string out = {static_cast<char>(name.size()), static_cast<char>(value.size())};
    return out.append(name).append(value);
}

// GET `uri` over a new connection to `path`; what the responder wrote to FCGI_STDOUT.
std::string get(const std::string& path, std::string_view uri) {
    int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    path.copy(address.sun_path, sizeof address.sun_path - 1);
    BOOST_REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    timeval wait{.tv_sec = 10, .tv_usec = 0};  // a request nobody answers fails the test, not hangs it
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    std::string request = record(1, std::string{0, 1, 0, 0, 0, 0, 0, 0});  // BEGIN_REQUEST: responder, close after
    request += record(4, param("REQUEST_METHOD", "GET") + param("REQUEST_URI", uri));
    request += record(4, "") + record(5, "");  // end of PARAMS, empty STDIN
    BOOST_REQUIRE(::send(fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size()));
    std::string reply;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) reply.append(buffer, static_cast<std::size_t>(n));
    ::close(fd);
    std::string out;
    for (std::size_t at = 0; at + 8 <= reply.size();) {
        auto byte = [&](std::size_t i) { return static_cast<unsigned char>(reply[at + i]); };
        std::size_t length = byte(4) << 8 | byte(5), padding = byte(6);
        if (byte(1) == 6) out += reply.substr(at + 8, length);  // FCGI_STDOUT
        at += 8 + length + padding;
    }
    return out;
}

// Answers 200 "fine", and throws for /boom (as a bug would).
class Fragile : public Responder {
public:
    std::string_view respond(FcgiRequest& request, std::string& scratch) override {
        if (request.param("REQUEST_URI") == "/boom") throw std::runtime_error("a bug");
        scratch.clear();
        fastcgi::append_answer(scratch, request.id(), "Status: 200 OK\r\nContent-Length: 4\r\n\r\n", "fine");
        return scratch;
    }
};

struct Socket {
    std::string path = (std::filesystem::temp_directory_path() / ("vitae-accept-loop-" + std::to_string(::getpid()) + ".sock")).string();
    Listener listener = Listener::open("unix:" + path, 0600);
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_request_that_throws_is_a_500_and_the_thread_serves_on) {
    BOOST_REQUIRE(init_fastcgi_process());
    Socket socket;
    AcceptLoop loop(socket.listener, 1, [](std::size_t) { return std::make_unique<Fragile>(); });
    loop.start();
    BOOST_TEST(get(socket.path, "/").ends_with("\r\n\r\nfine"));
    auto failed = get(socket.path, "/boom");
    BOOST_TEST(failed.starts_with("Status: 500 Internal Server Error\r\n"), failed);
    BOOST_TEST(failed.ends_with("\r\n\r\ninternal server error\n"), failed);
    BOOST_TEST(get(socket.path, "/").ends_with("\r\n\r\nfine"));  // the one thread is still there
    BOOST_TEST(loop.healthy());
    loop.stop();
}

BOOST_AUTO_TEST_CASE(a_thread_whose_responder_cannot_be_made_ends_and_the_others_serve) {
    BOOST_REQUIRE(init_fastcgi_process());
    Socket socket;
    AcceptLoop loop(socket.listener, 2, [](std::size_t index) -> std::unique_ptr<Responder> {
        if (index == 0) throw std::runtime_error("no accounts");
        return std::make_unique<Fragile>();
    });
    loop.start();
    for (int i = 0; i < 3; ++i) BOOST_TEST(get(socket.path, "/").ends_with("fine"));
    loop.stop();  // returns: the ended thread counts as done
}

BOOST_AUTO_TEST_CASE(the_500s_records_are_one_complete_answer) {
    std::string records = server_error_records(7);
    BOOST_TEST(records.find("Status: 500 Internal Server Error\r\n") != std::string::npos);
    BOOST_TEST(records.find("Content-Length: 22\r\n") != std::string::npos);
    BOOST_TEST(records.size() % 8 == 0u);
}

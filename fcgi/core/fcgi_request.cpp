#include "fcgi/core/fcgi_request.hpp"

#include <fcgiapp.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <algorithm>

#include "fcgi/core/send_whole.hpp"

namespace vitae {

FcgiRequest::FcgiRequest(int listen_fd) : request_(std::make_unique<FCGX_Request>()) {
    // FAIL_ACCEPT_ON_INTR: a SIGUSR1 makes a blocked accept return, so stop is prompt.
    FCGX_InitRequest(request_.get(), listen_fd, FCGI_FAIL_ACCEPT_ON_INTR);
    sockaddr_storage address{};
    socklen_t size = sizeof address;
    unix_socket_ = ::getsockname(listen_fd, reinterpret_cast<sockaddr*>(&address), &size) == 0 && address.ss_family == AF_UNIX;
}

FcgiRequest::~FcgiRequest() { FCGX_Free(request_.get(), 0); }

bool FcgiRequest::accept() { return FCGX_Accept_r(request_.get()) == 0; }

// libfcgi ends a connection it does not keep with shutdown(SHUT_WR), then
// waits (up to 2 s) for the web server to close its end, then close(): on
// TCP, closing with unread bytes would send a RST that can destroy the
// answer still in flight, and a web server still sending a body would get
// EPIPE and answer 502 instead of ours (a 413, say). On a unix socket, for a
// request without a body (nginx sends it whole, its empty FCGI_STDIN
// included, in one write before it reads), neither can happen: what was sent
// stays in nginx's queue. There the thread closes at once and is free for
// the next request instead of waiting for nginx to be scheduled and close
// first (strace: shutdown, poll, read, close per request before). "detached"
// is how libfcgi is told to skip the shutdown (FCGX_Free: OS_IpcClose(fd,
// !detached)). A request with a body keeps the careful close.
void FcgiRequest::finish() {
    if (unix_socket_ && !request_->keepConnection && request_->envp) {
        const char* length = FCGX_GetParam("CONTENT_LENGTH", request_->envp);
        if (!length || !*length || std::string_view(length) == "0") request_->detached = 1;
    }
    FCGX_Finish_r(request_.get());
}

std::string_view FcgiRequest::param(const char* name) const {
    const char* value = FCGX_GetParam(name, request_->envp);
    return value ? std::string_view(value) : std::string_view();
}

std::uint16_t FcgiRequest::id() const { return static_cast<std::uint16_t>(request_->requestId); }

// In libfcgi 2.4.2 FCGX_Finish_r's FCGX_FClose returns at once for a stream
// with wasFCloseCalled set, and reports FCGI_errno, which makes it close a
// kept connection after a failed send. A failed send means the client went
// away: normal, so not logged.
void FcgiRequest::send(std::string_view records) {
    int error = send_whole(request_->ipcFd, records);
    for (FCGX_Stream* stream : {request_->out, request_->err}) {
        stream->isClosed = stream->wasFCloseCalled = 1;
        stream->FCGI_errno = error;
    }
}

// libfcgi reads the socket with a blocking read(2); a receive timeout on the
// connection makes that read fail (EAGAIN), which ends the stream with an
// error, so FCGX_GetStr returns short instead of waiting for ever.
std::optional<std::string> FcgiRequest::read_body(std::size_t bytes, int timeout_ms) {
    timeval tv{.tv_sec = timeout_ms / 1000, .tv_usec = (timeout_ms % 1000) * 1000};
    ::setsockopt(request_->ipcFd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    std::string out(bytes, '\0');
    std::size_t got = 0;
    while (got < bytes) {
        int chunk = static_cast<int>(std::min<std::size_t>(bytes - got, 64 * 1024));
        int n = FCGX_GetStr(out.data() + got, chunk, request_->in);
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
    }
    if (got != bytes) return std::nullopt;
    return out;
}

namespace {
void on_wake(int) {}  // SIGUSR1 only interrupts accept(); it touches no state
}  // namespace

sigset_t control_signals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    return set;
}

void block_control_signals() {
    sigset_t set = control_signals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

bool init_fastcgi_process() {
    struct sigaction wake {};
    wake.sa_handler = on_wake;  // no SA_RESTART: accept() must return EINTR
    sigemptyset(&wake.sa_mask);
    sigaction(SIGUSR1, &wake, nullptr);
    signal(SIGPIPE, SIG_IGN);  // a client that went away is an error return, not a death
    block_control_signals();  // main has already; a program that did not is covered from here
    return FCGX_Init() == 0;
}

}  // namespace vitae

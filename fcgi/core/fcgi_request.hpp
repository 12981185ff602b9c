// One FastCGI request slot of a request thread, over libfcgi: the only
// place that sees fcgiapp.h (vitae-fcgi's server and vitae-admin both use
// it). Also the process-wide set-up both programs need before their threads
// start: libfcgi's init and the signal dispositions (FINDINGS.md: libfcgi's
// own SIGTERM handling never lets a threaded process exit).
#pragma once

#include <signal.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct FCGX_Request;

namespace vitae {

// Owns one FCGX_Request for the life of a thread. FCGX_Finish_r ends each
// request; FCGX_Free releases the buffers without closing the shared listener.
// libfcgi reads the request; the answer bypasses its output stream (8 KB
// buffer: a 20 KB page was 3 writes, and a SIGKILL between them cut the page
// nginx had started to forward) and goes out in one send, records included.
class FcgiRequest {
public:
    explicit FcgiRequest(int listen_fd);
    ~FcgiRequest();
    FcgiRequest(const FcgiRequest&) = delete;
    FcgiRequest& operator=(const FcgiRequest&) = delete;

    bool accept();
    void finish();
    std::string_view param(const char* name) const;  // empty when absent
    std::uint16_t id() const;

    // Sends `records` (the whole answer, through FCGI_END_REQUEST) on the
    // connection and marks libfcgi's output closed (fcgi_request.cpp says why).
    void send(std::string_view records);

    // Reads `bytes` of FCGI_STDIN, waiting at most `timeout_ms` for each
    // read of the socket; nullopt when the stream ends first or a read
    // times out (a body that stops coming).
    std::optional<std::string> read_body(std::size_t bytes, int timeout_ms);

private:
    std::unique_ptr<FCGX_Request> request_;
    bool unix_socket_ = false;  // the listener is AF_UNIX: finish() closes at once
};

// SIGTERM, SIGINT and SIGHUP: blocked in every thread, taken by sigwait.
sigset_t control_signals();

// Blocks the control signals in this thread, and so in every thread and
// child process started after. Each program calls it first thing once it
// knows it will serve, before the slow start (loading a site, compiling
// templates, opening the accounts): a stop that arrives then waits for the
// loop that takes it and is a graceful stop, never death by the signal's
// default action.
void block_control_signals();

// Before any thread starts: SIGUSR1 interrupts a blocked accept (no
// SA_RESTART), SIGPIPE is ignored, the control signals are blocked (still),
// then FCGX_Init. False when FCGX_Init fails.
bool init_fastcgi_process();

}  // namespace vitae

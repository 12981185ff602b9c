// The one accept loop both programs serve with: request threads on one
// listener, each blocking in accept on the shared socket (no mutex around
// accept: it is thread-safe on Linux, and a lock would stall every thread
// behind one slow connection), one request at a time per thread.
//
// What a thread does with a request is its Responder's, made in that thread
// (so each has its own connections). An exception a Responder lets out is
// caught here, logged, and answered with a plain 500: never the end of a
// thread, nor of the process. stop() drains: threads in accept are woken
// (SIGUSR1, accept fails with EINTR), threads mid-request finish it; what is
// not done within limits::shutdown_timeout_ms ends the process (exit 1),
// since systemd would otherwise wait its own, longer, timeout.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fcgi/core/fcgi_request.hpp"
#include "fcgi/core/listener.hpp"

namespace vitae {

class Responder {
public:
    virtual ~Responder() = default;
    // The whole answer to `request` as FastCGI records (fastcgi_records.hpp),
    // laid out in `scratch` or kept elsewhere for as long as the call's result is used.
    virtual std::string_view respond(FcgiRequest& request, std::string& scratch) = 0;
};

// The records of the answer every request gets when its Responder throws.
std::string server_error_records(std::uint16_t request_id);

class AcceptLoop {
public:
    // Makes thread `index`'s Responder, in that thread; if it throws, the
    // thread logs why and ends (the others serve on).
    using MakeResponder = std::function<std::unique_ptr<Responder>(std::size_t index)>;

    AcceptLoop(const Listener& listener, int threads, MakeResponder make);
    ~AcceptLoop();  // stops, if stop() was not called
    AcceptLoop(const AcceptLoop&) = delete;
    AcceptLoop& operator=(const AcceptLoop&) = delete;

    void start();
    void stop();
    // False when a thread has been inside one request for longer than limits::stuck_request_ms.
    bool healthy() const;

private:
    struct Thread;
    void serve(Thread& thread, std::size_t index);

    const Listener& listener_;
    int thread_count_;
    MakeResponder make_;
    std::atomic<bool> stopping_{false};
    std::vector<std::unique_ptr<Thread>> threads_;
};

}  // namespace vitae

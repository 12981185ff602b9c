#include "fcgi/core/accept_loop.hpp"

#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "base/clock.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "fcgi/core/fastcgi_records.hpp"
#include "http/head_writer.hpp"

namespace vitae {

std::string server_error_records(std::uint16_t request_id) {
    static constexpr std::string_view body = "internal server error\n";
    HeadWriter head(500);
    head.add("Content-Type", "text/plain; charset=utf-8").add("Cache-Control", "no-store").add_number("Content-Length", body.size());
    auto written = head.finish(body);
    std::string records;
    fastcgi::append_answer(records, request_id, written.head, written.body);
    return records;
}

struct AcceptLoop::Thread {
    std::thread thread;
    std::atomic<bool> in_accept{false};
    std::atomic<bool> done{false};
    std::atomic<std::int64_t> busy_since_ms{0};  // 0 while not handling a request
};

AcceptLoop::AcceptLoop(const Listener& listener, int threads, MakeResponder make)
    : listener_(listener), thread_count_(threads), make_(std::move(make)) {}

AcceptLoop::~AcceptLoop() {
    if (!threads_.empty() && !stopping_) stop();
}

void AcceptLoop::start() {
    for (int i = 0; i < thread_count_; ++i) {
        threads_.push_back(std::make_unique<Thread>());
        threads_.back()->thread = std::thread([this, t = threads_.back().get(), i] { serve(*t, static_cast<std::size_t>(i)); });
    }
}

void AcceptLoop::serve(Thread& t, std::size_t index) {
    try {
        auto responder = make_(index);
        FcgiRequest request(listener_.fd());
        std::string scratch;  // answers not laid out ahead, reused: it grows to the largest once
        while (!stopping_.load()) {
            t.in_accept = true;
            bool accepted = request.accept();
            t.in_accept = false;
            if (!accepted) continue;  // woken to stop, or a failed accept; the loop re-checks
            t.busy_since_ms = monotonic_ms();
            std::string failed;
            std::string_view records;
            try {
                records = responder->respond(request, scratch);
            } catch (const std::exception& e) {
                log_error(std::string("request ") + in_quotes(request.param("REQUEST_URI")) + ": " + e.what() + "; answered 500");
                records = failed = server_error_records(request.id());
            } catch (...) {
                log_error(std::string("request ") + in_quotes(request.param("REQUEST_URI")) + ": an unknown exception; answered 500");
                records = failed = server_error_records(request.id());
            }
            request.send(records);
            request.finish();
            t.busy_since_ms = 0;
        }
    } catch (const std::exception& e) {
        log_error(std::string("request thread ") + std::to_string(index) + " stopped: " + e.what());
    }
    t.done = true;
}

bool AcceptLoop::healthy() const {
    auto now = monotonic_ms();
    for (const auto& t : threads_) {
        auto since = t->busy_since_ms.load();
        if (since != 0 && now - since > limits::stuck_request_ms) return false;
    }
    return true;
}

// Threads mid-request finish it and see the flag; threads blocked in accept
// are poked until they return. Poking repeats because a thread may enter
// accept just after a poke. The listener is never shut down: it may be
// systemd's, shared with the next process.
void AcceptLoop::stop() {
    stopping_ = true;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(limits::shutdown_timeout_ms);
    for (;;) {
        bool all_done = true;
        for (auto& t : threads_) {
            if (t->done) continue;
            all_done = false;
            if (t->in_accept) pthread_kill(t->thread.native_handle(), SIGUSR1);
        }
        if (all_done) break;
        if (std::chrono::steady_clock::now() > deadline) {
            log_error("stop: request threads did not finish in " + std::to_string(limits::shutdown_timeout_ms) +
                      " ms; exiting anyway");
            std::_Exit(1);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(limits::shutdown_wake_interval_ms));
    }
    for (auto& t : threads_) t->thread.join();
}

}  // namespace vitae

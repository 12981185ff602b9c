#include "admin/server.hpp"

#include <pthread.h>
#include <systemd/sd-daemon.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <thread>

#include "base/log.hpp"
#include "fcgi/core/fastcgi_records.hpp"
#include "fcgi/core/fcgi_request.hpp"
#include "http/form.hpp"

namespace vitae {

std::size_t body_bound(std::string_view content_type) {
    auto type = media_type(content_type);
    if (type == "application/x-www-form-urlencoded") return limits::max_urlencoded_body_bytes;
    if (type == "multipart/form-data") return limits::max_multipart_body_bytes;
    return 0;
}

namespace {

struct Slot {
    std::thread thread;
    std::atomic<bool> in_accept{false};
    std::atomic<bool> done{false};
};

// The body of a POST, or the status that refuses it (0: read).
int read_body(FcgiRequest& request, std::string& body) {
    auto length_text = request.param("CONTENT_LENGTH");
    if (length_text.empty()) return 0;  // no body; the form parser sees an empty one
    std::size_t length = 0;
    auto [end, ec] = std::from_chars(length_text.data(), length_text.data() + length_text.size(), length);
    if (ec != std::errc{} || end != length_text.data() + length_text.size()) return 400;
    if (length > body_bound(request.param("CONTENT_TYPE"))) {
        // Read to its end when nginx let it through (client_max_body_size is
        // the largest bound): an answer sent while nginx still writes the
        // body would reach the browser as nginx's 502, not our 413.
        if (length <= limits::max_multipart_body_bytes) request.read_body(length, limits::admin_body_read_timeout_ms, body);
        body.clear();
        return 413;
    }
    if (!request.read_body(length, limits::admin_body_read_timeout_ms, body)) return 400;
    return 0;
}

AdminAnswer refused(int status) {
    return {.status = status,
            .content_type = "text/plain; charset=utf-8",
            .body = status == 413 ? "request body too large\n" : "bad request body\n"};
}

void serve_one(AdminApp& app, FcgiRequest& request, std::string& body, std::string& out) {
    body.clear();
    AdminAnswer answer;
    int status = request.param("REQUEST_METHOD") == "POST" ? read_body(request, body) : 0;
    if (status != 0) {
        answer = refused(status);
    } else {
        answer = app.handle({.method = request.param("REQUEST_METHOD"),
                             .request_uri = request.param("REQUEST_URI"),
                             .scheme = request.param("REQUEST_SCHEME"),
                             .host = request.param("HTTP_HOST"),
                             .origin = request.param("HTTP_ORIGIN"),
                             .referer = request.param("HTTP_REFERER"),
                             .cookie = request.param("HTTP_COOKIE"),
                             .content_type = request.param("CONTENT_TYPE"),
                             .remote_addr = request.param("REMOTE_ADDR"),
                             .remote_user = request.param("VITAE_REMOTE_USER"),
                             .body = body});
    }
    out.clear();
    auto written = write_answer(answer);
    fastcgi::append_answer(out, request.id(), written.head, written.body);
    request.send(out);
}

void serve_thread(const AdminShared& shared, const Listener& listener, Slot& slot, const std::atomic<bool>& stopping) {
    try {
        AdminApp app(shared);
        FcgiRequest request(listener.fd());
        std::string body, out;
        while (!stopping) {
            slot.in_accept = true;
            bool accepted = request.accept();
            slot.in_accept = false;
            if (!accepted) continue;
            serve_one(app, request, body, out);
            request.finish();
        }
    } catch (const std::exception& e) {
        log_error(std::string("edit: request thread stopped: ") + e.what());
    }
    slot.done = true;
}

}  // namespace

int serve_admin(const AdminShared& shared, const Listener& listener) {
    if (!init_fastcgi_process()) {
        log_error("FCGX_Init failed");
        return 1;
    }
    std::atomic<bool> stopping{false};
    std::vector<std::unique_ptr<Slot>> slots;
    for (int i = 0; i < shared.config.threads; ++i) {
        slots.push_back(std::make_unique<Slot>());
        slots.back()->thread = std::thread([&shared, &listener, &stopping, slot = slots.back().get()] {
            serve_thread(shared, listener, *slot, stopping);
        });
    }
    log_info("ready: editing on " + in_quotes(listener.description()) + " with " + std::to_string(shared.config.threads) + " threads");
    sd_notify(0, "READY=1");
    sigset_t set = control_signals();
    for (int signo = 0; signo != SIGTERM && signo != SIGINT;) signo = ::sigwaitinfo(&set, nullptr);
    sd_notify(0, "STOPPING=1");
    stopping = true;
    // A thread in accept is woken (SIGUSR1, accept fails with EINTR); one mid-request finishes it first.
    for (auto& slot : slots) {
        while (!slot->done) {
            if (slot->in_accept) pthread_kill(slot->thread.native_handle(), SIGUSR1);
            std::this_thread::sleep_for(std::chrono::milliseconds(limits::shutdown_wake_interval_ms));
        }
        slot->thread.join();
    }
    log_info("stopped");
    return 0;
}

}  // namespace vitae

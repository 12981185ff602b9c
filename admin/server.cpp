#include "admin/server.hpp"

#include <systemd/sd-daemon.h>

#include <charconv>

#include "base/log.hpp"
#include "fcgi/core/accept_loop.hpp"
#include "fcgi/core/fastcgi_records.hpp"
#include "fcgi/core/fcgi_request.hpp"
#include "http/form.hpp"
#include "http/request.hpp"

namespace vitae {

std::size_t body_bound(std::string_view content_type) {
    auto type = media_type(content_type);
    if (type == "application/x-www-form-urlencoded") return limits::max_urlencoded_body_bytes;
    if (type == "multipart/form-data") return limits::max_multipart_body_bytes;
    return 0;
}

namespace {

// The body of a POST, or the status that refuses it.
struct BodyRead {
    int refused = 0;  // 400, 413; 0: read
    std::string body = {};
};
BodyRead read_post_body(FcgiRequest& request) {
    auto length_text = request.param("CONTENT_LENGTH");
    if (length_text.empty()) return {};  // no body; the form parser sees an empty one
    std::size_t length = 0;
    auto [end, ec] = std::from_chars(length_text.data(), length_text.data() + length_text.size(), length);
    if (ec != std::errc{} || end != length_text.data() + length_text.size()) return {.refused = 400};
    if (length > body_bound(request.param("CONTENT_TYPE"))) {
        // Read to its end when nginx let it through (client_max_body_size is
        // the largest bound): an answer sent while nginx still writes the
        // body would reach the browser as nginx's 502, not our 413.
        if (length <= limits::max_multipart_body_bytes) request.read_body(length, limits::admin_body_read_timeout_ms);
        return {.refused = 413};
    }
    auto body = request.read_body(length, limits::admin_body_read_timeout_ms);
    if (!body) return {.refused = 400};
    return {.body = std::move(*body)};
}

AdminAnswer refused(int status) {
    return {.status = status,
            .content_type = "text/plain; charset=utf-8",
            .body = status == 413 ? "request body too large\n" : "bad request body\n"};
}

// One request thread's side: its AdminApp (its own connection to the
// accounts), the body read, the answer as records.
class AdminThread : public Responder {
public:
    explicit AdminThread(const AdminShared& shared) : app_(shared) {}

    std::string_view respond(FcgiRequest& request, std::string& scratch) override {
        AdminAnswer answer;
        BodyRead read = parse_method(request.param("REQUEST_METHOD")) == Method::post ? read_post_body(request) : BodyRead{};
        if (read.refused != 0) {
            answer = refused(read.refused);
        } else {
            answer = app_.handle({.method = request.param("REQUEST_METHOD"),
                                  .request_uri = request.param("REQUEST_URI"),
                                  .scheme = request.param("REQUEST_SCHEME"),
                                  .host = request.param("HTTP_HOST"),
                                  .origin = request.param("HTTP_ORIGIN"),
                                  .referer = request.param("HTTP_REFERER"),
                                  .cookie = request.param("HTTP_COOKIE"),
                                  .content_type = request.param("CONTENT_TYPE"),
                                  .remote_addr = request.param("REMOTE_ADDR"),
                                  .remote_user = request.param("VITAE_REMOTE_USER"),
                                  .body = read.body});
        }
        auto written = write_answer(answer);
        scratch.clear();
        fastcgi::append_answer(scratch, request.id(), written.head, written.body);
        return scratch;
    }

private:
    AdminApp app_;
};

}  // namespace

int serve_admin(const AdminShared& shared, const Listener& listener) {
    if (!init_fastcgi_process()) {
        log_error("FCGX_Init failed");
        return 1;
    }
    AcceptLoop loop(listener, shared.config.threads,
                    [&shared](std::size_t) { return std::make_unique<AdminThread>(shared); });
    loop.start();
    log_info("ready: editing on " + in_quotes(listener.description()) + " with " + std::to_string(shared.config.threads) + " threads");
    sd_notify(0, "READY=1");
    sigset_t set = control_signals();
    for (int signo = 0; signo != SIGTERM && signo != SIGINT;) signo = ::sigwaitinfo(&set, nullptr);
    sd_notify(0, "STOPPING=1");
    loop.stop();
    log_info("stopped");
    return 0;
}

}  // namespace vitae

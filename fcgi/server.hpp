// The FastCGI side of one serving process: the FastCGI core's accept loop
// (fcgi/core/accept_loop.hpp) with a handler per request thread. Signals are
// blocked in every thread and taken by the main thread with sigwait: SIGHUP
// reloads, SIGTERM/SIGINT drain and stop. About once a second the main thread
// reports whether every request thread is making progress (the watchdog's input).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "fcgi/config.hpp"
#include "fcgi/core/accept_loop.hpp"
#include "fcgi/handler.hpp"
#include "fcgi/core/listener.hpp"
#include "fcgi/publisher.hpp"
#include "fcgi/site_follower.hpp"
#include "sites/site_set.hpp"

namespace vitae {

// Called about once a second: stuck when a request thread has been inside one
// request for longer than limits::stuck_request_ms.
enum class Health { healthy, stuck };
using HealthReport = std::function<void(Health)>;

class Server {
public:
    Server(const Config& config, SiteSet& sites, const Listener& listener, HealthReport report);
    ~Server();

    int run();  // serves until SIGTERM or SIGINT; returns the exit code
    Handler& handler() { return handler_; }

private:
    class Thread;  // a request thread's Responder
    void wait_for_stop();

    const Config& config_;
    SiteSet& sites_;
    Handler handler_;
    const Listener& listener_;
    HealthReport report_;
    std::atomic<bool> stopping_{false};  // the follower's
    std::unique_ptr<AcceptLoop> loop_;
    std::unique_ptr<Purger> purger_;          // --purge; before the follower, which uses it
    std::unique_ptr<SiteFollower> follower_;  // made in run(), with the handler's metrics
};

// One serving process: loads the site (or starts from `fallback` if the files
// are bad now) or reads the registry, serves, returns the exit code. `process_json` adds the
// supervisor's view to /_vitae/status (may be empty); `metrics` is where it
// counts (empty `own`: a slot of the handler's own).
int serve_process(const Config& config, const Listener& listener, HealthReport report,
                  std::function<std::string()> process_json, std::shared_ptr<const Site> fallback = nullptr,
                  MetricsScope metrics = {});

}  // namespace vitae

// The FastCGI side: N threads, each with its own FCGX_Request, each blocking
// in FCGX_Accept_r on the one shared listening socket (no mutex around accept:
// it is thread-safe on Linux, and a lock would stall every thread behind one
// slow connection). Signals are blocked in every thread and taken by the main
// thread with sigwait: SIGHUP reloads, SIGTERM/SIGINT drain and stop.
#pragma once

#include "config.hpp"
#include "handler.hpp"
#include "listener.hpp"
#include "publisher.hpp"

namespace vitae {

class Server {
public:
    Server(const Config& config, SiteHolder& sites, PageCache& cache, const Listener& listener);

    // Serves until SIGTERM or SIGINT; returns the process exit code.
    int run();

private:
    const Config& config_;
    SiteHolder& sites_;
    Handler handler_;
    const Listener& listener_;
};

}  // namespace vitae

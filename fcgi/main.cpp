// vitae-fcgi: argv/env -> Config -> a validated site -> the listening socket
// -> a supervisor with worker processes (or one process with --workers 0).
// Every start-up failure is one log line naming the file and the problem,
// and a non-zero exit, before any request is served.
#include <signal.h>
#include <systemd/sd-daemon.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/version.hpp"
#include "fcgi/config.hpp"
#include "fcgi/listener.hpp"
#include "fcgi/server.hpp"
#include "fcgi/supervisor.hpp"
#include "site/page_source.hpp"
#include "site/pages.hpp"

namespace {

int render_to_stdout(const vitae::Config& config, const std::string& path) {
    auto site = vitae::load_site(vitae::site_source(config), 1);
    vitae::PageCache cache(0, 0);
    vitae::PageSource pages(cache, config.base_url);
    vitae::PageWorkspace workspace(pages);
    auto page = pages.render_page(*site, vitae::page_ref(vitae::route(path), *site), workspace);
    std::fwrite(page->body.data(), 1, page->body.size(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
}

// Without a supervisor the serving process pings the watchdog itself.
void ping_watchdog(bool healthy) {
    if (healthy) sd_notify(0, "WATCHDOG=1");
}

}  // namespace

int main(int argc, char** argv) {
    using namespace vitae;
    Config config;
    try {
        config = parse_config(argc, argv, [](const char* name) -> const char* { return std::getenv(name); });
    } catch (const UsageError& e) {
        log_error(std::string(e.what()) + " (see --help)");
        return 2;
    }
    if (config.help) {
        std::fputs(usage("vitae-fcgi").c_str(), stdout);
        return 0;
    }
    if (config.version) {
        std::printf("vitae-fcgi %s\n", version);
        return 0;
    }
    try {
        if (!config.render_path.empty()) return render_to_stdout(config, config.render_path);
        // Validate before taking the socket: a bad database or template fails here, once.
        auto validated = load_site(site_source(config), 1);
        // Blocked before the socket listens: a SIGTERM that arrives before the
        // supervisor or the server waits for signals is then taken by it, not
        // fatal (seen: a stop right after start exited by the signal, not 0).
        sigset_t control;
        sigemptyset(&control);
        for (int signo : {SIGTERM, SIGINT, SIGHUP, SIGCHLD}) sigaddset(&control, signo);
        ::sigprocmask(SIG_BLOCK, &control, nullptr);
        auto listener = Listener::open(config.listen, config.socket_mode);
        if (config.workers == 0) return serve_process(config, listener, ping_watchdog, {});
        Supervisor supervisor(config, listener, std::move(validated));
        return supervisor.run();
    } catch (const std::exception& e) {
        log_error(e.what());
        return 1;
    }
}

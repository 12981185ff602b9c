#include "fcgi/supervisor.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <systemd/sd-daemon.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <new>

#include "base/clock.hpp"
#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "fcgi/server.hpp"

namespace vitae {

namespace {

constexpr int tick_ms = 250;

sigset_t supervisor_signals() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : {SIGCHLD, SIGTERM, SIGINT, SIGHUP}) sigaddset(&set, s);
    return set;
}

std::string describe_exit(int status) {
    if (WIFSIGNALED(status)) return std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
                                    ::strsignal(WTERMSIG(status)) + ")";
    return "exited with code " + std::to_string(WEXITSTATUS(status));
}

}  // namespace

Supervisor::Supervisor(const Config& config, const Listener& listener, std::shared_ptr<const Site> last_good)
    : config_(config), listener_(listener), last_good_(std::move(last_good)) {
    void* memory = ::mmap(nullptr, sizeof(SharedProcessState), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) throw Error(std::string("supervisor: mmap: ") + std::strerror(errno));
    shared_ = new (memory) SharedProcessState();
}

Supervisor::~Supervisor() {
    shared_->~SharedProcessState();
    ::munmap(shared_, sizeof(SharedProcessState));
}

std::string Supervisor::process_json(int slot) const {
    std::string pids;
    for (int i = 0; i < config_.workers; ++i)
        pids += (i ? ", " : "") + std::to_string(shared_->slots[i].pid.load());
    return "{\"supervisor\": " + std::to_string(::getppid()) + ", \"worker\": " + std::to_string(slot) +
           ", \"workers\": [" + pids + "], \"restarts\": " + std::to_string(shared_->restarts.load()) + "}";
}

MetricsScope Supervisor::metrics_scope(int slot) const {
    MetricsScope scope{&shared_->slots[slot].metrics, {}, &shared_->restarts, started_};
    for (int i = 0; i < config_.workers; ++i) scope.workers.push_back(&shared_->slots[i].metrics);
    return scope;
}

void Supervisor::spawn(int slot) {
    auto& s = shared_->slots[slot];
    s.heartbeat_ms = monotonic_ms();
    s.started_ms = monotonic_ms();
    pid_t pid = ::fork();
    if (pid < 0) {
        log_error(std::string("supervisor: fork: ") + std::strerror(errno) + "; retrying");
        retry_at_ms_[slot] = monotonic_ms() + 1000;
        return;
    }
    if (pid == 0) {
        // The worker: systemd talks to the supervisor only. Control signals stay
        // blocked (Server takes them with sigwait); SIGCHLD is the supervisor's.
        ::unsetenv("NOTIFY_SOCKET");
        sigset_t chld;
        sigemptyset(&chld);
        sigaddset(&chld, SIGCHLD);
        ::sigprocmask(SIG_UNBLOCK, &chld, nullptr);
        // One publisher is enough: the others would write the same files.
        Config worker_config = config_;
        if (slot != 0) worker_config.publish_dir.clear();
        int code = 1;
        try {
            code = serve_process(
                worker_config, listener_, [&s](Health health) { if (health == Health::healthy) s.heartbeat_ms = monotonic_ms(); },
                [this, slot] { return process_json(slot); }, last_good_, metrics_scope(slot));
        } catch (const std::exception& e) {
            log_error(e.what());
        }
        std::_Exit(code);  // never run the supervisor's destructors (they own the socket path)
    }
    s.pid = pid;
    retry_at_ms_[slot] = 0;
}

void Supervisor::reap() {
    int status = 0;
    pid_t pid;
    while ((pid = ::waitpid(-1, &status, WNOHANG)) > 0) {
        for (int i = 0; i < config_.workers; ++i) {
            auto& s = shared_->slots[i];
            if (s.pid != pid) continue;
            s.pid = 0;
            if (stopping_) break;
            bool quick = monotonic_ms() - s.started_ms < limits::quick_death_ms;
            backoff_ms_[i] = quick ? std::min(std::max(backoff_ms_[i] * 2, 100), limits::restart_backoff_max_ms) : 0;
            auto restarts = shared_->restarts.fetch_add(1) + 1;
            log(Level::error, LogEvent("worker_restart")
                                  .add("worker", i)
                                  .add("pid", pid)
                                  .add("exit", describe_exit(status))
                                  .add("backoff_ms", backoff_ms_[i])
                                  .add("restarts", static_cast<std::int64_t>(restarts)));
            retry_at_ms_[i] = monotonic_ms() + backoff_ms_[i];
        }
    }
}

void Supervisor::check_heartbeats() {
    bool all_fresh = true;
    auto now = monotonic_ms();
    for (int i = 0; i < config_.workers; ++i) {
        auto& s = shared_->slots[i];
        if (retry_at_ms_[i] != 0 && now >= retry_at_ms_[i]) spawn(i);
        if (s.pid == 0) {
            all_fresh = false;
            continue;
        }
        auto age = now - s.heartbeat_ms.load();
        if (age > limits::heartbeat_fresh_ms) all_fresh = false;
        if (age > limits::stuck_request_ms) {
            log(Level::error, LogEvent("worker_stuck").add("worker", i).add("pid", s.pid.load()).add("ms", age));
            ::kill(s.pid, SIGKILL);
            s.heartbeat_ms = now;  // one kill; reap() restarts it
        }
    }
    if (all_fresh) sd_notify(0, "WATCHDOG=1");  // a no-op unless WatchdogSec= is set
}

void Supervisor::forward(int signo) {
    for (int i = 0; i < config_.workers; ++i)
        if (pid_t pid = shared_->slots[i].pid; pid > 0) ::kill(pid, signo);
}

void Supervisor::stop_workers() {
    stopping_ = true;
    forward(SIGTERM);
    sigset_t chld;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    auto deadline = monotonic_ms() + limits::shutdown_timeout_ms + 2000;
    const timespec tick{0, tick_ms * 1000000L};
    for (;;) {
        reap();
        bool any = false;
        for (int i = 0; i < config_.workers; ++i) any = any || shared_->slots[i].pid != 0;
        if (!any) return;
        if (monotonic_ms() > deadline) {
            log_error("stop: workers did not exit in time; killing them");
            forward(SIGKILL);
            deadline = monotonic_ms() + 2000;
        }
        ::sigtimedwait(&chld, nullptr, &tick);
    }
}

int Supervisor::run() {
    sigset_t set = supervisor_signals();
    ::sigprocmask(SIG_BLOCK, &set, nullptr);
    ::signal(SIGPIPE, SIG_IGN);
    for (int i = 0; i < config_.workers; ++i) spawn(i);
    log_info("supervisor: " + std::to_string(config_.workers) + " worker processes on " +
             in_quotes(listener_.description()));
    sd_notify(0, "READY=1");
    const timespec tick{0, tick_ms * 1000000L};
    for (;;) {
        int signo = ::sigtimedwait(&set, nullptr, &tick);
        if (signo == SIGCHLD) {
            reap();
        } else if (signo == SIGHUP) {
            sd_notify(0, "RELOADING=1");
            forward(SIGHUP);
            try {
                if (last_good_) last_good_ = load_site(site_source(config_), last_good_->generation);
            } catch (const std::exception&) {
                // the workers log why; keep the older last good site
            }
            sd_notify(0, "READY=1");
        } else if (signo == SIGTERM || signo == SIGINT) {
            log_info(std::string("supervisor: stopping on ") + (signo == SIGTERM ? "SIGTERM" : "SIGINT"));
            sd_notify(0, "STOPPING=1");
            break;
        }
        check_heartbeats();
    }
    stop_workers();
    log_info("supervisor: stopped");
    return 0;
}

}  // namespace vitae

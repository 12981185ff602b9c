// One child at a time per call, no threads of its own: the caller's thread
// polls the two pipes (stdin written while stdout is read, so neither side
// can block the other on a full pipe) in short slices, looking at the
// deadline and the cancel flag between them.
#include "base/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <thread>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/unique_fd.hpp"

extern char** environ;

namespace vitae {

namespace {

using ChildClock = std::chrono::steady_clock;

constexpr int child_poll_slice_ms = 20;  // how late a cancel is seen

std::string call_failed(const std::string& program, const char* call, int error) {
    return "run " + in_quotes(program) + ": " + call + ": " + std::strerror(error);
}

struct ChildPipe {
    UniqueFd read, write;
};

ChildPipe child_pipe(const std::string& program) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw Error(call_failed(program, "pipe2", errno));
    return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

// The spawn's settings, released however the spawn went.
struct SpawnSettings {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    SpawnSettings(int in_fd, int out_fd) {
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in_fd, STDIN_FILENO);  // dup2 clears FD_CLOEXEC
        posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
        posix_spawn_file_actions_addclosefrom_np(&actions, 3);  // not the listener, not a client's socket
        posix_spawnattr_init(&attr);
        // The worker blocks its control signals and ignores SIGPIPE; the child starts plain.
        sigset_t none, plain;
        sigemptyset(&none);
        sigemptyset(&plain);
        for (int s : {SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD}) sigaddset(&plain, s);
        posix_spawnattr_setsigmask(&attr, &none);
        posix_spawnattr_setsigdefault(&attr, &plain);
        // Its own process group, so a kill reaches whatever it started too.
        posix_spawnattr_setpgroup(&attr, 0);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    }
    ~SpawnSettings() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
    }
    SpawnSettings(const SpawnSettings&) = delete;
    SpawnSettings& operator=(const SpawnSettings&) = delete;
};

// A started child: killed and reaped on every way out unless reaped first.
class SpawnedChild {
public:
    SpawnedChild(const ChildRun& run, int in_fd, int out_fd) : program_(run.argv.at(0)) {
        SpawnSettings settings(in_fd, out_fd);
        std::vector<char*> args;
        for (const auto& a : run.argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        int rc = ::posix_spawn(&pid_, args[0], &settings.actions, &settings.attr, args.data(), environ);
        if (rc != 0) throw Error(call_failed(program_, "posix_spawn", rc));
    }
    ~SpawnedChild() {
        if (pid_ <= 0) return;
        ::kill(-pid_, SIGKILL);  // the group: a grandchild must not outlive it holding a pipe
        int status;
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
    }
    SpawnedChild(const SpawnedChild&) = delete;
    SpawnedChild& operator=(const SpawnedChild&) = delete;

    // Its exit status once it has one; nullopt while it runs.
    std::optional<int> reaped() {
        int status = 0;
        pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r < 0 && errno != EINTR) throw Error(call_failed(program_, "waitpid", errno));
        if (r != pid_) return std::nullopt;
        pid_ = -1;
        return status;
    }

private:
    std::string program_;
    pid_t pid_ = -1;
};

// Writing to a pipe whose reader died raises SIGPIPE: blocked in this
// thread while we write, and a SIGPIPE we caused taken back before it is
// unblocked (a process that does not ignore it, the vitae tool, lives on).
class SigpipeBlocked {
public:
    SigpipeBlocked() {
        sigemptyset(&pipe_);
        sigaddset(&pipe_, SIGPIPE);
        sigset_t pending;
        sigpending(&pending);
        was_pending_ = sigismember(&pending, SIGPIPE) == 1;
        pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
    }
    ~SigpipeBlocked() {
        timespec zero{0, 0};
        if (!was_pending_)
            while (sigtimedwait(&pipe_, nullptr, &zero) > 0) {
            }
        pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }
    SigpipeBlocked(const SigpipeBlocked&) = delete;
    SigpipeBlocked& operator=(const SigpipeBlocked&) = delete;

private:
    sigset_t pipe_, old_;
    bool was_pending_ = false;
};

void check_running(const ChildRun& run, ChildClock::time_point deadline) {
    if (run.cancel && run.cancel->load()) throw Error("run " + in_quotes(run.argv[0]) + ": cancelled");
    if (ChildClock::now() >= deadline)
        throw Error("run " + in_quotes(run.argv[0]) + ": no answer within " + std::to_string(run.timeout.count()) + " ms");
}

// Feeds its stdin and drains its stdout until it closes stdout.
std::string exchange_with_child(const ChildRun& run, UniqueFd in, UniqueFd out, ChildClock::time_point deadline) {
    const std::string& program = run.argv[0];
    std::string output;
    std::size_t written = 0;
    if (run.input.empty()) in.reset();
    if (in) ::fcntl(in.get(), F_SETFL, O_NONBLOCK);
    while (out) {
        check_running(run, deadline);
        pollfd fds[2] = {{out.get(), POLLIN, 0}, {in.get(), POLLOUT, 0}};
        int r = ::poll(fds, in ? 2 : 1, child_poll_slice_ms);
        if (r < 0 && errno != EINTR) throw Error(call_failed(program, "poll", errno));
        if (r <= 0) continue;
        if (in && fds[1].revents) {
            ssize_t n = ::write(in.get(), run.input.data() + written, run.input.size() - written);
            if (n > 0) written += static_cast<std::size_t>(n);
            if ((n < 0 && errno != EAGAIN && errno != EINTR) || written == run.input.size()) in.reset();  // EPIPE: it stopped reading
        }
        if (!fds[0].revents) continue;
        char buffer[64 * 1024];
        ssize_t n = ::read(out.get(), buffer, sizeof buffer);
        if (n < 0 && errno != EINTR && errno != EAGAIN) throw Error(call_failed(program, "read", errno));
        if (n == 0) out.reset();
        if (n <= 0) continue;
        if (output.size() + static_cast<std::size_t>(n) > run.max_output_bytes)
            throw Error("run " + in_quotes(program) + ": wrote more than " + limits::size_text(run.max_output_bytes));
        output.append(buffer, static_cast<std::size_t>(n));
    }
    return output;
}

std::string child_status_text(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return std::string("killed by signal ") + strsignal(WTERMSIG(status));
    return "stopped";
}

}  // namespace

std::string run_child(const ChildRun& run) {
    auto deadline = ChildClock::now() + run.timeout;
    SigpipeBlocked quiet;
    ChildPipe in = child_pipe(run.argv.at(0)), out = child_pipe(run.argv[0]);
    SpawnedChild child(run, in.read.get(), out.write.get());
    in.read.reset();
    out.write.reset();
    std::string output = exchange_with_child(run, std::move(in.write), std::move(out.read), deadline);
    std::optional<int> status;
    while (!(status = child.reaped())) {  // stdout closed: it is exiting
        check_running(run, deadline);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0)
        throw Error("run " + in_quotes(run.argv[0]) + ": " + child_status_text(*status));
    return output;
}

std::string find_helper_program(const char* env, const char* name, const char* installed) {
    if (const char* given = std::getenv(env); given && *given) return given;
    std::error_code error;
    auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    for (auto dir = self.parent_path(); !error && !dir.empty(); dir = dir.parent_path()) {
        auto beside = dir / name;
        if (::access(beside.c_str(), X_OK) == 0) return beside.string();
        if (dir != self.parent_path()) break;
    }
    return installed;
}

}  // namespace vitae

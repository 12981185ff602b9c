#include "site/template_watch.hpp"

#include <poll.h>
#include <sys/inotify.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "base/log.hpp"

namespace vitae {

namespace {

constexpr std::uint32_t watched_events =
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF;

}  // namespace

TemplateWatch::TemplateWatch(std::vector<std::filesystem::path> dirs) {
    for (auto& dir : dirs) dirs_.push_back({.dir = std::move(dir)});
    fd_.reset(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC));
    if (!fd_) {
        log_warning(std::string("inotify_init1: ") + std::strerror(errno) + "; template changes need SIGHUP");
        return;
    }
    for (auto& w : dirs_)
        if (!add_watch(w))
            log_warning("watch " + in_quotes(w.dir.string()) + ": " + std::strerror(errno) +
                        "; template changes need SIGHUP");
}

bool TemplateWatch::add_watch(Watched& w) {
    w.watch = ::inotify_add_watch(fd_.get(), w.dir.c_str(), watched_events | IN_ONLYDIR);
    w.rewatch = w.watch < 0;
    return w.watch >= 0;
}

bool TemplateWatch::pending() {
    if (!fd_) return false;
    bool back = false;
    for (auto& w : dirs_)
        if (w.rewatch) back = add_watch(w) || back;  // the directory is back: load it
    if (back) return true;
    pollfd p{fd_.get(), POLLIN, 0};
    return ::poll(&p, 1, 0) > 0 && (p.revents & POLLIN) != 0;
}

void TemplateWatch::drain() {
    if (!fd_) return;
    alignas(inotify_event) char buffer[4096];
    std::vector<int> moved;
    for (;;) {
        ssize_t n = ::read(fd_.get(), buffer, sizeof buffer);
        if (n <= 0) break;  // EAGAIN: drained
        for (ssize_t at = 0; at < n;) {
            const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
            if (event->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)) moved.push_back(event->wd);
            at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        }
    }
    for (auto& w : dirs_) {
        if (w.watch < 0 || std::find(moved.begin(), moved.end(), w.watch) == moved.end()) continue;
        ::inotify_rm_watch(fd_.get(), w.watch);
        add_watch(w);
    }
}

}  // namespace vitae

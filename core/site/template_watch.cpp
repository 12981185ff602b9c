#include "site/template_watch.hpp"

#include <poll.h>
#include <sys/inotify.h>

#include <cerrno>
#include <cstring>

#include "base/log.hpp"

namespace vitae {

namespace {

constexpr std::uint32_t watched_events =
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF;

}  // namespace

TemplateWatch::TemplateWatch(std::filesystem::path dir) : dir_(std::move(dir)) {
    fd_.reset(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC));
    if (!fd_) {
        log_warning(std::string("inotify_init1: ") + std::strerror(errno) + "; template changes need SIGHUP");
        return;
    }
    if (!add_watch()) {
        log_warning("watch " + in_quotes(dir_.string()) + ": " + std::strerror(errno) + "; template changes need SIGHUP");
    }
}

bool TemplateWatch::add_watch() {
    watch_ = ::inotify_add_watch(fd_.get(), dir_.c_str(), watched_events | IN_ONLYDIR);
    rewatch_ = watch_ < 0;
    return watch_ >= 0;
}

bool TemplateWatch::pending() {
    if (!fd_) return false;
    if (rewatch_) return add_watch();  // the directory is back: load it
    pollfd p{fd_.get(), POLLIN, 0};
    return ::poll(&p, 1, 0) > 0 && (p.revents & POLLIN) != 0;
}

void TemplateWatch::drain() {
    if (!fd_) return;
    alignas(inotify_event) char buffer[4096];
    bool moved = false;
    for (;;) {
        ssize_t n = ::read(fd_.get(), buffer, sizeof buffer);
        if (n <= 0) break;  // EAGAIN: drained
        for (ssize_t at = 0; at < n;) {
            const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
            if (event->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)) moved = true;
            at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        }
    }
    if (moved) {
        if (watch_ >= 0) ::inotify_rm_watch(fd_.get(), watch_);
        add_watch();
    }
}

}  // namespace vitae

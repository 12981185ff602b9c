#include "publisher.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "error.hpp"
#include "log.hpp"

namespace vitae {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// After a database event, keep checking this often for this long: in WAL mode
// the last file write of a commit comes just before the commit is visible.
constexpr int settle_poll_ms = 1;
constexpr auto settle_window = std::chrono::milliseconds(50);
constexpr int idle_poll_ms = 100;  // also the longest stop takes, and the safety-net check interval

void drain(int fd) {
    alignas(inotify_event) char buffer[4096];
    while (::read(fd, buffer, sizeof buffer) > 0) {
    }
}

}  // namespace

std::string published_file_for(std::string_view path) {
    std::string relative(path.substr(1));
    if (relative.empty() || relative.back() == '/') return relative + "index.html";
    auto slash = relative.rfind('/');
    bool has_extension = relative.find('.', slash == std::string::npos ? 0 : slash) != std::string::npos;
    return has_extension ? relative : relative + ".html";
}

Publisher::Publisher(SiteHolder& sites, Handler& handler, fs::path dir)
    : sites_(sites), handler_(handler), dir_(std::move(dir)) {
    std::error_code ec;
    if (!dir_.empty()) fs::create_directories(dir_, ec);
    if (ec) throw LoadError("publish " + in_quotes(dir_.string()) + ": " + ec.message());
    db_watch_.reset(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC));
    auto db_dir = fs::absolute(sites_.source().db_path).parent_path();
    if (!db_watch_ || ::inotify_add_watch(db_watch_.get(), db_dir.c_str(),
                                          IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE) < 0) {
        std::string why = "watch " + in_quotes(db_dir.string()) + ": " + std::strerror(errno);
        if (!dir_.empty()) throw LoadError("publish: " + why);
        // Watching only: requests still see every change; idle, we look every 100 ms.
        log_warning(why + "; checking for changes every " + std::to_string(idle_poll_ms) + " ms instead");
        db_watch_.reset();
    }
}

void Publisher::write_atomically(const std::string& relative, std::string_view bytes) {
    fs::path target = dir_ / relative;
    fs::create_directories(target.parent_path());
    fs::path temp = target;
    temp += ".tmp" + std::to_string(::getpid());  // unique even if two processes publish
    UniqueFd fd(::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (!fd) throw LoadError("publish " + in_quotes(temp.string()) + ": " + std::strerror(errno));
    for (std::size_t done = 0; done < bytes.size();) {
        ssize_t n = ::write(fd.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw LoadError("publish " + in_quotes(temp.string()) + ": " + std::strerror(errno));
        done += static_cast<std::size_t>(n);
    }
    fd.reset();
    if (::rename(temp.c_str(), target.c_str()) != 0)
        throw LoadError("publish " + in_quotes(target.string()) + ": " + std::strerror(errno));
}

void Publisher::publish(const Site& site) {
    if (dir_.empty()) return;  // watching only
    auto started = Clock::now();
    std::chrono::nanoseconds rendering{0};
    PageRenderer renderer;
    std::set<std::string> written;
    for (const auto& path : site_paths(site)) {
        bool hit = false;
        auto before = Clock::now();
        auto page = handler_.page_for(site, path, renderer, hit);
        rendering += Clock::now() - before;
        std::string file = published_file_for(path);
        // .gz first: a gzip client never gets a .gz older than the page it sits beside.
        write_atomically(file + ".gz", page->gzip);
        write_atomically(file, page->body);
        written.insert(file);
    }
    for (const auto& old : published_) {
        if (written.count(old)) continue;
        std::error_code ec;
        fs::remove(dir_ / (old + ".gz"), ec);
        fs::remove(dir_ / old, ec);
    }
    auto us = [](auto d) { return std::to_string(std::chrono::duration_cast<std::chrono::microseconds>(d).count()); };
    log_info("published generation " + std::to_string(site.generation) + ": " + std::to_string(written.size()) +
             " pages in " + us(Clock::now() - started) + " us (" + us(rendering) + " us rendering and gzip)");
    published_ = std::move(written);
}

void Publisher::run(const std::atomic<bool>& stopping) {
    ThreadState thread(sites_.source().db_path);
    std::uint64_t published_generation = 0;
    auto last_event = Clock::now() - settle_window;
    while (!stopping.load()) {
        bool settling = Clock::now() - last_event < settle_window;
        pollfd fds[2] = {{db_watch_.get(), POLLIN, 0}, {sites_.watch_fd(), POLLIN, 0}};
        int ready = ::poll(fds, fds[1].fd >= 0 ? 2 : 1, settling ? settle_poll_ms : idle_poll_ms);
        if (ready > 0 && (fds[0].revents & POLLIN)) {
            drain(db_watch_.get());
            last_event = Clock::now();
        }
        try {
            auto site = handler_.fresh_site(thread.probe);
            if (site->generation == published_generation) continue;
            publish(*site);
            published_generation = site->generation;
        } catch (const std::exception& e) {
            log_error(std::string("publish: ") + e.what() + "; nginx falls back to the worker");
            last_event = Clock::now() - settle_window;  // back off to the idle interval
        }
    }
}

}  // namespace vitae

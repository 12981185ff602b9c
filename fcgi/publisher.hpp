// The fast path (optional, --publish DIR): every page of the current site is
// written as static files (and .gz beside them) into DIR, which nginx serves
// with try_files + gzip_static, falling back to the worker on a miss. A
// thread watches the database directory and the templates with inotify and
// re-publishes within milliseconds of a change; each file is replaced with
// write-to-temp + rename, so nginx never sends a half-written page, and pages
// that no longer exist are removed. Freshness here is "milliseconds after the
// commit", not read-your-writes: see docs/operations.md.
#pragma once

#include <atomic>
#include <filesystem>
#include <set>
#include <string>

#include "handler.hpp"
#include "unique_fd.hpp"

namespace vitae {

// "/" -> "index.html", "/blog/" -> "blog/index.html", "/blog/x" -> "blog/x.html",
// "/feed.xml" -> "feed.xml": what nginx's `try_files $uri $uri.html $uri/index.html` finds.
std::string published_file_for(std::string_view path);

// Runs in every worker process. With an empty DIR it only keeps the process's
// site current without traffic: an idle process must not be left holding old
// content when the file is later replaced by a bad one (its "last good" site
// must be the newest good one). With a DIR it also publishes.
class Publisher {
public:
    // Throws LoadError if DIR cannot be created or written, or nothing can be watched.
    Publisher(SiteHolder& sites, Handler& handler, std::filesystem::path dir);

    void run(const std::atomic<bool>& stopping);  // the publisher thread's body
    void publish(const Site& site);               // render and write every page now

private:
    void write_atomically(const std::string& relative, std::string_view bytes);

    SiteHolder& sites_;
    Handler& handler_;
    std::filesystem::path dir_;
    UniqueFd db_watch_;               // inotify on the database's directory
    std::set<std::string> published_;  // relative paths written last time
};

}  // namespace vitae

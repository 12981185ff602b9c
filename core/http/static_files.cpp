#include "http/static_files.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_set>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/unique_fd.hpp"
#include "store/model/slug.hpp"

namespace vitae {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& path, std::string_view call) {
    throw Error("write " + in_quotes(path.string()) + ": " + std::string(call) + ": " + std::strerror(errno));
}

void write_all(int fd, std::string_view data, const fs::path& path) {
    while (!data.empty()) {
        ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail(path, "write");
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

// A path segment: the slug alphabet, so a URL can never name "..", a dot
// file or anything the router does not serve. (Leading '-' is allowed here:
// a segment is not always a slug, e.g. none today, but the check is about
// safety, not naming.)
bool is_segment(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

}  // namespace

fs::path file_for_path(std::string_view url_path) {
    if (!url_path.starts_with('/')) throw Error("static file: path " + in_quotes(url_path) + " does not start with '/'");
    fs::path file;
    std::string_view rest = url_path.substr(1);
    while (!rest.empty()) {
        auto slash = rest.find('/');
        std::string_view segment = rest.substr(0, slash);
        // "causalmesh.bib", "feed.xml", a stored file: written as named.
        if (slash == std::string_view::npos && is_file_name(segment)) return file / std::string(segment);
        if (!is_segment(segment)) throw Error("static file: refusing path " + in_quotes(url_path) + " (unsafe segment)");
        file /= std::string(segment);
        rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    }
    return file / "index.html";
}

void write_file_atomically(const fs::path& path, std::string_view data, Durability durability) {
    std::string temp = path.string() + ".tmp-XXXXXX";  // unique, even with two writers
    UniqueFd fd(::mkstemp(temp.data()));
    if (!fd) fail(path, "mkstemp");
    try {
        write_all(fd.get(), data, path);
        if (::fchmod(fd.get(), 0644) != 0) fail(path, "fchmod");  // mkstemp made it 0600
        // Write errors surface here, before the rename.
        if (durability == Durability::fsync && ::fsync(fd.get()) != 0) fail(path, "fsync");
        if (::close(fd.release()) != 0) fail(path, "close");
        if (::rename(temp.c_str(), path.c_str()) != 0) fail(path, "rename");
    } catch (...) {
        ::unlink(temp.c_str());  // then the error goes on to the caller
        throw;
    }
}

StaticTree::StaticTree(const fs::path& root, Durability durability) : durability_(durability) {
    std::error_code ec;
    fs::create_directories(root, ec);
    if (!ec) root_ = fs::canonical(root, ec);
    if (ec) throw Error("write " + in_quotes(root.string()) + ": " + ec.message());
}

fs::path StaticTree::directory_inside(const fs::path& relative) const {
    fs::path dir = root_;
    for (const auto& segment : relative) {
        dir /= segment;
        std::error_code ec;
        auto status = fs::symlink_status(dir, ec);
        if (fs::is_symlink(status))
            throw Error("write " + in_quotes(dir.string()) + ": is a symlink; refusing to write through it");
        if (!fs::exists(status)) {
            if (!fs::create_directory(dir, ec) && ec) throw Error("write " + in_quotes(dir.string()) + ": " + ec.message());
        } else if (!fs::is_directory(status)) {
            throw Error("write " + in_quotes(dir.string()) + ": not a directory");
        }
    }
    return dir;
}

void StaticTree::write(const fs::path& relative, std::string_view body, std::string_view gzip) {
    fs::path target = directory_inside(relative.parent_path()) / relative.filename();
    if (gzip.empty()) {
        std::error_code gone;
        fs::remove(target.string() + ".gz", gone);  // none is fine; else gzip_static would serve it
        if (gone) throw Error("remove " + in_quotes(target.string() + ".gz") + ": " + gone.message());
    } else {
        write_file_atomically(target.string() + ".gz", gzip, durability_);
    }
    write_file_atomically(target, body, durability_);
}

void StaticTree::remove(const fs::path& relative) {
    std::error_code ec;
    fs::remove(root_ / (relative.string() + ".gz"), ec);
    fs::remove(root_ / relative, ec);
    if (relative.has_parent_path()) fs::remove(root_ / relative.parent_path(), ec);  // only if now empty
}

void StaticTree::clear() {
    const fs::path marker = root_ / publish_marker;
    std::error_code ec;
    bool ours = fs::exists(marker, ec);
    if (!ours && !fs::is_empty(root_, ec))
        throw Error("publish " + in_quotes(root_.string()) + ": holds files vitae did not write (no " +
                    std::string(publish_marker) + "); refusing to empty it: give --publish an empty directory");
    for (const auto& entry : fs::directory_iterator(root_, ec)) {
        if (entry.path() == marker) continue;
        std::error_code gone;
        fs::remove_all(entry.path(), gone);
        if (gone) throw Error("clear " + in_quotes(entry.path().string()) + ": " + gone.message());
    }
    if (ec) throw Error("clear " + in_quotes(root_.string()) + ": " + ec.message());
    if (!ours) write_file_atomically(marker, "written by vitae-fcgi --publish: emptied at every start\n", durability_);
}

void remove_unlisted(StaticTree& tree, std::unordered_map<std::string, std::uint64_t>& written,
                     const std::vector<std::string>& paths) {
    std::unordered_set<std::string_view> current(paths.begin(), paths.end());
    for (auto it = written.begin(); it != written.end();) {
        if (current.contains(it->first)) {
            ++it;
            continue;
        }
        tree.remove(file_for_path(it->first));
        it = written.erase(it);
    }
}

}  // namespace vitae

// Pages as static files, for nginx to serve without the worker: the one
// URL -> file layout and the one atomic writer, used by the fast path
// (fcgi/publisher) and by `vitae export` alike. A page at /a/b is written to
// a/b/index.html (a path ending in '/' gives index.html inside it; a last
// segment with an extension, such as feed.xml or x.bib, is written as named),
// with its gzip beside it as .gz: nginx's `try_files $uri/index.html $uri`
// and gzip_static find both. Each file is replaced with write-to-temp,
// fsync (optional), rename, so a reader sees the old bytes or the new, never
// a part, and a failed write leaves no temp file behind.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace vitae {

// Throws Error for a path that is not '/' followed by [a-z0-9-] segments
// (and an optional last name.ext), or that has an empty, "." or ".." segment.
std::filesystem::path file_for_path(std::string_view url_path);

// fsync before the rename: an export is the deliverable and must survive a
// crash; the fast path's copies are rebuilt at every start, so they skip it.
enum class Durability { fsync, rebuilt_on_start };

// Mode 0644: the web server reads what we write. Throws Error naming the file.
void write_file_atomically(const std::filesystem::path& path, std::string_view data, Durability durability);

// The file a published directory is marked with (see StaticTree::clear).
inline constexpr std::string_view publish_marker = ".vitae-pages";

// A directory of pages that nothing outside it can be written through: each
// directory on the way is created or checked one at a time, refusing a
// symlink, so no write lands outside the root. (A symlink at the file itself
// is harmless: rename() replaces the link, not its target.)
class StaticTree {
public:
    // Creates the root if needed; throws Error if it cannot.
    StaticTree(const std::filesystem::path& root, Durability durability);

    // Writes `relative` and `relative`.gz; the .gz first, so a gzip client
    // never gets a .gz older than the page beside it. An empty `gzip` (a
    // small body) removes any .gz an earlier, larger version left.
    void write(const std::filesystem::path& relative, std::string_view body, std::string_view gzip);
    // Removes `relative` and its .gz (and its directory, if that leaves it empty).
    void remove(const std::filesystem::path& relative);
    // Removes everything under the root: what an earlier process wrote. Only
    // in a directory that is empty or holds publish_marker (left by the first
    // clear), so a --publish pointed at someone's files never deletes them:
    // throws Error naming the directory instead.
    void clear();
    const std::filesystem::path& root() const { return root_; }

private:
    std::filesystem::path directory_inside(const std::filesystem::path& relative) const;

    std::filesystem::path root_;
    Durability durability_;
};

// The published pages `written` lists (URL path -> the generation its file
// was rendered from) that `paths` no longer has: their files removed from
// `tree`, their entries from `written`. The fast path's and its later
// pages' bookkeeping alike.
void remove_unlisted(StaticTree& tree, std::unordered_map<std::string, std::uint64_t>& written,
                     const std::vector<std::string>& paths);

}  // namespace vitae

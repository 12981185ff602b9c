// A database built under a temporary name beside its final one, then renamed
// into place: `init`, `backup` and `restore` all make files this way, so a
// reader of the final name sees the old file or the whole new one, never a
// half-written one, and a failure leaves nothing behind.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

// What a file written into place does to one already at its name: a
// backup's --force, a restore's swap replace it; init and the rest refuse.
enum class IfExists { refuse, replace };

class TempFile {
public:
    // An empty file `path.tmp-XXXXXX` (SQLite treats it as a new database),
    // mode 0666 less the umask like a plain create; `command` names the
    // operation in errors ("init", "backup").
    TempFile(const std::string& path, std::string_view command);
    // Removes the file and any journal SQLite left beside it, unless renamed.
    ~TempFile();
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    const std::string& path() const { return path_; }
    // fsync the file, rename it to `target` (an existing one refused or
    // replaced, `if_exists`), then fsync the directory so the rename survives a crash.
    void rename_to(const std::string& target, IfExists if_exists);

private:
    [[noreturn]] void fail(std::string_view what) const;
    std::string path_;
    std::string subject_;  // `command "final path"`, for errors
    bool kept_ = false;
};

}  // namespace vitae

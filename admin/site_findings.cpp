#include "admin/site_findings.hpp"

#include <sys/stat.h>

#include <map>
#include <mutex>

#include "base/log.hpp"
#include "render/views/accessibility_findings.hpp"
#include "store/rows/content_store.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

namespace {

// What says the database changed: each file's size and modification time.
struct DbStamp {
    long long size = -1, wal_size = -1;
    long long mtime_ns = 0, wal_mtime_ns = 0;
    bool operator==(const DbStamp&) const = default;
};

DbStamp stamp_of(const std::string& db_path) {
    DbStamp s;
    struct stat st {};
    if (::stat(db_path.c_str(), &st) == 0) {
        s.size = st.st_size;
        s.mtime_ns = st.st_mtim.tv_sec * 1'000'000'000LL + st.st_mtim.tv_nsec;
    }
    if (::stat((db_path + "-wal").c_str(), &st) == 0) {
        s.wal_size = st.st_size;
        s.wal_mtime_ns = st.st_mtim.tv_sec * 1'000'000'000LL + st.st_mtim.tv_nsec;
    }
    return s;
}

struct CountedSite {
    DbStamp stamp;
    std::size_t count = 0;
};

std::mutex counted_mutex;
std::map<std::string, CountedSite, std::less<>> counted;  // by database path; guarded by counted_mutex

}  // namespace

std::optional<std::size_t> site_findings_count(const std::string& db_path) {
    DbStamp stamp = stamp_of(db_path);
    if (stamp.size < 0) return std::nullopt;
    {
        std::lock_guard lock(counted_mutex);
        if (auto it = counted.find(db_path); it != counted.end() && it->second.stamp == stamp) return it->second.count;
    }
    try {
        auto db = Db::open(db_path, OpenMode::read_only);
        std::size_t count = accessibility_findings(load_content(db)).size();
        std::lock_guard lock(counted_mutex);
        counted[db_path] = {stamp, count};
        return count;
    } catch (const std::exception& e) {
        log_warning("edit: counting the accessibility findings of " + in_quotes(db_path) + ": " + e.what());
        return std::nullopt;
    }
}

}  // namespace vitae

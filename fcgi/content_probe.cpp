#include "content_probe.hpp"

#include <sys/stat.h>

#include <utility>

#include "error.hpp"

namespace vitae {

void ContentProbe::reopen(const FileId& id) {
    data_version_.reset();
    db_.reset();
    try {
        db_ = Db::open_readonly(path_);
        data_version_ = db_->prepare("PRAGMA data_version");
        file_ = id;
        data_version_->step();
        last_version_ = data_version_->int_at(0);
        data_version_->reset();
    } catch (const LoadError&) {
        data_version_.reset();
        db_.reset();  // not readable now; the reload reports why
    }
}

bool ContentProbe::changed(const Site& site) {
    struct stat st {};
    if (::stat(path_.c_str(), &st) != 0) return !std::exchange(missing_, true);
    missing_ = false;
    FileId id{st.st_dev, st.st_ino};
    if (!db_ || id != file_) {
        auto seen = std::tuple{id, st.st_size, static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
        if (unopenable_ == seen) return id != site.content->db_file;
        reopen(id);
        unopenable_.reset();
        if (!db_) unopenable_ = seen;
        return true;
    }
    try {
        data_version_->step();
        std::int64_t version = data_version_->int_at(0);
        data_version_->reset();
        if (version != last_version_) {
            last_version_ = version;
            return true;
        }
    } catch (const LoadError&) {
        reopen(id);  // e.g. truncated under us
        return true;
    }
    return id != site.content->db_file;
}

}  // namespace vitae

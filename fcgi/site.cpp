#include "site.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "content_store.hpp"
#include "error.hpp"
#include "log.hpp"
#include "sqlite.hpp"

namespace vitae {

namespace {

FileId file_id(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw LoadError("open " + in_quotes(path) + ": " + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw LoadError("open " + in_quotes(path) + ": not a regular file");
    return {st.st_dev, st.st_ino};
}

}  // namespace

std::shared_ptr<const Site> load_site(const SiteSource& source, std::uint64_t generation) {
    auto site = std::make_shared<Site>();
    // stat before open: if the file is replaced in between, the recorded id is
    // the old one, so the next check sees a change and reloads again.
    site->db_file = file_id(source.db_path);
    auto db = Db::open_readonly(source.db_path);
    check_database(db);
    Content content = load_content(db);
    site->templates = Templates::load(source.templates_dir);
    site->views = build_views(content);
    site->generation = generation;
    site->loaded_at = std::chrono::system_clock::now();
    return site;
}

SiteHolder::SiteHolder(SiteSource source) : source_(std::move(source)) {
    current_ = load_site(source_, next_generation_++);
}

std::shared_ptr<const Site> SiteHolder::current() const {
    std::lock_guard lock(current_mutex_);
    return current_;
}

bool SiteHolder::reload(std::string_view reason) {
    std::lock_guard reload_lock(reload_mutex_);
    try {
        auto site = load_site(source_, next_generation_);
        ++next_generation_;
        {
            std::lock_guard lock(current_mutex_);
            current_ = site;
        }
        log_info("reload (" + std::string(reason) + "): now serving generation " + std::to_string(site->generation));
        return true;
    } catch (const std::exception& e) {
        log_error(std::string("reload (") + std::string(reason) + ") rejected, keeping generation " +
                  std::to_string(current()->generation) + ": " + e.what());
        return false;
    }
}

}  // namespace vitae

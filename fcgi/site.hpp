// A Site is one consistent version of everything a page is made from: content
// read in one transaction, one compiled template set, the views built from
// them. SiteHolder publishes the current Site; a reload builds a new one aside
// and swaps it in only when it is complete and valid, else the old one stays.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>

#include "templates.hpp"
#include "views.hpp"

namespace vitae {

struct SiteSource {
    std::string db_path;
    std::filesystem::path templates_dir;
};

struct FileId {
    dev_t device = 0;
    ino_t inode = 0;
    bool operator==(const FileId&) const = default;
};

struct Site {
    std::uint64_t generation = 0;
    std::shared_ptr<const Templates> templates;
    Views views;
    FileId db_file;
    std::chrono::system_clock::time_point loaded_at;
};

// Throws LoadError naming the file and the problem.
std::shared_ptr<const Site> load_site(const SiteSource& source, std::uint64_t generation);

class SiteHolder {
public:
    explicit SiteHolder(SiteSource source);  // loads the first site; throws LoadError

    std::shared_ptr<const Site> current() const;
    // Builds a new site; on failure logs one line and keeps the current one.
    bool reload(std::string_view reason);
    const SiteSource& source() const { return source_; }

private:
    const SiteSource source_;
    mutable std::mutex current_mutex_;  // guards current_ only; held for a pointer copy
    std::shared_ptr<const Site> current_;
    std::mutex reload_mutex_;  // serialises reloads; guards next_generation_
    std::uint64_t next_generation_ = 1;
};

}  // namespace vitae

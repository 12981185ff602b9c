// Rendered pages by route key, bounded in entries and bytes with LRU
// eviction. Each entry remembers the site generation it was rendered from and
// a lookup names the generation it wants, so a hit can never be stale. Keys
// come from the router, never from raw request text, so requests cannot
// create keys at will.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "page.hpp"

namespace vitae {

struct CacheStats {
    std::size_t entries = 0;
    std::size_t bytes = 0;
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;
};

class PageCache {
public:
    PageCache(std::size_t max_bytes, std::size_t max_entries);

    std::shared_ptr<const Page> find(std::string_view key, std::uint64_t generation);
    void insert(const std::string& key, std::shared_ptr<const Page> page);
    CacheStats stats() const;
    bool enabled() const { return max_bytes_ > 0; }

private:
    struct Entry {
        std::shared_ptr<const Page> page;
        std::list<std::string>::iterator lru;  // position in lru_
    };
    void evict_over_bounds();  // mutex_ held
    // Lets find() look up a string_view without building a std::string.
    struct KeyHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view key) const { return std::hash<std::string_view>{}(key); }
    };

    const std::size_t max_bytes_;
    const std::size_t max_entries_;
    mutable std::mutex mutex_;  // guards everything below
    std::unordered_map<std::string, Entry, KeyHash, std::equal_to<>> entries_;
    std::list<std::string> lru_;  // most recently used first
    std::size_t bytes_ = 0;
    std::uint64_t hits_ = 0;
    std::uint64_t misses_ = 0;
};

}  // namespace vitae

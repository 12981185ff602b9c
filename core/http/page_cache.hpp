// Rendered pages by route key, bounded in entries and bytes. Each entry
// remembers the site generation it was rendered from and a lookup names the
// generation it wants, so a hit can never be stale. Keys come from the
// router, never from raw request text, so requests cannot create keys at will.
//
// The hit path takes no global lock: keys are spread over shards, and a hit
// takes its shard's lock shared (readers never wait for readers), sets the
// entry's "referenced" bit if it is not set yet, and copies the shared_ptr.
// Inserts and evictions (rare: once per page per site version) are
// serialised by one writer mutex and take a shard's lock exclusively only to
// change it. Eviction is second chance (CLOCK) over insertion order: an
// entry hit since it was last passed over stays, the oldest unreferenced one
// goes; that approximates LRU without a list splice on every hit. Measured in
// bench/micro_bench (page_cache_find at 1, 2 and 8 threads): bench/RESULTS.md.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <shared_mutex>
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
    static constexpr std::size_t shard_count = 16;

    struct Entry {
        std::shared_ptr<const Page> page;  // replaced only under the shard's exclusive lock
        std::size_t cost = 0;
        std::atomic<bool> referenced{false};  // set by hits under the shared lock
    };
    // Lets find() look up a string_view without building a std::string.
    struct KeyHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view key) const { return std::hash<std::string_view>{}(key); }
    };
    // Its own cache line, so hits on one shard do not slow another's.
    struct alignas(64) Shard {
        mutable std::shared_mutex mutex;  // guards entries (and each Entry's page)
        std::unordered_map<std::string, std::unique_ptr<Entry>, KeyHash, std::equal_to<>> entries;
        std::atomic<std::uint64_t> hits{0};
        std::atomic<std::uint64_t> misses{0};
    };

    Shard& shard_for(std::string_view key) { return shards_[KeyHash{}(key) % shard_count]; }
    void evict_over_bounds(const std::string& keep);  // writer_mutex_ held

    const std::size_t max_bytes_;
    const std::size_t max_entries_;
    std::array<Shard, shard_count> shards_;

    mutable std::mutex writer_mutex_;  // serialises insert and eviction; guards the members below
    std::deque<std::string> order_;    // every key once, oldest first (the clock's hand is the front)
    std::size_t bytes_ = 0;
};

}  // namespace vitae

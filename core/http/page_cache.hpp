// Rendered pages by route key, bounded in entries and bytes. Each entry
// remembers the site generation it was rendered from and a lookup names the
// generation at which that page's inputs last changed (core/site/page_inputs):
// an entry rendered before it is a miss, so a hit can never be stale, and a
// page that an edit did not touch stays cached across the reload. Keys come from the
// router, never from raw request text, so requests cannot create keys at will.
//
// A hit takes no lock and writes nothing another thread reads (ClickHouse's
// MultiVersion idea, per thread): the keys are spread over shards, each an
// immutable map that a writer replaces whole; every thread that looks pages
// up owns a Reader holding its own pointers to the shard maps, refreshed
// only when the cache's version number moved. A hit is then one atomic
// load, a hash lookup and a shared_ptr copy. Inserts and evictions (once per
// page per site version) copy one shard's map under one writer mutex.
// Eviction is second chance (CLOCK) over insertion order: an entry hit since
// the hand last passed it stays, the oldest unreferenced one goes. Dropped
// designs (bench/RESULTS.md): one mutex + an LRU splice per hit; shards
// under a std::shared_mutex, slower still for a hot key (the read lock is a
// write to a shared line).
//
// The bounds hold for what the cache holds. A Reader keeps its view alive
// until its next lookup, so pages evicted meanwhile are freed then: at most
// one cache's worth more per idle thread.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "http/page.hpp"

namespace vitae {

struct CacheStats {
    std::size_t entries = 0;
    std::size_t bytes = 0;
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;
};

class PageCache {
    static constexpr std::size_t shard_count = 16;
    struct Entry {
        std::shared_ptr<const Page> page;
        std::size_t cost = 0;
        mutable std::atomic<bool> referenced{false};  // set by hits, cleared by the clock hand
    };
    // Lets a lookup take a string_view without building a std::string.
    struct KeyHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view key) const { return std::hash<std::string_view>{}(key); }
    };
    using Map = std::unordered_map<std::string, std::shared_ptr<const Entry>, KeyHash, std::equal_to<>>;

public:
    // One per thread that looks pages up; not shared between threads.
    class Reader {
    public:
        explicit Reader(PageCache& cache);
        ~Reader();
        Reader(const Reader&) = delete;
        Reader& operator=(const Reader&) = delete;

        // The page under `key` if it was rendered from generation `since` or later.
        std::shared_ptr<const Page> find(std::string_view key, std::uint64_t since);
        PageCache& cache() const { return cache_; }

    private:
        friend class PageCache;
        PageCache& cache_;
        std::uint64_t version_ = ~std::uint64_t{0};  // of the maps below; never a real version at first
        std::array<std::shared_ptr<const Map>, shard_count> maps_;
        // Written by the owning thread only (a load and a store, no read-modify-write), read by stats().
        std::atomic<std::uint64_t> hits_{0};
        std::atomic<std::uint64_t> misses_{0};
    };

    PageCache(std::size_t max_bytes, std::size_t max_entries);

    void insert(const std::string& key, std::shared_ptr<const Page> page);
    CacheStats stats() const;
    bool enabled() const { return max_bytes_ > 0; }

private:
    struct alignas(64) Shard {
        mutable std::mutex mutex;  // guards the pointer `map` (not the map: it is immutable)
        std::shared_ptr<const Map> map = std::make_shared<const Map>();
    };

    static std::size_t shard_of(std::string_view key) { return KeyHash{}(key) % shard_count; }
    // Replaces a shard's map and moves the version; writer_mutex_ held.
    void install(std::size_t shard, std::shared_ptr<const Map> map);
    void evict_over_bounds(const std::string& keep);  // writer_mutex_ held

    const std::size_t max_bytes_;
    const std::size_t max_entries_;
    std::array<Shard, shard_count> shards_;
    alignas(64) std::atomic<std::uint64_t> version_{0};  // moves after every install

    mutable std::mutex writer_mutex_;  // serialises insert and eviction; guards the two below
    std::deque<std::string> order_;    // every key once, oldest first (the clock's hand is the front)
    std::size_t bytes_ = 0;

    mutable std::mutex readers_mutex_;  // guards the three below
    std::vector<const Reader*> readers_;
    std::uint64_t retired_hits_ = 0;  // of readers destroyed
    std::uint64_t retired_misses_ = 0;
};

}  // namespace vitae

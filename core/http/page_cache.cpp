#include "page_cache.hpp"

#include <utility>

namespace vitae {

namespace {

std::size_t cost(const Page& page) {
    return page.body.size() + page.gzip.size() + page.wire[0].bytes.size() + page.wire[1].bytes.size() + sizeof(Page);
}

}  // namespace

PageCache::PageCache(std::size_t max_bytes, std::size_t max_entries)
    : max_bytes_(max_bytes), max_entries_(max_entries) {}

std::shared_ptr<const Page> PageCache::find(std::string_view key, std::uint64_t generation) {
    Shard& shard = shard_for(key);
    std::shared_lock lock(shard.mutex);
    auto it = shard.entries.find(key);
    if (it == shard.entries.end() || it->second->page->generation != generation) {
        shard.misses.fetch_add(1, std::memory_order_relaxed);
        return nullptr;
    }
    shard.hits.fetch_add(1, std::memory_order_relaxed);
    Entry& entry = *it->second;
    // Read first: a hot entry's bit is already set, and a plain load keeps
    // its cache line shared between cores.
    if (!entry.referenced.load(std::memory_order_relaxed)) entry.referenced.store(true, std::memory_order_relaxed);
    return entry.page;
}

void PageCache::insert(const std::string& key, std::shared_ptr<const Page> page) {
    if (max_bytes_ == 0) return;  // disabled: every request renders
    std::lock_guard writer(writer_mutex_);
    Shard& shard = shard_for(key);
    {
        std::unique_lock lock(shard.mutex);
        auto it = shard.entries.find(key);
        if (it != shard.entries.end()) {
            // Two threads may render the same miss; keep the newer generation.
            Entry& entry = *it->second;
            if (entry.page->generation > page->generation) return;
            bytes_ -= entry.cost;
            entry.cost = cost(*page);
            bytes_ += entry.cost;
            entry.page = std::move(page);
        } else {
            auto entry = std::make_unique<Entry>();
            entry->cost = cost(*page);
            entry->page = std::move(page);
            bytes_ += entry->cost;
            shard.entries.emplace(key, std::move(entry));
            order_.push_back(key);
        }
    }
    evict_over_bounds(key);
}

// Second chance: the oldest entry goes unless it was hit since the hand last
// passed it (then its bit is cleared and it moves to the back). The entry
// just inserted is passed over once, so when every other page is hot the
// oldest of them goes, not the new page (as LRU would). Each entry moves
// back at most twice per call, so 3 x entries steps always suffice.
void PageCache::evict_over_bounds(const std::string& keep) {
    bool kept = false;
    std::size_t steps = 3 * order_.size();
    while (!order_.empty() && (bytes_ > max_bytes_ || order_.size() > max_entries_) && steps-- > 0) {
        std::string key = std::move(order_.front());
        order_.pop_front();
        Shard& shard = shard_for(key);
        std::unique_lock lock(shard.mutex);
        auto it = shard.entries.find(key);
        Entry& entry = *it->second;
        bool spare = key == keep && !std::exchange(kept, true);
        if (entry.referenced.exchange(false, std::memory_order_relaxed) || spare) {
            order_.push_back(std::move(key));
            continue;
        }
        bytes_ -= entry.cost;
        shard.entries.erase(it);
    }
}

CacheStats PageCache::stats() const {
    CacheStats stats;
    {
        std::lock_guard writer(writer_mutex_);
        stats.entries = order_.size();
        stats.bytes = bytes_;
    }
    for (const auto& shard : shards_) {
        stats.hits += shard.hits.load(std::memory_order_relaxed);
        stats.misses += shard.misses.load(std::memory_order_relaxed);
    }
    return stats;
}

}  // namespace vitae

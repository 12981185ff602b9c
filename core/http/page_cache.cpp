#include "http/page_cache.hpp"

#include <algorithm>
#include <utility>

namespace vitae {

namespace {

// What the entry holds in memory: each buffer's capacity, not its length
// (a render's output grows by doubling; counting lengths let a 16 MB cache
// hold ~27 MB at 3,000 papers).
std::size_t cost(const Page& page) {
    return page.body.capacity() + page.gzip.capacity() + page.wire[0].capacity() + page.wire[1].capacity() +
           page.etag.capacity() + page.etag_gzip.capacity() + page.link.capacity() + sizeof(Page);
}

// One writer per counter: a load and a store, never a locked instruction.
void bump(std::atomic<std::uint64_t>& counter) {
    counter.store(counter.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

}  // namespace

PageCache::Reader::Reader(PageCache& cache) : cache_(cache) {
    std::lock_guard lock(cache_.readers_mutex_);
    cache_.readers_.push_back(this);
}

PageCache::Reader::~Reader() {
    std::lock_guard lock(cache_.readers_mutex_);
    cache_.readers_.erase(std::find(cache_.readers_.begin(), cache_.readers_.end(), this));
    cache_.retired_hits_ += hits_.load(std::memory_order_relaxed);
    cache_.retired_misses_ += misses_.load(std::memory_order_relaxed);
}

std::shared_ptr<const Page> PageCache::Reader::find(std::string_view key, std::uint64_t since) {
    // Moved since our last look: take the current maps (a newer one than
    // `version` may come along too; then we just refresh again next time).
    auto version = cache_.version_.load(std::memory_order_acquire);
    if (version != version_) {
        for (std::size_t s = 0; s < shard_count; ++s) {
            std::lock_guard lock(cache_.shards_[s].mutex);
            maps_[s] = cache_.shards_[s].map;
        }
        version_ = version;
    }
    const Map& map = *maps_[shard_of(key)];
    auto it = map.find(key);
    if (it == map.end() || it->second->page->generation < since) {
        bump(misses_);
        return nullptr;
    }
    bump(hits_);
    const Entry& entry = *it->second;
    // Read first: a hot entry's bit is already set, and a load keeps its line shared between cores.
    if (!entry.referenced.load(std::memory_order_relaxed)) entry.referenced.store(true, std::memory_order_relaxed);
    return entry.page;
}

PageCache::PageCache(std::size_t max_bytes, std::size_t max_entries)
    : max_bytes_(max_bytes), max_entries_(max_entries) {}

void PageCache::install(std::size_t shard, std::shared_ptr<const Map> map) {
    {
        std::lock_guard lock(shards_[shard].mutex);
        shards_[shard].map = std::move(map);
    }
    version_.fetch_add(1, std::memory_order_release);
}

void PageCache::insert(const std::string& key, std::shared_ptr<const Page> page) {
    if (max_bytes_ == 0) return;  // disabled: every request renders
    std::lock_guard writer(writer_mutex_);
    std::size_t s = shard_of(key);
    const Map& current = *shards_[s].map;  // only writers replace it, and we are the writer
    auto entry = std::make_shared<Entry>();
    entry->cost = cost(*page);
    entry->page = std::move(page);
    if (auto it = current.find(key); it != current.end()) {
        // Two threads may render the same miss; keep the newer generation.
        if (it->second->page->generation > entry->page->generation) return;
        bytes_ -= it->second->cost;
    } else {
        order_.push_back(key);
    }
    bytes_ += entry->cost;
    auto next = std::make_shared<Map>(current);
    (*next)[key] = std::move(entry);
    install(s, std::move(next));
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
        std::size_t s = shard_of(key);
        const Map& current = *shards_[s].map;
        auto it = current.find(key);
        bool spare = key == keep && !std::exchange(kept, true);
        if (it->second->referenced.exchange(false, std::memory_order_relaxed) || spare) {
            order_.push_back(std::move(key));
            continue;
        }
        bytes_ -= it->second->cost;
        auto next = std::make_shared<Map>(current);
        next->erase(key);
        install(s, std::move(next));
    }
}

CacheStats PageCache::stats() const {
    CacheStats stats;
    {
        std::lock_guard writer(writer_mutex_);
        stats.entries = order_.size();
        stats.bytes = bytes_;
    }
    std::lock_guard lock(readers_mutex_);
    stats.hits = retired_hits_;
    stats.misses = retired_misses_;
    for (const Reader* reader : readers_) {
        stats.hits += reader->hits_.load(std::memory_order_relaxed);
        stats.misses += reader->misses_.load(std::memory_order_relaxed);
    }
    return stats;
}

}  // namespace vitae

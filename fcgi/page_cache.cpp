#include "page_cache.hpp"

namespace vitae {

namespace {

std::size_t cost(const Page& page) {
    return page.body.size() + page.gzip.size() + page.wire[0].bytes.size() + page.wire[1].bytes.size() + sizeof(Page);
}

}  // namespace

PageCache::PageCache(std::size_t max_bytes, std::size_t max_entries)
    : max_bytes_(max_bytes), max_entries_(max_entries) {}

std::shared_ptr<const Page> PageCache::find(std::string_view key, std::uint64_t generation) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end() || it->second.page->generation != generation) {
        ++misses_;
        return nullptr;
    }
    ++hits_;
    lru_.splice(lru_.begin(), lru_, it->second.lru);
    return it->second.page;
}

void PageCache::insert(const std::string& key, std::shared_ptr<const Page> page) {
    if (max_bytes_ == 0) return;  // disabled: every request renders
    std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it != entries_.end()) {
        // Two threads may render the same miss; keep the newer generation.
        if (it->second.page->generation > page->generation) return;
        bytes_ -= cost(*it->second.page);
        bytes_ += cost(*page);
        it->second.page = std::move(page);
        lru_.splice(lru_.begin(), lru_, it->second.lru);
    } else {
        bytes_ += cost(*page);
        lru_.push_front(key);
        entries_.emplace(key, Entry{std::move(page), lru_.begin()});
    }
    evict_over_bounds();
}

void PageCache::evict_over_bounds() {
    while (!lru_.empty() && (bytes_ > max_bytes_ || entries_.size() > max_entries_)) {
        auto victim = entries_.find(lru_.back());
        bytes_ -= cost(*victim->second.page);
        entries_.erase(victim);
        lru_.pop_back();
    }
}

CacheStats PageCache::stats() const {
    std::lock_guard lock(mutex_);
    return {entries_.size(), bytes_, hits_, misses_};
}

}  // namespace vitae

#define BOOST_TEST_MODULE page_cache
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "http/page_cache.hpp"

using namespace vitae;

namespace {
std::shared_ptr<const Page> page(std::size_t bytes, std::uint64_t generation) {
    auto p = std::make_shared<Page>();
    p->body.assign(bytes, 'x');
    p->generation = generation;
    return p;
}
}  // namespace

BOOST_AUTO_TEST_CASE(hit_only_for_same_generation) {
    PageCache cache(1 << 20, 16);
    PageCache::Reader reader(cache);
    cache.insert("home", page(10, 1));
    BOOST_TEST(reader.find("home", 1) != nullptr);
    BOOST_TEST(reader.find("home", 2) == nullptr);  // a newer site never sees an old page
    BOOST_TEST(reader.find("blog", 1) == nullptr);
    auto s = cache.stats();
    BOOST_TEST(s.hits == 1u);
    BOOST_TEST(s.misses == 2u);
}

BOOST_AUTO_TEST_CASE(bounded_by_entries_evicting_least_recent) {
    PageCache cache(1 << 20, 3);
    PageCache::Reader reader(cache);
    for (int i = 0; i < 3; ++i) cache.insert("k" + std::to_string(i), page(1, 1));
    BOOST_TEST(reader.find("k0", 1) != nullptr);  // k0 is now most recent
    cache.insert("k3", page(1, 1));
    BOOST_TEST(cache.stats().entries == 3u);
    BOOST_TEST(reader.find("k1", 1) == nullptr);
    BOOST_TEST(reader.find("k0", 1) != nullptr);
}

BOOST_AUTO_TEST_CASE(bounded_by_bytes) {
    PageCache cache(10000, 1000);
    PageCache::Reader reader(cache);
    for (int i = 0; i < 100; ++i) cache.insert("k" + std::to_string(i), page(1000, 1));
    BOOST_TEST(cache.stats().bytes <= 10000u);
    BOOST_TEST(cache.stats().entries < 10u);
}

// The bound is on memory held: a body with spare capacity counts it all.
BOOST_AUTO_TEST_CASE(counts_the_memory_a_page_holds_not_its_length) {
    PageCache cache(1 << 20, 16);
    auto p = std::make_shared<Page>();
    p->body.reserve(64 * 1024);
    p->body.assign(100, 'x');
    p->wire[0].reserve(32 * 1024);
    cache.insert("roomy", p);
    BOOST_TEST(cache.stats().bytes >= 96u * 1024);
}

BOOST_AUTO_TEST_CASE(replacing_keeps_newer_generation) {
    PageCache cache(1 << 20, 16);
    PageCache::Reader reader(cache);
    cache.insert("home", page(10, 2));
    cache.insert("home", page(20, 1));  // a slow render of an older site arrives late
    BOOST_TEST(reader.find("home", 2) != nullptr);
    BOOST_TEST(cache.stats().entries == 1u);
    cache.insert("home", page(30, 3));
    BOOST_TEST(reader.find("home", 3)->body.size() == 30u);
    BOOST_TEST(cache.stats().bytes < 1000u);
}

BOOST_AUTO_TEST_CASE(a_new_page_is_kept_when_every_other_page_is_hot) {
    PageCache cache(1 << 20, 2);
    PageCache::Reader reader(cache);
    cache.insert("a", page(1, 1));
    cache.insert("b", page(1, 1));
    BOOST_TEST(reader.find("a", 1) != nullptr);
    BOOST_TEST(reader.find("b", 1) != nullptr);
    cache.insert("c", page(1, 1));
    BOOST_TEST(cache.stats().entries == 2u);
    BOOST_TEST(reader.find("c", 1) != nullptr);  // LRU would drop "a"; so does the clock
    BOOST_TEST(reader.find("a", 1) == nullptr);
}

BOOST_AUTO_TEST_CASE(a_page_larger_than_the_cache_is_not_kept) {
    PageCache cache(1000, 16);
    PageCache::Reader reader(cache);
    cache.insert("small", page(10, 1));
    cache.insert("huge", page(5000, 1));
    BOOST_TEST(reader.find("huge", 1) == nullptr);
    BOOST_TEST(cache.stats().bytes <= 1000u);
    cache.insert("small", page(10, 1));  // and the cache still works
    BOOST_TEST(reader.find("small", 1) != nullptr);
}

BOOST_AUTO_TEST_CASE(hits_from_many_threads_while_pages_are_replaced) {
    PageCache cache(1 << 20, 64);
    PageCache::Reader reader(cache);
    for (int k = 0; k < 32; ++k) cache.insert("k" + std::to_string(k), page(100, 1));
    constexpr int reader_count = 4;
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> found{0};
    std::atomic<int> looked{0};  // readers that made their first lookup
    std::vector<std::thread> readers;
    for (int t = 0; t < reader_count; ++t)
        readers.emplace_back([&] {
            PageCache::Reader mine(cache);  // one per thread, as the request threads have
            for (int i = 0; !stop.load(); ++i) {
                if (auto p = mine.find("k" + std::to_string(i % 32), 1); p && p->body.size() == 100) ++found;
                if (i == 0) ++looked;
            }
        });
    // The writes start once every reader is running (its first lookup, of a
    // page nothing replaced yet, is a hit), however the threads are
    // scheduled; a reader that never starts fails the test, never hangs it.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (looked.load() < reader_count && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
    bool all_started = looked.load() == reader_count;
    if (all_started)
        for (int round = 0; round < 2000; ++round) cache.insert("k" + std::to_string(round % 48), page(100, 1));
    stop = true;
    for (auto& r : readers) r.join();
    BOOST_REQUIRE_MESSAGE(all_started, looked.load() << " of " << reader_count << " readers started within 30 s");
    BOOST_TEST(found.load() >= static_cast<std::uint64_t>(reader_count));
    BOOST_TEST(cache.stats().entries <= 64u);
    BOOST_TEST(cache.stats().hits == found.load());  // the threads' readers are gone: their counts stay
}

#define BOOST_TEST_MODULE metrics
#include <boost/test/unit_test.hpp>

#include <map>
#include <sstream>

#include "fcgi/handler.hpp"
#include "handler_fixture.hpp"
#include "http/base_url.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

struct Fixture : HandlerFixture {

    Response get(std::string_view uri, std::string_view remote = "127.0.0.1") {
        return handler.handle({.method = "GET", .request_uri = uri, .remote_addr = remote}, thread);
    }

    // Every sample of a scrape, by `name{labels}` as written; checks the
    // shape on the way: each sample belongs to a family declared before it.
    std::map<std::string, double> scrape() {
        auto r = get("/_vitae/metrics");
        BOOST_REQUIRE(r.status == 200);
        BOOST_TEST(r.page->content_type == "text/plain; version=0.0.4; charset=utf-8");
        std::map<std::string, double> samples;
        std::string family;
        std::istringstream lines(r.page->body);
        for (std::string line; std::getline(lines, line);) {
            if (line.starts_with("# TYPE ")) family = line.substr(7, line.find(' ', 7) - 7);
            if (line.starts_with("#")) continue;
            auto space = line.rfind(' ');
            BOOST_REQUIRE(space != std::string::npos);
            std::string key = line.substr(0, space);
            BOOST_TEST(key.starts_with(family), key << " outside its family " << family);
            samples[key] = std::stod(line.substr(space + 1));
        }
        return samples;
    }
};

double at(const std::map<std::string, double>& samples, const std::string& key) {
    auto it = samples.find(key);
    return it == samples.end() ? 0 : it->second;
}

}  // namespace

BOOST_AUTO_TEST_CASE(counts_requests_by_route_and_status) {
    Fixture f;
    f.get("/");
    f.get("/");
    f.get("/blog/");
    f.get("/no/such/page");
    f.get("/%00");
    auto m = f.scrape();
    BOOST_TEST(at(m, "vitae_requests_total{route=\"home\",status=\"200\"}") == 2);
    BOOST_TEST(at(m, "vitae_requests_total{route=\"blog_index\",status=\"200\"}") == 1);
    BOOST_TEST(at(m, "vitae_requests_total{route=\"not_found\",status=\"404\"}") == 1);
    BOOST_TEST(at(m, "vitae_requests_total{route=\"unrouted\",status=\"400\"}") == 1);
    BOOST_TEST(at(m, "vitae_requests_total{route=\"metrics\",status=\"200\"}") == 0);  // counted once answered
    BOOST_TEST(at(f.scrape(), "vitae_requests_total{route=\"metrics\",status=\"200\"}") == 1);
}

BOOST_AUTO_TEST_CASE(counts_cache_hits_misses_and_render_times) {
    Fixture f;
    f.get("/");
    f.get("/");
    f.get("/");
    f.get("/blog/");
    auto m = f.scrape();
    BOOST_TEST(at(m, "vitae_page_cache_misses_total") == 2);
    BOOST_TEST(at(m, "vitae_page_cache_hits_total") == 2);
    BOOST_TEST(at(m, "vitae_page_cache_entries") == 2);
    BOOST_TEST(at(m, "vitae_page_cache_bytes") > 0);
    // A histogram of the two renders: cumulative buckets, +Inf equal to the count.
    BOOST_TEST(at(m, "vitae_render_seconds_count") == 2);
    BOOST_TEST(at(m, "vitae_render_seconds_bucket{le=\"+Inf\"}") == 2);
    BOOST_TEST(at(m, "vitae_render_seconds_bucket{le=\"0.0005\"}") <= at(m, "vitae_render_seconds_bucket{le=\"1\"}"));
    BOOST_TEST(at(m, "vitae_render_seconds_sum") > 0);
}

BOOST_AUTO_TEST_CASE(counts_reloads_and_rejections) {
    Fixture f;
    f.get("/");
    auto before = f.scrape();
    exec_sql(f.db, "UPDATE profile SET name = 'Renamed Owner'");
    f.get("/");  // sees the commit: a new version
    BOOST_TEST(f.sites.reload("test"));
    write_file(f.db, "not a database at all, just text that is long enough to look like a header");
    BOOST_TEST(!f.sites.reload("test"));
    auto after = f.scrape();
    BOOST_TEST(at(after, "vitae_reloads_total") - at(before, "vitae_reloads_total") == 2);
    BOOST_TEST(at(after, "vitae_reload_rejections_total") - at(before, "vitae_reload_rejections_total") == 1);
    BOOST_TEST(at(after, "vitae_site_generation{worker=\"0\"}") == f.sites.current()->generation);
}

BOOST_AUTO_TEST_CASE(reports_process_counters_without_a_supervisor) {
    Fixture f;
    auto m = f.scrape();
    BOOST_TEST(at(m, "vitae_worker_restarts_total") == 0);
    BOOST_TEST(m.count("vitae_uptime_seconds") == 1u);
    BOOST_TEST(at(m, "vitae_publish_seconds_count") == 0);
}

BOOST_AUTO_TEST_CASE(sums_every_worker_slot_in_the_scope) {
    Fixture f;
    WorkerMetrics own, other;
    Counter restarts{3};
    other.requests[static_cast<int>(RouteKind::home)][status_column(200)] = 5;
    other.cache_hits = 7;
    other.generation = 9;
    f.handler.set_metrics({&own, {&own, &other}, &restarts, std::chrono::steady_clock::now()});
    f.get("/");
    auto m = f.scrape();
    BOOST_TEST(at(m, "vitae_requests_total{route=\"home\",status=\"200\"}") == 6);
    BOOST_TEST(at(m, "vitae_page_cache_hits_total") == 7);
    BOOST_TEST(at(m, "vitae_site_generation{worker=\"1\"}") == 9);
    BOOST_TEST(at(m, "vitae_worker_restarts_total") == 3);
    BOOST_TEST(own.cache_misses.load() == 1u);  // counted into the scope's own slot
}

BOOST_AUTO_TEST_CASE(refuses_non_loopback_clients) {
    Fixture f;
    auto remote = f.get("/_vitae/metrics", "203.0.113.9");
    BOOST_TEST(remote.status == 404);
    BOOST_TEST(remote.page->body.find("vitae_") == std::string::npos);
}

#include "fcgi/server.hpp"

#include <signal.h>
#include <systemd/sd-daemon.h>

#include <chrono>
#include <thread>

#include "base/clock.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "fcgi/core/fastcgi_records.hpp"
#include "fcgi/core/fcgi_request.hpp"

namespace vitae {

namespace {

// The whole answer as FastCGI records: a cache hit's bytes as laid out at
// render time (for nginx's request id), else laid out now into `scratch`.
std::string_view answer_records(const Response& response, std::uint16_t request_id, std::string& scratch) {
    if (!response.wire.empty() && request_id == fastcgi::nginx_request_id) return response.wire;
    scratch.clear();
    auto written = write_response(response);
    fastcgi::append_answer(scratch, request_id, written.head, written.body);
    return scratch;
}

}  // namespace

// One request thread's side: its handler state, and the answer as records.
class Server::Thread : public Responder {
public:
    Thread(Server& server, std::size_t index) : server_(server), state_{.index = index} {
        if (!server.sites_.many()) {  // baseline: load anything committed before it (a registry's sites load when asked)
            auto& site = *server.sites_.loaded().front();
            site.holder.fresh(site.thread_view(index).probe);
        }
    }

    std::string_view respond(FcgiRequest& request, std::string& scratch) override {
        Response response = server_.handler_.handle({.method = request.param("REQUEST_METHOD"),
                                                     .request_uri = request.param("REQUEST_URI"),
                                                     .if_none_match = request.param("HTTP_IF_NONE_MATCH"),
                                                     .accept_encoding = request.param("HTTP_ACCEPT_ENCODING"),
                                                     .if_modified_since = request.param("HTTP_IF_MODIFIED_SINCE"),
                                                     .remote_addr = request.param("REMOTE_ADDR"),
                                                     .accept = request.param("HTTP_ACCEPT"),
                                                     .range = request.param("HTTP_RANGE"),
                                                     .if_range = request.param("HTTP_IF_RANGE"),
                                                     .host = request.param("HTTP_HOST")},
                                                    state_);
        auto records = answer_records(response, request.id(), scratch);
        held_ = std::move(response.page);  // a cache hit's records are the page's own: kept until they are sent
        return records;
    }

private:
    Server& server_;
    ThreadState state_;
    std::shared_ptr<const Page> held_;
};

Server::Server(const Config& config, SiteSet& sites, const Listener& listener, HealthReport report)
    : config_(config), sites_(sites), handler_(sites), listener_(listener), report_(std::move(report)) {}

Server::~Server() = default;

void Server::wait_for_stop() {
    sigset_t set = control_signals();
    const timespec tick{1, 0};
    for (;;) {
        int signo = ::sigtimedwait(&set, nullptr, &tick);
        if (signo < 0) {
            if (report_) report_(loop_->healthy() ? Health::healthy : Health::stuck);
            handler_.refresh_gauges();  // so a scrape answered by another process sees this one's
            continue;
        }
        if (signo == SIGHUP) {
            sd_notify(0, "RELOADING=1");
            sites_.reload("SIGHUP");
            sd_notify(0, "READY=1");
            continue;
        }
        log_info(std::string("stopping on ") + (signo == SIGTERM ? "SIGTERM" : "SIGINT") +
                 ": finishing in-flight requests");
        sd_notify(0, "STOPPING=1");
        return;
    }
}

int Server::run() {
    if (!init_fastcgi_process()) {
        log_error("FCGX_Init failed");
        return 1;
    }
    // Created before any thread, so a publish directory that fails throws cleanly.
    std::optional<PublishTo> publish;
    if (!config_.publish_dir.empty())
        publish = PublishTo{.dir = config_.publish_dir, .metrics = &handler_.metrics(), .threads = config_.threads};
    if (!config_.purge_urls.empty()) purger_ = std::make_unique<Purger>(config_.purge_urls, handler_.metrics());
    follower_ = std::make_unique<SiteFollower>(sites_, static_cast<std::size_t>(config_.threads), std::move(publish),
                                               purger_.get());
    follower_->clear_published();  // before READY: nginx never serves an earlier run's pages
    // The first publish runs after READY: until a page's file is written,
    // nginx asks the worker for it, so serving starts at once at any size.
    std::thread follower_thread([this] { follower_->run(stopping_); });
    loop_ = std::make_unique<AcceptLoop>(listener_, config_.threads,
                                         [this](std::size_t index) { return std::make_unique<Thread>(*this, index); });
    loop_->start();
    std::string what = sites_.many() ? std::to_string(sites_.stats().registered) + " sites of " +
                                           in_quotes(config_.sites_dir.string())
                                     : "generation " + std::to_string(sites_.loaded().front()->holder.current()->generation);
    log_info("ready: serving " + in_quotes(listener_.description()) + " with " + std::to_string(config_.threads) +
             " threads, " + what);
    sd_notify(0, "READY=1");
    wait_for_stop();
    stopping_ = true;
    loop_->stop();
    if (follower_thread.joinable()) follower_thread.join();
    log_info("stopped");
    return 0;
}

int serve_process(const Config& config, const Listener& listener, HealthReport report,
                  std::function<std::string()> process_json, std::shared_ptr<const Site> fallback,
                  MetricsScope metrics) {
    PageCache cache(config.page_cache_bytes, limits::page_cache_max_entries);
    // A view of each site per request thread, and one for the follower.
    auto set_config = sites_config(config, static_cast<std::size_t>(config.threads) + 1);
    set_config.layout = fastcgi::answer_for_nginx;
    set_config.fallback = std::move(fallback);
    SiteSet sites(std::move(set_config), cache);
    Server server(config, sites, listener, std::move(report));
    server.handler().set_process_json(std::move(process_json));
    if (metrics.own) server.handler().set_metrics(std::move(metrics));
    server.handler().refresh_gauges();  // a restarted worker replaces its predecessor's gauges
    return server.run();
}

}  // namespace vitae

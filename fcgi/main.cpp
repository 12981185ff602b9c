// vitae-fcgi: argv/env -> Config -> a validated site -> the listening socket
// -> a supervisor with worker processes (or one process with --workers 0).
// Every start-up failure is one log line naming the file and the problem,
// and a non-zero exit, before any request is served.
#include <systemd/sd-daemon.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/version.hpp"
#include "fcgi/config.hpp"
#include "fcgi/core/fcgi_request.hpp"
#include "fcgi/core/listener.hpp"
#include "fcgi/server.hpp"
#include "fcgi/supervisor.hpp"
#include "site/page_source.hpp"
#include "site/pages.hpp"

namespace {

// --render PATH (one site) or URL (--sites: http://HOST/PATH, the site at HOST).
struct RenderTarget {
    std::string scheme;
    std::string host;
    std::string path;
};

RenderTarget render_target(const vitae::Config& config) {
    const std::string& target = config.render_path;
    if (config.sites_dir.empty()) return {"", "", target};
    auto scheme_end = target.find("://");
    auto scheme = target.substr(0, scheme_end);
    if (scheme_end == std::string::npos || (scheme != "http" && scheme != "https"))
        throw vitae::UsageError("--render: with --sites give the page's URL (http://HOST/PATH), not \"" + target + "\"");
    auto rest = target.substr(scheme_end + 3);
    auto slash = rest.find('/');
    if (slash == std::string::npos) return {scheme, rest, "/"};
    return {scheme, rest.substr(0, slash), rest.substr(slash)};
}

int render_to_stdout(const vitae::Config& config) {
    using namespace vitae;
    auto target = render_target(config);
    PageCache cache(0, 0);
    auto set_config = sites_config(config, 1);
    if (!target.scheme.empty()) set_config.scheme = target.scheme;  // the page as its URL says
    SiteSet sites(std::move(set_config), cache);
    // Only /search/ reads a query string (?q=...); every other page ignores it, as the worker does.
    auto question = target.path.find('?');
    std::string query = question == std::string::npos ? "" : target.path.substr(question + 1);
    if (question != std::string::npos) target.path.resize(question);
    auto lookup = sites.find(target.host, target.path);
    if (lookup.found == SiteSet::Found::no_site) throw Error("--render: no site answers at " + in_quotes(config.render_path));
    if (lookup.found == SiteSet::Found::unavailable)
        throw Error("--render: the site at " + in_quotes(config.render_path) + " did not load (the log line above says why)");
    if (lookup.found == SiteSet::Found::add_slash)
        throw Error("--render: " + in_quotes(config.render_path) + " is the site at " + in_quotes(lookup.location) + "; add the slash");
    auto& site = *lookup.site;
    auto version = site.holder.current();
    Route routed = site_route(*version, lookup.path);
    auto page = routed.kind == RouteKind::search
                    ? search_page(*version, routed, query, site.pages, site.thread_view(0).search, ContentCoding::identity)
                    : site.pages.render_page(*version, page_ref(routed, *version));
    std::fwrite(page->body.data(), 1, page->body.size(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
}

// Without a supervisor the serving process pings the watchdog itself.
void ping_watchdog(vitae::Health health) {
    if (health == vitae::Health::healthy) sd_notify(0, "WATCHDOG=1");
}

}  // namespace

int main(int argc, char** argv) {
    using namespace vitae;
    Config config;
    try {
        config = parse_config(argc, argv, [](const char* name) -> const char* { return std::getenv(name); });
    } catch (const UsageError& e) {
        log_error(std::string(e.what()) + " (see --help)");
        return 2;
    }
    if (config.help) {
        std::fputs(usage("vitae-fcgi").c_str(), stdout);
        return 0;
    }
    if (config.version) {
        std::printf("vitae-fcgi %s\n", version);
        return 0;
    }
    try {
        if (!config.render_path.empty()) return render_to_stdout(config);
        // Before the site loads, which takes a while (more under load or a
        // sanitizer): a SIGTERM from then on waits for the supervisor or the
        // server to take it and exit 0. Blocked only after the load, a stop
        // soon after start killed the process by the signal's default
        // action (10 of 40 stops 0.5 s after start, on a busy machine).
        block_control_signals();
        // Validate before taking the socket: a bad database, template or registry fails here, once.
        std::shared_ptr<const Site> validated;
        if (config.sites_dir.empty()) validated = load_site(site_source(config), 1);
        else read_registry(config.sites_dir);
        auto listener = Listener::open(config.listen, config.socket_mode);
        if (config.workers == 0) return serve_process(config, listener, ping_watchdog, {});
        Supervisor supervisor(config, listener, std::move(validated));
        return supervisor.run();
    } catch (const UsageError& e) {
        log_error(std::string(e.what()) + " (see --help)");
        return 2;
    } catch (const std::exception& e) {
        log_error(e.what());
        return 1;
    }
}

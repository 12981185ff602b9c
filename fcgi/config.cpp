#include "fcgi/config.hpp"

#include <charconv>
#include <string_view>
#include <thread>

#include "base/limits.hpp"
#include "fcgi/core/options.hpp"
#include "fcgi/purge_request.hpp"

namespace vitae {

namespace {

void set_listen(Config& c, std::string_view v) { c.listen = listen_address(v); }

void set_base_url(Config& c, std::string_view v) {
    check_base_url(v);
    c.base_url = v;
    c.base_url_set = true;
}

void set_scheme(Config& c, std::string_view v) {
    if (v != "http" && v != "https") throw UsageError("--scheme: \"" + std::string(v) + "\" is not http or https");
    c.scheme = v;
}

void set_surrogate(Config& c, std::string_view v) {
    if (v == "xkey") c.surrogate = SurrogateHeader::xkey;
    else if (v == "Surrogate-Key") c.surrogate = SurrogateHeader::surrogate_key;
    else if (v == "Cache-Tag") c.surrogate = SurrogateHeader::cache_tag;
    else throw UsageError("--surrogate-keys: \"" + std::string(v) + "\" is not xkey, Surrogate-Key or Cache-Tag");
}

constexpr Option<Config> options[] = {
    {"--db", "VITAE_DB", "PATH", "SQLite content database (opened read-only)",
     [](Config& c, std::string_view v) { c.db_path = v; }},
    {"--sites", "VITAE_SITES", "DIR",
     "a directory of sites (DIR/registry.db, DIR/NAME/site.db; `vitae site add`): serve each at its hosts",
     [](Config& c, std::string_view v) { c.sites_dir = std::string(v); }},
    {"--sites-loaded", "VITAE_SITES_LOADED", "N",
     "with --sites: sites kept loaded per process at most, the least recently asked unloaded first",
     [](Config& c, std::string_view v) {
         c.sites_loaded = static_cast<std::size_t>(parse_int("--sites-loaded", v, 10, 1, static_cast<int>(limits::max_sites_loaded)));
     },
     limits::default_sites_loaded},
    {"--site-idle", "VITAE_SITE_IDLE", "SECONDS",
     "with --sites: a site not asked for this long is unloaded",
     [](Config& c, std::string_view v) { c.site_idle_s = parse_int("--site-idle", v, 10, 1, 7 * 86400); },
     limits::default_site_idle_s},
    {"--sites-memory-mb", "VITAE_SITES_MEMORY_MB", "N",
     "with --sites: past this resident size a process unloads the least recently asked sites (default 0: no bound)",
     [](Config& c, std::string_view v) {
         c.sites_memory_bytes = static_cast<std::size_t>(parse_int("--sites-memory-mb", v, 10, 0, 1 << 20)) * 1024 * 1024;
     }},
    {"--scheme", "VITAE_SCHEME", "http|https",
     "with --sites: the scheme of every site's absolute URLs (default https)", set_scheme},
    {"--templates", "VITAE_TEMPLATES", "DIR", "directory of *.mustache templates",
     [](Config& c, std::string_view v) { c.templates_dir = std::string(v); }},
    {"--threads", "VITAE_THREADS", "N", "request threads per worker process (default: number of cores)",
     [](Config& c, std::string_view v) { c.threads = parse_int("--threads", v, 10, 1, limits::max_threads); }},
    {"--workers", "VITAE_WORKERS", "N",
     "worker processes, restarted if they die (default 2; 0: serve in the main process, no supervisor)",
     [](Config& c, std::string_view v) { c.workers = parse_int("--workers", v, 10, 0, limits::max_workers); }},
    {"--listen", "VITAE_LISTEN", "ADDR", "unix:PATH or HOST:PORT (default: the socket systemd or the web server passed)",
     set_listen},
    {"--socket-mode", "VITAE_SOCKET_MODE", "OCTAL", "permissions of a unix socket created by --listen (default 0660)",
     [](Config& c, std::string_view v) { c.socket_mode = static_cast<mode_t>(parse_int("--socket-mode", v, 8, 0, 0777)); }},
    {"--publish", "VITAE_PUBLISH_DIR", "DIR", "write every page (and .gz) here for nginx to serve directly",
     [](Config& c, std::string_view v) { c.publish_dir = std::string(v); }},
    {"--purge", "VITAE_PURGE", "URL",
     "after each change, soft-purge the changed pages' surrogate keys at this cache (Varnish with varnish/vitae.vcl; "
     "repeatable)",
     [](Config& c, std::string_view v) {
         parse_purge_url(v);  // refused here, at start, naming the URL
         c.purge_urls.emplace_back(v);
     }},
    {"--surrogate-keys", "VITAE_SURROGATE_KEYS", "HEADER",
     "name each page's surrogate keys in this header: xkey (Varnish), Surrogate-Key (Fastly), Cache-Tag (Cloudflare)",
     set_surrogate},
    {"--page-cache-mb", "VITAE_PAGE_CACHE_MB", "N", "memory for rendered pages (default 16; 0 renders every request)",
     [](Config& c, std::string_view v) {
         c.page_cache_bytes = static_cast<std::size_t>(parse_int("--page-cache-mb", v, 10, 0, limits::max_page_cache_mb)) * 1024 * 1024;
     }},
    {"--base-url", "VITAE_BASE_URL", "URL",
     "the site's public URL for canonical links, feed and sitemap (default http://127.0.0.1:8080)", set_base_url},
    {"--clock-offset", nullptr, "SECONDS",
     "shift the clock that lists scheduled posts at 00:00 UTC on their date (for tests; default 0)",
     [](Config& c, std::string_view v) {
         c.clock_offset_s = parse_int("--clock-offset", v, 10, -limits::max_clock_offset_s, limits::max_clock_offset_s);
     }},
    {"--render", nullptr, "PATH|URL",
     "print the page at PATH (e.g. /), or with --sites at http://HOST/PATH, to stdout and exit",
     [](Config& c, std::string_view v) { c.render_path = v; }},
    {"--help", nullptr, "", "show this help and exit", [](Config& c, std::string_view) { c.help = true; }},
    {"--version", nullptr, "", "show the version and exit", [](Config& c, std::string_view) { c.version = true; }},
};

}  // namespace

namespace {

WallClock offset_clock(const Config& config) {
    std::int64_t offset = config.clock_offset_s;
    return [offset] { return system_unix() + offset; };
}

}  // namespace

SiteSource site_source(const Config& config) { return {config.db_path, config.templates_dir, offset_clock(config)}; }

SitesConfig sites_config(const Config& config, std::size_t threads) {
    return {.sites_dir = config.sites_dir,
            .db_path = config.db_path,
            .base_url = config.base_url,
            .scheme = config.scheme,
            .templates_dir = config.templates_dir,
            .now_unix = offset_clock(config),
            .max_loaded = config.sites_loaded,
            .idle_unload_ms = static_cast<std::int64_t>(config.site_idle_s) * 1000,
            .max_memory_bytes = config.sites_memory_bytes,
            .threads = threads,
            .surrogate = config.surrogate};
}

Config parse_config(int argc, const char* const* argv, const char* (*getenv_fn)(const char*)) {
    Config config;
    parse_options<Config>(options, config, argc, argv, getenv_fn);
    if (config.help || config.version) return config;
    if (config.db_path.empty() && config.sites_dir.empty()) throw UsageError("missing --db PATH or --sites DIR (or VITAE_DB, VITAE_SITES)");
    if (!config.db_path.empty() && !config.sites_dir.empty())
        throw UsageError("--db and --sites: give one (a one-site install or a directory of sites)");
    if (!config.sites_dir.empty() && config.base_url_set)
        throw UsageError("--base-url is for --db; with --sites each site's URL is --scheme://its first host + its prefix");
    if (config.templates_dir.empty()) throw UsageError("missing --templates DIR (or VITAE_TEMPLATES)");
    if (!config.purge_urls.empty() && config.surrogate == SurrogateHeader::none) config.surrogate = SurrogateHeader::xkey;
    if (config.threads == 0) config.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return config;
}

std::string usage(std::string_view program) {
    std::string text = "usage: " + std::string(program) + " (--db PATH | --sites DIR) --templates DIR [options]\n\n";
    text += "Serves a Vitae site over FastCGI. Options:\n";
    text += options_help<Config>(options);
    text += "\nSignals: SIGHUP reloads content and templates; SIGTERM/SIGINT finish in-flight requests and exit.\n";
    return text;
}

}  // namespace vitae

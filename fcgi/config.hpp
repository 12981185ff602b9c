// Command line and environment -> Config. All options live in one table in
// config.cpp with their environment variable, default and bounds; a bad value
// throws UsageError naming the option, before anything starts.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "http/base_url.hpp"
#include "site/site.hpp"
#include "sites/site_set.hpp"

namespace vitae {

struct Config {
    std::string db_path;                // --db: one site
    std::filesystem::path sites_dir;    // --sites: every site of a registry (exclusive with --db)
    std::filesystem::path templates_dir;
    int threads = 0;          // 0 until parsed: then the number of cores
    int workers = 2;          // serving processes under the supervisor; 0: serve in this process
    std::string listen;       // empty: the socket we were handed (systemd fd 3 or fd 0)
    mode_t socket_mode = 0660;  // for a unix socket we create ourselves
    std::string render_path;  // non-empty: print that page to stdout and exit
    std::filesystem::path publish_dir;  // non-empty: keep static copies of every page here
    std::size_t page_cache_bytes = 16 * 1024 * 1024;  // 0: render every request (benchmarks)
    std::string base_url = default_base_url;  // --db: scheme://host[:port][/path], no trailing slash
    bool base_url_set = false;
    std::string scheme = "https";  // --sites: each site's base URL is scheme://its first host + its prefix
    std::size_t sites_loaded = limits::default_sites_loaded;  // --sites: loaded at once per process, at most
    int site_idle_s = limits::default_site_idle_s;            // --sites: unloaded after this long unasked
    std::size_t sites_memory_bytes = 0;                       // --sites: unload past this resident size (0: no bound)
    std::vector<std::string> purge_urls;  // --purge, repeatable: caches told which surrogate keys changed
    SurrogateHeader surrogate = SurrogateHeader::none;  // --surrogate-keys; xkey when --purge is given alone
    int clock_offset_s = 0;  // added to the wall clock that releases scheduled posts (tests)
    bool help = false;
    bool version = false;
};

// The database and templates, and the wall clock shifted by clock_offset_s.
SiteSource site_source(const Config& config);
// What a process serves: the one site or the registry, with the bounds set;
// `slots`: the threads that will look pages up.
SitesConfig sites_config(const Config& config, std::size_t threads);

// getenv is passed in so tests can give their own environment.
Config parse_config(int argc, const char* const* argv, const char* (*getenv_fn)(const char*));
std::string usage(std::string_view program);

}  // namespace vitae

#include "fcgi/status.hpp"

#include <unistd.h>

#include <cstdio>

#include "base/version.hpp"
#include "http/http.hpp"

namespace vitae {

namespace {

std::string n(auto value) { return std::to_string(value); }

std::string reload_json(const ReloadStatus& reload) {
    auto reload_unix = std::chrono::duration_cast<std::chrono::seconds>(reload.at.time_since_epoch()).count();
    return "{\"at\": " + json_string(http_date(reload_unix)) + ", \"reason\": " + json_string(reload.reason) +
           ", \"ok\": " + (reload.ok ? "true" : "false") + ", \"error\": " + json_string(reload.error) + "}";
}

// The one site of --db, as this page always showed it.
std::string one_site_json(const LoadedSite& loaded) {
    auto site = loaded.holder.current();
    const auto& source = loaded.holder.source();
    std::string json;
    json += "  \"generation\": " + n(site->generation) + ",\n";
    json += "  \"content\": {\"database\": " + json_string(source.db_path) +
            ", \"inode\": " + n(site->content->db_file.inode) + ", \"publications\": " + n(site->content->content().publications.size()) +
            ", \"posts\": " + n(site->content->content().posts.size()) + ", \"modified\": " + json_string(http_date(site->content->modified_unix)) + "},\n";
    json += "  \"templates\": {\"directory\": " + json_string(source.templates_dir.string()) +
            ", \"generation\": " + n(site->templates->id()) + "},\n";
    json += "  \"last_reload\": " + reload_json(loaded.holder.last_reload()) + ",\n";
    return json;
}

// A registry: counts, then each loaded site by name.
std::string many_sites_json(const SiteSet& sites) {
    auto stats = sites.stats();
    std::string json = "  \"sites\": {\"directory\": " + json_string(sites.config().sites_dir.string()) +
                       ", \"registered\": " + n(stats.registered) + ", \"loaded\": " + n(stats.loaded) +
                       ", \"loads\": " + n(stats.loads) + ", \"unloads\": " + n(stats.unloads) +
                       ", \"load_failures\": " + n(stats.load_failures) +
                       ", \"registry_error\": " + json_string(stats.registry_error) + ",\n    \"loaded_sites\": [";
    bool first = true;
    for (const auto& loaded : sites.loaded()) {
        auto site = loaded->holder.current();
        json += std::string(first ? "\n" : ",\n") + "      {\"name\": " + json_string(loaded->name) +
                ", \"base_url\": " + json_string(loaded->base_url) + ", \"generation\": " + n(site->generation) +
                ", \"publications\": " + n(site->content->content().publications.size()) +
                ", \"last_reload\": " + reload_json(loaded->holder.last_reload()) + "}";
        first = false;
    }
    json += first ? "]},\n" : "\n    ]},\n";
    return json;
}

}  // namespace

std::string status_json(SiteSet& sites, std::chrono::steady_clock::time_point started, const std::string& process) {
    auto stats = sites.cache().stats();
    auto uptime = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
    std::string json = "{\n";
    json += "  \"version\": " + json_string(version) + ",\n";
    json += "  \"uptime_seconds\": " + n(uptime.count()) + ",\n";
    json += "  \"pid\": " + n(::getpid()) + ",\n";
    json += "  \"process\": " + process + ",\n";
    json += sites.many() ? many_sites_json(sites) : one_site_json(*sites.loaded().front());
    json += "  \"cache\": {\"entries\": " + n(stats.entries) + ", \"bytes\": " + n(stats.bytes) + ", \"hits\": " +
            n(stats.hits) + ", \"misses\": " + n(stats.misses) + "}\n}\n";
    return json;
}

}  // namespace vitae

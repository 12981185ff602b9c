#include "fcgi/status.hpp"

#include <unistd.h>

#include <cstdio>

#include "base/version.hpp"
#include "http/http.hpp"

namespace vitae {

std::string status_json(const SiteHolder& sites, const PageCache& cache,
                        std::chrono::steady_clock::time_point started, const std::string& process) {
    auto site = sites.current();
    auto reload = sites.last_reload();
    auto stats = cache.stats();
    auto uptime = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
    auto reload_unix = std::chrono::duration_cast<std::chrono::seconds>(reload.at.time_since_epoch()).count();
    auto n = [](auto value) { return std::to_string(value); };
    std::string json = "{\n";
    json += "  \"version\": " + json_string(version) + ",\n";
    json += "  \"uptime_seconds\": " + n(uptime.count()) + ",\n";
    json += "  \"pid\": " + n(::getpid()) + ",\n";
    json += "  \"process\": " + process + ",\n";
    json += "  \"generation\": " + n(site->generation) + ",\n";
    json += "  \"content\": {\"database\": " + json_string(sites.source().db_path) +
            ", \"inode\": " + n(site->content->db_file.inode) + ", \"publications\": " + n(site->content->content().publications.size()) +
            ", \"posts\": " + n(site->content->content().posts.size()) + ", \"modified\": " + json_string(http_date(site->content->modified_unix)) + "},\n";
    json += "  \"templates\": {\"directory\": " + json_string(sites.source().templates_dir.string()) +
            ", \"generation\": " + n(site->templates->id()) + "},\n";
    json += "  \"last_reload\": {\"at\": " + json_string(http_date(reload_unix)) + ", \"reason\": " +
            json_string(reload.reason) + ", \"ok\": " + (reload.ok ? "true" : "false") +
            ", \"error\": " + json_string(reload.error) + "},\n";
    json += "  \"cache\": {\"entries\": " + n(stats.entries) + ", \"bytes\": " + n(stats.bytes) + ", \"hits\": " +
            n(stats.hits) + ", \"misses\": " + n(stats.misses) + "}\n}\n";
    return json;
}

}  // namespace vitae

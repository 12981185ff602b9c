#include <string_view>

#include "base/clock.hpp"
#include "cli/sync/sync_command.hpp"
#include "http/static_files.hpp"

namespace vitae::cli::sync {

namespace {

// A label value as the text format escapes it: backslash, quote, newline.
std::string metrics_label(std::string_view value) {
    std::string out;
    for (char c : value) {
        if (c == '\\' || c == '"') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

struct SyncGauge {
    const char* name;
    const char* help;
};

constexpr SyncGauge sync_gauges[] = {
    {"vitae_sync_last_run_timestamp_seconds", "When vitae sync last ran on the site (Unix time)."},
    {"vitae_sync_result", "The last run: 0 done, 1 no service answered, 2 no ids to read, 3 done in part."},
    {"vitae_sync_problems", "Services that failed in the last run, one line each in its log."},
    {"vitae_sync_works", "Works the last run found, by state: known (the site's), updated, new."},
};

}  // namespace

std::string sync_metrics_text(const std::vector<std::pair<std::string, SiteSync>>& runs, std::int64_t now_unix) {
    std::string out;
    for (const auto& gauge : sync_gauges) {
        out += std::string("# HELP ") + gauge.name + " " + gauge.help + "\n# TYPE " + gauge.name + " gauge\n";
        for (const auto& [site, run] : runs) {
            std::string label = "site=\"" + metrics_label(site) + "\"";
            std::string_view name = gauge.name;
            if (name == "vitae_sync_last_run_timestamp_seconds") out += std::string(name) + "{" + label + "} " + std::to_string(now_unix) + "\n";
            if (name == "vitae_sync_result") out += std::string(name) + "{" + label + "} " + std::to_string(run.code) + "\n";
            if (name == "vitae_sync_problems") out += std::string(name) + "{" + label + "} " + std::to_string(run.problems) + "\n";
            if (name != "vitae_sync_works") continue;
            for (auto [state, n] : {std::pair{"known", run.known}, {"updated", run.updated}, {"new", run.found}})
                out += std::string(name) + "{" + label + ",state=\"" + state + "\"} " + std::to_string(n) + "\n";
        }
    }
    return out;
}

void write_sync_metrics(const Args& args, const std::vector<std::pair<std::string, SiteSync>>& runs) {
    std::string file = args.get("--metrics");
    if (file.empty()) return;
    write_file_atomically(file, sync_metrics_text(runs, system_unix()), Durability::fsync);
}

LogEvent sync_event(const std::string& site, const SiteSync& run) {
    static constexpr const char* results[] = {"done", "failed", "skipped", "in_part"};
    LogEvent event("sync");
    event.add("site", site);
    event.add("result", run.code >= 0 && run.code <= 3 ? results[run.code] : "unknown");
    event.add("problems", static_cast<std::int64_t>(run.problems));
    event.add("known", static_cast<std::int64_t>(run.known));
    event.add("updated", static_cast<std::int64_t>(run.updated));
    event.add("new", static_cast<std::int64_t>(run.found));
    return event;
}

void log_sync_runs(const std::vector<std::pair<std::string, SiteSync>>& runs) {
    for (const auto& [site, run] : runs)
        log(run.code == 1 ? Level::error : run.code == 3 ? Level::warning : Level::info, sync_event(site, run));
}

}  // namespace vitae::cli::sync

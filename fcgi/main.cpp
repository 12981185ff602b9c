// vitae-fcgi: argv/env -> Config -> first Site -> Server, and the exit code.
// Every start-up failure is one log line naming the file and the problem,
// and a non-zero exit, before any request is served.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "config.hpp"
#include "error.hpp"
#include "handler.hpp"
#include "limits.hpp"
#include "listener.hpp"
#include "log.hpp"
#include "server.hpp"
#include "version.hpp"

namespace {

int render_to_stdout(vitae::Handler& handler, const std::string& path) {
    vitae::PageRenderer renderer;
    bool hit = false;
    auto page = handler.page_for(path, renderer, hit);
    std::fwrite(page->body.data(), 1, page->body.size(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
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
        SiteHolder sites({config.db_path, config.templates_dir});
        PageCache cache(config.page_cache_bytes, limits::page_cache_max_entries);
        if (!config.render_path.empty()) {
            Handler handler(sites, cache);
            return render_to_stdout(handler, config.render_path);
        }
        auto listener = Listener::open(config.listen, config.socket_mode);
        Server server(config, sites, cache, listener);
        return server.run();
    } catch (const std::exception& e) {
        log_error(e.what());
        return 1;
    }
}

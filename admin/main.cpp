// vitae-admin: argv/env -> AdminConfig -> the editor's templates and the
// edit engine -> the listening socket -> request threads. Every start-up
// failure is one log line naming the file and the problem, and a non-zero
// exit (2 for a usage error), before any request is served.
#include <cstdio>
#include <cstdlib>

#include "admin/config.hpp"
#include "admin/server.hpp"
#include "base/error.hpp"
#include "base/log.hpp"
#include "base/version.hpp"
#include "fcgi/core/fcgi_request.hpp"

int main(int argc, char** argv) {
    using namespace vitae;
    AdminConfig config;
    try {
        config = parse_admin_config(argc, argv, [](const char* name) -> const char* { return std::getenv(name); });
    } catch (const UsageError& e) {
        log_error(std::string(e.what()) + " (see --help)");
        return 2;
    }
    if (config.help) {
        std::fputs(admin_usage("vitae-admin").c_str(), stdout);
        return 0;
    }
    if (config.version) {
        std::printf("vitae-admin %s\n", version);
        return 0;
    }
    try {
        block_control_signals();  // a stop while the templates and accounts load is a graceful one
        Frame frame(config.templates_dir);
        Editor editor(config.templates_dir.string());
        Accounts::open(config.auth_path, OpenMode::read_write);  // fail now, naming the file, not per request
        site_names(config);                                     // and the registry, with --sites
        auto listener = Listener::open(config.listen, config.socket_mode);
        AdminShared shared{.config = config, .frame = frame, .editor = editor};
        return serve_admin(shared, listener);
    } catch (const std::exception& e) {
        log_error(e.what());
        return 1;
    }
}

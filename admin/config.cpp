#include "admin/config.hpp"

#include "fcgi/core/options.hpp"

namespace vitae {

namespace {

constexpr Option<AdminConfig> options[] = {
    {"--db", "VITAE_DB", "PATH", "the one site's database, edited as site \"default\"",
     [](AdminConfig& c, std::string_view v) { c.db_path = v; }},
    {"--sites", "VITAE_SITES", "DIR", "a directory of sites (DIR/registry.db, DIR/NAME/site.db): edit each by its name",
     [](AdminConfig& c, std::string_view v) { c.sites_dir = std::string(v); }},
    {"--auth", "VITAE_AUTH", "PATH", "the accounts database (`vitae user add`): who may log in and edit which site",
     [](AdminConfig& c, std::string_view v) { c.auth_path = v; }},
    {"--templates", "VITAE_TEMPLATES", "DIR", "the templates directory; the editor's are DIR/edit/",
     [](AdminConfig& c, std::string_view v) { c.templates_dir = std::string(v); }},
    {"--threads", "VITAE_ADMIN_THREADS", "N", "request threads",
     [](AdminConfig& c, std::string_view v) { c.threads = parse_int("--threads", v, 10, 1, 64); }, limits::default_admin_threads},
    {"--listen", "VITAE_ADMIN_LISTEN", "ADDR", "unix:PATH or HOST:PORT (default: the socket systemd passed)",
     [](AdminConfig& c, std::string_view v) { c.listen = listen_address(v); }},
    {"--socket-mode", "VITAE_SOCKET_MODE", "OCTAL", "permissions of a unix socket created by --listen (default 0660)",
     [](AdminConfig& c, std::string_view v) { c.socket_mode = static_cast<mode_t>(parse_int("--socket-mode", v, 8, 0, 0777)); }},
    {"--trust-user-header", "VITAE_TRUST_USER_HEADER", "",
     "take the user from the FastCGI parameter VITAE_REMOTE_USER that nginx sets after auth_request (single sign-on); off by default",
     [](AdminConfig& c, std::string_view) { c.trust_user_header = true; }},
    {"--clock-file", nullptr, "PATH", "for tests: seconds added to the clock, read from PATH at each request",
     [](AdminConfig& c, std::string_view v) { c.clock_file = std::string(v); }},
    {"--help", nullptr, "", "show this help and exit", [](AdminConfig& c, std::string_view) { c.help = true; }},
    {"--version", nullptr, "", "show the version and exit", [](AdminConfig& c, std::string_view) { c.version = true; }},
};

}  // namespace

AdminConfig parse_admin_config(int argc, const char* const* argv, const char* (*getenv_fn)(const char*)) {
    AdminConfig config;
    parse_options<AdminConfig>(options, config, argc, argv, getenv_fn);
    if (config.help || config.version) return config;
    if (config.db_path.empty() == config.sites_dir.empty())
        throw UsageError("give one of --db PATH or --sites DIR (or VITAE_DB, VITAE_SITES)");
    if (config.auth_path.empty()) throw UsageError("missing --auth PATH (or VITAE_AUTH): the accounts database");
    if (config.templates_dir.empty()) throw UsageError("missing --templates DIR (or VITAE_TEMPLATES)");
    return config;
}

std::string admin_usage(std::string_view program) {
    std::string text = "usage: " + std::string(program) + " (--db PATH | --sites DIR) --auth PATH --templates DIR [options]\n\n";
    text += "Serves the browser editor (/_vitae/edit/) over FastCGI. Options:\n";
    text += options_help<AdminConfig>(options);
    text += "\nSignals: SIGTERM/SIGINT finish in-flight requests and exit.\n";
    return text;
}

}  // namespace vitae

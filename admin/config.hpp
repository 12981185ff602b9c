// vitae-admin's command line and environment -> AdminConfig, through the
// worker's option loop (fcgi/core/options.hpp): one table in config.cpp with each
// option's environment variable and bounds; a bad value is a UsageError
// naming the option, before anything starts.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>

#include "base/limits.hpp"

namespace vitae {

struct AdminConfig {
    std::string db_path;              // --db: one site, called "default"
    std::filesystem::path sites_dir;  // --sites: every site of a registry (exclusive with --db)
    std::string auth_path;            // --auth: the accounts database (core/auth)
    std::filesystem::path templates_dir;  // the editor's templates are DIR/edit/
    std::string listen;               // empty: the socket we were handed (systemd fd 3 or fd 0)
    mode_t socket_mode = 0660;
    int threads = limits::default_admin_threads;
    // Off by default: the user is whom nginx's auth_request names in
    // VITAE_REMOTE_USER (an institution's single sign-on), no password here.
    bool trust_user_header = false;
    std::filesystem::path clock_file;  // tests: seconds added to the clock, read at each request
    bool help = false;
    bool version = false;
};

// getenv is passed in so tests can give their own environment.
AdminConfig parse_admin_config(int argc, const char* const* argv, const char* (*getenv_fn)(const char*));
std::string admin_usage(std::string_view program);

}  // namespace vitae

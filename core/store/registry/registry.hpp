// A directory of sites (SITES): one folder per site, SITES/NAME/site.db (its
// stored files inside it, as for one site) and optionally
// SITES/NAME/templates/ holding only the templates it overrides, and the
// registry SITES/registry.db saying which sites there are and where each
// answers. The registry is data: `vitae site` writes it (one transaction
// each; rollback-journal mode, so a read-only reader never needs to write a
// -shm), the worker reads it again within a second of a change.
//
// Where a site answers: each of its hosts (lower case, no port; the first is
// its canonical host, for every absolute URL it makes) under its prefix
// ("/" or one path segment, "/~carol/"). A (host, prefix) pair belongs to one
// site; on a shared host the longest prefix wins, so the registry's home at
// "/" and its members at "/~name/" live side by side.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vitae {

struct RegisteredSite {
    std::string name;                // a DNS label: the folder's name, the site's name in logs and metrics
    std::vector<std::string> hosts;  // lower case, no port; the first is the canonical one
    std::string prefix = "/";        // "/" or "/segment/": where on those hosts the site starts
    std::string owner_name;          // as given to --name (pages show the name in the site's profile)
    std::string group;               // what the home site's /people/ lists it under ("": no group)
    bool home = false;               // the registry's home: its /people/ and /publications/ cover every site
};

struct Registry {
    std::filesystem::path dir;          // SITES
    std::vector<RegisteredSite> sites;  // sorted by name

    const RegisteredSite* find(std::string_view name) const;
    const RegisteredSite* home() const;  // nullptr: no home site
};

std::filesystem::path registry_path(const std::filesystem::path& sites_dir);                       // SITES/registry.db
std::filesystem::path site_dir(const std::filesystem::path& sites_dir, std::string_view name);      // SITES/NAME
std::filesystem::path site_db_path(const std::filesystem::path& sites_dir, std::string_view name);  // SITES/NAME/site.db
std::filesystem::path site_templates_dir(const std::filesystem::path& sites_dir, std::string_view name);  // SITES/NAME/templates

// Whether SITES holds a registry (registry.db exists).
bool is_sites_dir(const std::filesystem::path& dir);

// Throws Error naming the file when the registry is missing, unreadable or
// not a registry. Opens it read-only.
Registry read_registry(const std::filesystem::path& sites_dir);

// Each returns nullopt when the value is fine, else why not (one line that
// names the value, for `vitae site` and the worker's log).
std::optional<std::string> site_name_problem(std::string_view name);  // a DNS label, 1-63 of [a-z0-9-]
std::optional<std::string> host_problem(std::string_view host);       // a host name (labels as above, <= 253) or an IPv4 address
std::optional<std::string> prefix_problem(std::string_view prefix);   // "/" or "/segment/", not a route or language of a site
// Whether `site` can join `registry`, replacing the entry of the same name
// if there is one: a duplicate (host, prefix), a prefix inside another
// site's prefix on the same host, a second home.
std::optional<std::string> registry_conflict(const Registry& registry, const RegisteredSite& site);
// The same rules (and each site's own, site_problem) over a whole registry,
// in one pass: what reading a registry checks, so a worker with thousands
// of sites starts in time linear in them (one registry_conflict per site
// would compare every pair: 25 million at 5,000 sites, 0.3 s measured).
std::optional<std::string> registry_problem(const Registry& registry);

}  // namespace vitae

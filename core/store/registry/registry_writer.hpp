// Writing the registry (SITES/registry.db): what `vitae site` calls. Every
// change is one write transaction (BEGIN IMMEDIATE) that reads the registry,
// checks the change against every rule and every other site, and writes only
// if all is well: a refusal throws UsageError with one line naming the value
// and the reason, and leaves the file byte for byte as it was. The file stays
// in rollback-journal mode (journal_mode=DELETE), so the worker, reading it
// read-only, never needs a -shm beside it nor write access to SITES.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "store/registry/registry.hpp"
#include "store/sqlite/temp_file.hpp"

namespace vitae {

// As a site's host is stored and matched: lower case ("Carol.Example.EDU" ->
// "carol.example.edu"); host_problem then says whether it is one.
std::string lower_case_host(std::string_view host);
// A prefix as given to --prefix, made whole: "~carol", "/~carol" and
// "/~carol/" are all "/~carol/"; "" stays "" (prefix_problem refuses it).
std::string whole_prefix(std::string_view prefix);

// Everything about `site` alone: its name, at least one host and each one,
// its prefix, its owner's name and group (one line, at most
// limits::max_site_text_bytes). nullopt when all is well.
std::optional<std::string> site_problem(const RegisteredSite& site);

// Makes SITES (one level) and an empty registry in it when there is none;
// the file is built aside and renamed, never half-made. Returns whether it
// made the registry. Throws Error.
bool create_registry(const std::filesystem::path& sites_dir);

// Adds `site`. UsageError when site_problem or registry_conflict says why
// not, or the name is taken.
void add_registered_site(const std::filesystem::path& sites_dir, const RegisteredSite& site);
// Replaces the entry `name` by `site`; `site.name` differs on a rename.
// UsageError when there is no such entry, the new name is taken, or as add.
void replace_registered_site(const std::filesystem::path& sites_dir, std::string_view name, const RegisteredSite& site);
// Removes the entry `name` (never the folder). UsageError when there is none.
void remove_registered_site(const std::filesystem::path& sites_dir, std::string_view name);

struct RegistryUpgrade {
    std::int64_t from = 0;
    std::int64_t to = 0;  // from == to: nothing to do
};
// Brings an older registry up to this build's version, in one transaction.
RegistryUpgrade migrate_registry(const std::filesystem::path& sites_dir);

// Copies the registry, one committed state of it, to `dest` (built aside,
// checked as read_registry checks, renamed). Refuses an existing dest unless IfExists::replace.
void backup_registry(const std::filesystem::path& sites_dir, const std::string& dest, IfExists if_exists);

}  // namespace vitae

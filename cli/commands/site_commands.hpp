// `vitae site add|ls|rm|set|rename`: the registry of a directory of sites
// (core/store/registry), and `vitae migrate|backup|check` over every site
// of one. Everything is checked before anything is made; `add` undoes what
// it made when a later step fails, `rename` puts the folder back when the
// entry cannot follow, so nothing is ever left half-made. A person's folder
// is never deleted by vitae.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>

#include "cli/args/args.hpp"
#include "store/sqlite/temp_file.hpp"

namespace vitae::cli {

int run_site_add(const Args& args, std::ostream& out);
int run_site_ls(const Args& args, std::ostream& out);
int run_site_rm(const Args& args, std::ostream& out);
int run_site_set(const Args& args, std::ostream& out);
int run_site_rename(const Args& args, std::ostream& out);

// The same commands as for one database, once per site of SITES (and the
// registry's own schema or file): each site reports on a line of its own,
// one failing never stops the others; throws Error naming how many failed.
int migrate_sites(const std::filesystem::path& sites_dir, std::ostream& out);
// DEST/registry.db and DEST/NAME/site.db; DEST must not exist unless IfExists::replace.
int backup_sites(const std::filesystem::path& sites_dir, const std::filesystem::path& dest, IfExists if_exists,
                 std::ostream& out);
// With `accessibility`, each site's findings too (accessibility_report);
// then accessibility_findings_status when any site has one.
int check_sites(const std::filesystem::path& sites_dir, const std::optional<std::filesystem::path>& templates,
                bool accessibility, std::ostream& out);

}  // namespace vitae::cli

// `vitae site override`: a site's own copy of one shared template, in
// SITES/NAME/templates/, headed by a record of the shared version it was
// copied from, so `vitae check --overrides` can tell when an upgrade
// changed the shared template since.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include "cli/args/args.hpp"

namespace vitae::cli {

// Copies templates_dir/template_name to SITES/NAME/templates/ with its header
// line; returns the path written. Throws UsageError for a bad name or a
// template the shared set lacks, Error if the override exists or cannot be written.
std::filesystem::path make_override(const std::filesystem::path& sites_dir, const std::string& site_name,
                                    const std::string& template_name, const std::filesystem::path& templates_dir);

int run_site_override(const Args& args, std::ostream& out);

}  // namespace vitae::cli

// Adding a site to a directory of sites, as `vitae site add` and the
// editor's site administration both do it: everything checked before
// anything is made, then SITES and its registry when there are none, the
// site's folder and its database (made as `vitae init DB --name` makes one,
// or one already there, an imported site, adopted once the worker's checks
// pass), and last its registry entry. A later step that fails removes what
// the earlier ones made, so nothing is ever left half-made; a person's
// folder that was there before is never removed.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "store/registry/registry.hpp"

namespace vitae {

// Throws UsageError (prefixed with `command`) naming why `site` cannot join
// `registry` in place of the entry `replaced` ("" for a new site): its own
// problem, a taken name, a conflict with another site.
void refuse_unless_fine(std::string_view command, const Registry& registry, const RegisteredSite& site,
                        std::string_view replaced);

// The registry of SITES, or an empty one when SITES holds none yet.
Registry registry_or_empty(const std::filesystem::path& sites_dir);

// Adds `site`; returns what was made, one line each ("created …", "adopted
// …", a note about the owner's name), for the caller to show. Throws
// UsageError (prefixed with `command`) for a refusal, Error for a failure.
std::vector<std::string> set_up_site(std::string_view command, const std::filesystem::path& sites_dir,
                                     const RegisteredSite& site);

// "carol.example.edu/~carol/ (also www.carol.example.edu)"
std::string where(const RegisteredSite& site);

}  // namespace vitae

// Jekyll's `{% include NAME.md %}` and `{% include_relative NAME.md %}` of a
// Markdown file, read in place: an owner often keeps the bio in
// _includes/bio.md and pulls it into the about page, and a page without it
// would arrive empty. Includes of templates (.html) stay Liquid, reported
// as any other tag.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "cli/import/plan/site_plan.hpp"

namespace vitae::cli {

// `body` (of `file`) with each include of a Markdown file of the tree
// replaced by that file's text (its front matter left out), to a depth of
// four; each file read is noted as imported into `file`. An include of a
// file that is not in the tree is left as written.
std::string includes_in_place(SitePlan& plan, const std::filesystem::path& file, std::string_view body, int depth = 0);

}  // namespace vitae::cli

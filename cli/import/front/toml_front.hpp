// import-site: Hugo's TOML front matter (`+++` ... `+++`), read into the
// same YAML node YAML front matter gives (toml_front.cpp says how much of
// TOML that is).
#pragma once

#include <string_view>

#include "cli/import/front/jekyll.hpp"

namespace vitae::cli {

// Throws Error "line N: TOML: ..." when it cannot be read; a
// text not starting with +++ is all body.
FrontMatterFile split_toml_front_matter(std::string_view text);

// A whole TOML file (a Hugo site's config.toml, params.toml) as that node;
// throws Error "line N: ..." likewise.
YAML::Node read_toml(std::string_view text);

}  // namespace vitae::cli

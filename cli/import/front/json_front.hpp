// import-site: Hugo's JSON front matter (a JSON object that opens the file,
// `{ "title": "..." }`), read into the same YAML node YAML and TOML front
// matter give: JSON is YAML's flow style, so yaml-cpp reads it as written.
#pragma once

#include <string_view>

#include "cli/import/front/jekyll.hpp"

namespace vitae::cli {

// Throws Error "line N: JSON front matter: ..." when the object is never
// closed or not a map; a text not starting with '{' is all body.
FrontMatterFile split_json_front_matter(std::string_view text);

}  // namespace vitae::cli

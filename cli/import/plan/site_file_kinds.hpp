// What a file of a site's tree is, by where it sits and its name alone:
// the generator's machinery, or which kind of the owner's content. The
// ledger (site_ledger.cpp) asks; one table per question, here only.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace vitae::cli {

// The part of the generator `file` (relative, '/'-separated) belongs to:
// "a layout", "the theme's styles"...; none when it may be the owner's.
std::optional<std::string> machinery_part(std::string_view file);

// What a file that is not machinery may hold of the owner's.
enum class Holds { page, data, bibliography, document, nothing_known };
Holds what_it_holds(std::string_view file);

}  // namespace vitae::cli

// import-site: the owner as the themes mark them in author lists
// (site_owner.cpp), kept as the profile's name variants.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "bibtex/bibtex.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/plan/site_plan.hpp"

namespace vitae::cli {

// `spelling` as a name variant of the owner unless the owner's names match
// it already; reported with `mark`, what said it is the owner.
void add_owner_variant(SitePlan& plan, const std::filesystem::path& file, const std::string& spelling,
                       std::string_view mark);

// Hugo Blox / Wowchemy: the cite.bib author where the page's front-matter
// `authors:` has `admin` (or `me`), when both lists are as long, is the
// owner; when they differ and no author is the owner's name, reported.
void read_owner_in_bib(SitePlan& plan, const std::filesystem::path& page, const YAML::Node& front,
                       const BibEntry& entry, const std::filesystem::path& bib);

// The names in <strong>, <b>, **...** or __...__ of an author list as
// written (HTML or Markdown), as text.
std::vector<std::string> bold_names(std::string_view raw);

// One author of a list as sanitized text: markdown bold removed, a
// trailing `*` (academicpages' <sup>*</sup>) made equal contribution.
Author marked_author(std::string_view written);

// is_owner for the authors a bold name or the owner's names match; each
// bold one kept as a variant.
void mark_owner(SitePlan& plan, const std::filesystem::path& file, std::vector<Author>& authors,
                const std::vector<std::string>& bold);

}  // namespace vitae::cli

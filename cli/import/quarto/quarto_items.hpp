// The parts of a Quarto website's reading (quarto.hpp says what is read):
// the owner (quarto_owner.cpp), the listings' items (quarto_listing.cpp)
// and the .bib files the pages read (quarto_bib.cpp).
#pragma once

#include <filesystem>
#include <set>
#include <vector>

#include "cli/import/front/jekyll.hpp"
#include "cli/import/plan/site_languages.hpp"
#include "cli/import/plan/site_plan.hpp"

namespace vitae::cli {

// A page of the site's source (.qmd, .md), its front matter read.
struct QuartoPage {
    std::filesystem::path file;
    FrontMatterFile read;
    FileLanguage language;
};

void read_quarto_owner(SitePlan& plan, const std::vector<QuartoPage>& pages);
// The items of `page`'s listing not taken by another listing already.
void read_quarto_listing(SitePlan& plan, const QuartoPage& page, std::set<std::filesystem::path>& taken);
void read_quarto_bibliographies(SitePlan& plan, const std::vector<QuartoPage>& pages);

// What a listing or a page holds by its name and title: "post", "project",
// "talk", "publication", "software"; "" for none of these.
std::string quarto_kind(const QuartoPage& page);

}  // namespace vitae::cli

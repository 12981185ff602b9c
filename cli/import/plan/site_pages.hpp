// Pages of the owner's own: any page of the tree that no reader mapped to a
// structured kind (a teaching page written as Markdown, "Join the lab", a
// project page under _pages/) becomes a Vitae page, whole: its title, its
// body as Markdown (or sanitized HTML), in the menu when the generator put
// it there (al-folio's `nav: true`, Hugo's `menu:`), its links to the
// site's files stored and pointed at /files/<name>, its links to the
// other pages imported pointed at their new address.
#pragma once

#include <filesystem>
#include <vector>

#include "cli/import/plan/site_plan.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

// Each of `files` (pages of the tree the ledger would call not understood)
// read into plan.pages, noted as imported or, when it cannot be a page
// (its slug is a route's), skipped with why.
void read_owner_pages(SitePlan& plan, const std::vector<std::filesystem::path>& files);

// Inside the import's transaction, after the other rows: each page with its
// links rewritten (site files stored), through the pages' writer.
void write_owner_pages(const Db& db, SitePlan& plan);

}  // namespace vitae::cli

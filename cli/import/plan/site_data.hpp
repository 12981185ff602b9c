// Data files read by their shape, not their name: Jekyll's _data/*.yml,
// *.yaml, *.json and Hugo's data/ hold talks, courses, news or a CV under
// any name (talks.yml, invited.yml, teaching.json, cv.json). A list whose
// items nearly all (nine in ten) have
//   a title, a date and an event or place, and no authors    -> talks
//   a title and a term (or semester, quarter)                -> teaching rows
//   a date and a text, and no title                           -> news
//   a title and a link and little else                        -> a menu (machinery)
// and an object with `basics` and `work` or `education` -> a JSON Resume.
// A file of no known shape is left to the ledger: not understood, the owner's.
#pragma once

#include <filesystem>

#include "cli/import/plan/site_plan.hpp"

namespace vitae::cli {

// Every data file under `folder` that no reader has noted yet.
void read_data_files(SitePlan& plan, const std::filesystem::path& folder);

}  // namespace vitae::cli

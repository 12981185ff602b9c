// JSON Resume (jsonresume.org, v1.0.0), wherever a site keeps it: al-folio's
// assets/json/resume.json, or a data file of that shape (site_data.cpp).
#pragma once

#include <filesystem>

#include "cli/import/plan/site_plan.hpp"

namespace vitae::cli {

// education, work (experience), volunteer (service) and awards rows; the
// sections Vitae has no place for reported; the theme's example resume left
// out as demo. Every outcome noted on `file`.
void read_json_resume(SitePlan& plan, const std::filesystem::path& file);

}  // namespace vitae::cli

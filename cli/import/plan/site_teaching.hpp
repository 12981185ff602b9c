// Teaching rows, from any theme: a course page, or a row with its role.
#pragma once

#include <filesystem>
#include <string>

#include "cli/import/plan/site_plan.hpp"

namespace vitae::cli {

void read_teaching(SitePlan& plan);      // _teaching (academicpages)
void add_teaching(SitePlan& plan, Teaching row, std::string role);
void read_teaching_page(SitePlan& plan, const std::filesystem::path& file);  // one course page, any theme

}  // namespace vitae::cli

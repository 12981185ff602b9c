// The readers of a Jekyll site (al-folio, academicpages): each fills its part
// of the plan from the files it knows, reporting every file.
#pragma once

#include <filesystem>

#include "cli/import/plan/site_plan.hpp"

namespace vitae::cli {

void read_profile(SitePlan& plan);       // _config.yml, the about page
void read_posts(SitePlan& plan);         // _posts
void read_publications(SitePlan& plan);  // _publications (academicpages)
void read_cv(SitePlan& plan);            // _data/cv.yml, assets/json/resume.json
void read_talks(SitePlan& plan);         // _talks (academicpages)
void read_news(SitePlan& plan);          // _news (al-folio)
void read_projects(SitePlan& plan);      // _projects (al-folio), _portfolio (academicpages)

}  // namespace vitae::cli

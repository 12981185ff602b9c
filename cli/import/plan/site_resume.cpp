// JSON Resume read with nlohmann-json (Debian's nlohmann-json3-dev:
// header-only, well kept).
#include "cli/import/plan/site_resume.hpp"

#include <nlohmann/json.hpp>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/plan/site_demo.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// "2019-09-01" or "2019-09" -> "2019-09"; "2019" -> "2019-01".
std::string resume_month(std::string_view date) {
    if (auto month = site_month(date)) return *month;
    if (date.size() == 4) return std::string(date) + "-01";
    return {};
}

std::string json_text(const nlohmann::json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

void read_json_resume(SitePlan& plan, const fs::path& file) {
    nlohmann::json resume;
    try {
        resume = nlohmann::json::parse(read_site_file(file));
    } catch (const std::exception& e) {
        return plan.note(SiteNote::Outcome::skipped, file, e.what());
    }
    if (!resume.is_object()) return plan.note(SiteNote::Outcome::skipped, file, "not a JSON Resume object");
    if (resume.contains("basics") && is_demo_cv_name(json_text(resume["basics"], "name")) &&
        !plan.keep_demo(file, "the theme's example resume (" + json_text(resume["basics"], "name") + ")"))
        return;
    for (const auto& e : resume.value("education", nlohmann::json::array())) {
        int from = std::atoi(json_text(e, "startDate").substr(0, 4).c_str()), to = std::atoi(json_text(e, "endDate").substr(0, 4).c_str());
        std::string degree = json_text(e, "studyType") + (json_text(e, "area").empty() ? "" : " " + json_text(e, "area"));
        if (from == 0) {
            plan.note(SiteNote::Outcome::warning, file, "education " + in_quotes(json_text(e, "institution")) + ": no startDate; left out");
            continue;
        }
        plan.profile.education.push_back({from, to == 0 ? from : to, std::string(trim(degree)), json_text(e, "institution")});
    }
    for (const auto& w : resume.value("work", nlohmann::json::array())) {
        std::string start = resume_month(json_text(w, "startDate"));
        std::string organization = json_text(w, "name").empty() ? json_text(w, "company") : json_text(w, "name");
        if (start.empty()) {
            plan.note(SiteNote::Outcome::warning, file, "work " + in_quotes(organization) + ": no startDate; left out");
            continue;
        }
        plan.profile.experiences.push_back({organization, json_text(w, "location"), json_text(w, "position"), start,
                                            resume_month(json_text(w, "endDate"))});
    }
    for (const auto& v : resume.value("volunteer", nlohmann::json::array()))
        plan.profile.services.push_back({json_text(v, "position"), json_text(v, "organization")});
    for (const auto& a : resume.value("awards", nlohmann::json::array())) {
        std::string name(trim(json_text(a, "title")));
        if (name.empty()) continue;
        int year = std::atoi(json_text(a, "date").substr(0, 4).c_str());
        plan.awards.push_back({year == 0 ? std::nullopt : std::optional<int>(year), name, json_text(a, "awarder")});
    }
    for (const char* other : {"publications", "skills", "languages", "interests", "references", "projects",
                              "certificates"})
        if (resume.contains(other) && !resume[other].empty())
            plan.note(SiteNote::Outcome::skipped, file, std::string(other) + ": Vitae has no place for them yet");
    plan.note(SiteNote::Outcome::imported, file, "CV: education, work, volunteer and award rows");
}


}  // namespace vitae::cli

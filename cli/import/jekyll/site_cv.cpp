// import-site: CV data, al-folio's _data/cv.yml (sections of type
// time_table) or JSON Resume's assets/json/resume.json (nlohmann-json,
// Debian's nlohmann-json3-dev: header-only, well kept), into education,
// experience, service, teaching (with the role when the row names one) and
// awards. What has no table yet is reported by section.
#include <nlohmann/json.hpp>

#include <regex>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/jekyll/readers.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_teaching.hpp"
#include "cli/import/plan/site_text.hpp"
#include "render/text/sanitize.hpp"

namespace vitae::cli {

namespace {

namespace fs = std::filesystem;

// "2018 - 2022", "2018 – Present", "2018": the first and last year (0: none).
std::pair<int, int> years_of(std::string_view text) {
    static const std::regex year("(19|20)[0-9]{2}");
    std::string t(text);
    std::vector<int> found;
    for (auto it = std::sregex_iterator(t.begin(), t.end(), year); it != std::sregex_iterator(); ++it)
        found.push_back(std::stoi(it->str()));
    if (found.empty()) return {0, 0};
    bool open = ascii_lower(t).find("present") != std::string::npos || ascii_lower(t).find("now") != std::string::npos;
    return {found.front(), open ? 0 : found.back()};
}

std::string month_of(int year) { return year > 0 ? std::to_string(year) + "-01" : ""; }

// "2019-09-01" or "2019-09" -> "2019-09"; "2019" -> "2019-01".
std::string month_of(std::string_view date) {
    if (date.size() >= 7 && date[4] == '-') return std::string(date.substr(0, 7));
    if (date.size() == 4) return std::string(date) + "-01";
    return {};
}

bool is_awards(std::string_view s) { return s.find("award") != std::string::npos || s.find("honor") != std::string::npos; }

// al-folio's awards: a year with `items` (names), or a row of its own.
void award_rows(SitePlan& plan, const YAML::Node& row) {
    auto [from, to] = years_of(yaml_text(row, "year"));
    std::optional<int> year = from == 0 ? std::nullopt : std::optional<int>(from);
    if (yaml_child(row, "items").IsSequence()) {
        for (const auto& item : yaml_child(row, "items"))
            if (std::string name(trim(sanitized_text(item.as<std::string>("")))); !name.empty())
                plan.awards.push_back({year, name, ""});
        return;
    }
    std::string name(trim(sanitized_text(yaml_text(row, "title"))));
    if (!name.empty()) plan.awards.push_back({year, name, std::string(trim(sanitized_text(yaml_text(row, "institution"))))});
}

void time_table_row(SitePlan& plan, const fs::path& file, std::string_view section, const YAML::Node& row) {
    std::string title = sanitized_text(yaml_text(row, "title"));
    std::string where = sanitized_text(yaml_text(row, "institution"));
    auto [from, to] = years_of(yaml_text(row, "year"));
    std::string s = ascii_lower(section);
    if (is_awards(s)) {
        award_rows(plan, row);
    } else if (s.find("teaching") != std::string::npos) {
        std::string term = where + (where.empty() || from == 0 ? "" : ", ") + (from == 0 ? "" : std::to_string(from));
        add_teaching(plan, {"", title, term, ""}, teaching_role(yaml_text(row, "role"), yaml_text(row, "description")));
    } else if (s.find("education") != std::string::npos) {
        if (from == 0) return plan.note(SiteNote::Kind::warning, file, "education " + in_quotes(title) + ": no year; left out");
        plan.profile.education.push_back({from, to == 0 ? from : to, title, where});
    } else if (s.find("service") != std::string::npos) {
        plan.profile.services.push_back({title, where});
    } else if (s.find("experience") != std::string::npos || s.find("employment") != std::string::npos ||
               s.find("positions") != std::string::npos) {
        if (from == 0) return plan.note(SiteNote::Kind::warning, file, "experience " + in_quotes(title) + ": no year; left out");
        plan.profile.experiences.push_back({where, "", title, month_of(from), to == 0 ? "" : month_of(to)});
        plan.note(SiteNote::Kind::warning, file, "experience " + in_quotes(title) + ": cv.yml gives years only; January assumed");
    }
}

bool read_cv_yml(SitePlan& plan, const fs::path& file) {
    YAML::Node cv;
    try {
        cv = YAML::Load(read_site_file(file));
    } catch (const std::exception& e) {
        plan.note(SiteNote::Kind::skipped, file, e.what());
        return false;
    }
    if (!cv.IsSequence()) {
        plan.note(SiteNote::Kind::skipped, file, "not a list of sections (al-folio's cv.yml layout)");
        return false;
    }
    for (const auto& section : cv)
        if (yaml_text(section, "type") == "map" && section["contents"].IsSequence())
            for (const auto& item : section["contents"])
                if (yaml_text(item, "name") == "Full Name" && is_demo_cv_name(yaml_text(item, "value")) &&
                    !plan.keep_demo(file, "the theme's example CV (" + yaml_text(item, "value") + ")"))
                    return false;
    for (const auto& section : cv) {
        std::string title = yaml_text(section, "title");
        std::string s = ascii_lower(title);
        bool mapped = s.find("education") != std::string::npos || s.find("service") != std::string::npos || is_awards(s) ||
                      s.find("teaching") != std::string::npos ||
                      s.find("experience") != std::string::npos || s.find("employment") != std::string::npos ||
                      s.find("positions") != std::string::npos;
        if (!mapped || yaml_text(section, "type") != "time_table" || !section["contents"].IsSequence()) {
            plan.note(SiteNote::Kind::skipped, file, "section " + in_quotes(title) + ": Vitae has no place for it yet");
            continue;
        }
        for (const auto& row : section["contents"]) time_table_row(plan, file, title, row);
    }
    plan.note(SiteNote::Kind::imported, file, "CV: education, experience, service, teaching and award rows");
    return true;
}

std::string json_text(const nlohmann::json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void read_resume_json(SitePlan& plan, const fs::path& file) {
    nlohmann::json resume;
    try {
        resume = nlohmann::json::parse(read_site_file(file));
    } catch (const std::exception& e) {
        return plan.note(SiteNote::Kind::skipped, file, e.what());
    }
    if (!resume.is_object()) return plan.note(SiteNote::Kind::skipped, file, "not a JSON Resume object");
    if (resume.contains("basics") && is_demo_cv_name(json_text(resume["basics"], "name")) &&
        !plan.keep_demo(file, "the theme's example resume (" + json_text(resume["basics"], "name") + ")"))
        return;
    for (const auto& e : resume.value("education", nlohmann::json::array())) {
        int from = std::atoi(json_text(e, "startDate").substr(0, 4).c_str()), to = std::atoi(json_text(e, "endDate").substr(0, 4).c_str());
        std::string degree = json_text(e, "studyType") + (json_text(e, "area").empty() ? "" : " " + json_text(e, "area"));
        if (from == 0) {
            plan.note(SiteNote::Kind::warning, file, "education " + in_quotes(json_text(e, "institution")) + ": no startDate; left out");
            continue;
        }
        plan.profile.education.push_back({from, to == 0 ? from : to, std::string(trim(degree)), json_text(e, "institution")});
    }
    for (const auto& w : resume.value("work", nlohmann::json::array())) {
        std::string start = month_of(json_text(w, "startDate"));
        std::string organization = json_text(w, "name").empty() ? json_text(w, "company") : json_text(w, "name");
        if (start.empty()) {
            plan.note(SiteNote::Kind::warning, file, "work " + in_quotes(organization) + ": no startDate; left out");
            continue;
        }
        plan.profile.experiences.push_back({organization, json_text(w, "location"), json_text(w, "position"), start,
                                            month_of(json_text(w, "endDate"))});
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
            plan.note(SiteNote::Kind::skipped, file, std::string(other) + ": Vitae has no place for them yet");
    plan.note(SiteNote::Kind::imported, file, "CV: education, work, volunteer and award rows");
}

}  // namespace

void read_cv(SitePlan& plan) {
    fs::path yml = plan.dir / "_data" / "cv.yml", json = plan.dir / "assets" / "json" / "resume.json";
    bool from_yml = fs::exists(yml) && read_cv_yml(plan, yml);
    if (!fs::exists(json)) return;
    if (from_yml) return plan.note(SiteNote::Kind::skipped, json, "_data/cv.yml gave the CV already (al-folio shows one of them)");
    read_resume_json(plan, json);
}

}  // namespace vitae::cli

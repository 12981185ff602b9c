// import-site: CV data, al-folio's _data/cv.yml (sections of type
// time_table) or JSON Resume's assets/json/resume.json (site_resume.cpp), into education,
// experience, service, teaching (with the role when the row names one) and
// awards. What has no table yet is reported by section.
#include <regex>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/jekyll/readers.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_resume.hpp"
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
        if (from == 0) return plan.note(SiteNote::Outcome::warning, file, "education " + in_quotes(title) + ": no year; left out");
        plan.profile.education.push_back({from, to == 0 ? from : to, title, where});
    } else if (s.find("service") != std::string::npos) {
        plan.profile.services.push_back({title, where});
    } else if (s.find("experience") != std::string::npos || s.find("employment") != std::string::npos ||
               s.find("positions") != std::string::npos) {
        if (from == 0) return plan.note(SiteNote::Outcome::warning, file, "experience " + in_quotes(title) + ": no year; left out");
        MonthSpan span = month_span(yaml_text(row, "year"));  // "2019.09 – present" keeps its months
        std::string start = span.start.empty() ? month_of(from) : span.start;
        std::string end = span.open ? "" : !span.end.empty() ? span.end : to == 0 ? "" : month_of(to);
        plan.profile.experiences.push_back({where, "", title, start, end});
        if (span.start.empty())
            plan.note(SiteNote::Outcome::warning, file, "experience " + in_quotes(title) + ": cv.yml gives years only; January assumed");
    }
}

bool read_cv_yml(SitePlan& plan, const fs::path& file) {
    YAML::Node cv;
    try {
        cv = YAML::Load(read_site_file(file));
    } catch (const std::exception& e) {
        plan.note(SiteNote::Outcome::skipped, file, e.what());
        return false;
    }
    if (!cv.IsSequence()) {
        plan.note(SiteNote::Outcome::skipped, file, "not a list of sections (al-folio's cv.yml layout)");
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
            plan.note(SiteNote::Outcome::skipped, file, "section " + in_quotes(title) + ": Vitae has no place for it yet");
            continue;
        }
        for (const auto& row : section["contents"]) time_table_row(plan, file, title, row);
    }
    plan.note(SiteNote::Outcome::imported, file, "CV: education, experience, service, teaching and award rows");
    return true;
}

}  // namespace

void read_cv(SitePlan& plan) {
    fs::path yml = plan.dir / "_data" / "cv.yml", json = plan.dir / "assets" / "json" / "resume.json";
    bool from_yml = fs::exists(yml) && read_cv_yml(plan, yml);
    if (!fs::exists(json)) return;
    if (from_yml) return plan.note(SiteNote::Outcome::skipped, json, "_data/cv.yml gave the CV already (al-folio shows one of them)");
    read_json_resume(plan, json);
}

}  // namespace vitae::cli

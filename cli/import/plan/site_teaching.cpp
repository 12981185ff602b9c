// import-site: teaching. academicpages' _teaching/*.md (title, type,
// venue, date), al-folio's _teachings/*.md course pages (title,
// course_id, year, term, instructor) and Hugo Blox content/teaching pages; the owner's role from front matter
// `role`, else from the words of the description ("Tutoring in ..." ->
// Tutor), else unnamed ('' : the page shows no role rather than a guess).
#include "cli/import/plan/site_teaching.hpp"
#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_text.hpp"
#include "cli/import/plan/site_title.hpp"
#include "render/text/sanitize.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

// The owner's role in a course: front matter `role`, else a word of the
// description that names one ("Tutoring in ..." -> Tutor); '' when none does.
std::string teaching_role(std::string_view role, std::string_view description) {
    if (!trim(role).empty()) return std::string(trim(role));
    std::string text = " " + ascii_lower(description) + " ";
    static constexpr std::pair<const char*, const char*> words[] = {
        {"teaching assistant", "Teaching Assistant"}, {" ta ", "Teaching Assistant"}, {" ta,", "Teaching Assistant"},
        {"instructor", "Instructor"}, {"lecturer", "Lecturer"}, {"co-tutor", "Tutor"}, {"tutor", "Tutor"},
        {"grader", "Grader"}, {"guest lecture", "Guest Lecturer"}};
    for (auto [word, name] : words)
        if (text.find(word) != std::string::npos) return name;
    return {};
}

void add_teaching(SitePlan& plan, Teaching row, std::string role) {
    row.role = std::move(role);
    plan.profile.teaching.push_back(std::move(row));
}

void read_teaching_page(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    std::string title = std::string(trim(yaml_text(read->front, "title")));
    if (is_demo_teaching(title) && !plan.keep_demo(file, "the theme's example " + in_quotes(title))) return;
    if (clean_title(title).empty()) title = first_heading(read->body);
    if (clean_title(title).empty()) return plan.note(SiteNote::Outcome::skipped, file, "no title, in front matter or as a heading");
    Teaching t;
    t.title = clean_title(title);
    const YAML::Node& f = read->front;
    std::string type = yaml_text(f, "type");
    if (type == "docs" || type == "book" || type == "page" || type == "landing") type.clear();  // Hugo's layout, not a kind of course
    t.course = sanitized_text(type.empty() ? yaml_text(f, "course_id") : type);
    std::string venue = sanitized_text(yaml_text(f, "venue"));
    if (!yaml_text(f, "year").empty()) {  // al-folio: term: Fall, year: 2024
        t.term = std::string(trim(sanitized_text(yaml_text(f, "term") + " " + yaml_text(f, "year"))));
    } else {
        std::string date = date_of(plan, file, *read);
        t.term = venue.empty() ? date.substr(0, 4) : venue + (date.empty() ? "" : ", " + date.substr(0, 4));
    }
    if (!trim(read->body).empty())
        plan.note(SiteNote::Outcome::warning, file, "its description is not stored: teaching rows have none yet");
    std::string role = teaching_role(sanitized_text(yaml_text(f, "role")), read->body);
    if (std::string instructor = sanitized_text(yaml_text(f, "instructor")); role.empty() && !instructor.empty())
        if (owner_names_of(plan).match(instructor)) role = "Instructor";  // al-folio names the course's instructor
    plan.note(SiteNote::Outcome::imported, file,
              "teaching " + in_quotes(t.title) + (role.empty() ? ", no role named" : ", role " + in_quotes(role)));
    add_teaching(plan, std::move(t), std::move(role));
    plan.source("teaching", plan.profile.teaching.size(), file);
}

void read_teaching(SitePlan& plan) {
    for (const char* folder : {"_teaching", "_teachings"})
        for (const auto& file : site_files(plan.dir / folder, {".md", ".markdown", ".html"})) read_teaching_page(plan, file);
}

}  // namespace vitae::cli

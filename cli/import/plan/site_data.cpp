#include "cli/import/plan/site_data.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/front/toml_front.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_resume.hpp"
#include "cli/import/plan/site_teaching.hpp"
#include "cli/import/plan/site_text.hpp"
#include "render/text/sanitize.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

bool data_digit(char c) { return c >= '0' && c <= '9'; }

using Keys = std::initializer_list<const char*>;
const Keys title_keys = {"title", "name", "talk", "course", "topic"};
const Keys date_keys = {"date", "when", "time", "year"};
const Keys event_keys = {"event", "conference", "meeting", "venue", "host", "seminar", "workshop"};
const Keys place_keys = {"location", "place", "where", "city"};
const Keys term_keys = {"term", "semester", "quarter", "session", "terms"};
const Keys text_keys = {"text", "content", "description", "news", "headline", "body", "markdown"};
const Keys link_keys = {"url", "link", "href", "permalink"};
const Keys paper_keys = {"authors", "author", "doi", "journal", "booktitle", "bibtex"};

// The first of `keys` the item has as a non-empty scalar, as written; "" when none.
std::string item_text(const YAML::Node& item, Keys keys) {
    for (const char* key : keys)
        if (std::string value(trim(yaml_text(item, key))); !value.empty()) return value;
    return {};
}

bool has_key(const YAML::Node& item, Keys keys) {
    for (const char* key : keys)
        if (yaml_child(item, key).IsDefined() && !yaml_child(item, key).IsNull()) return true;
    return false;
}

// The item's day: a date Jekyll reads, else its year's first day ("2021":
// 2021-01-01, and `approximate` says so); "" when neither.
std::string item_date(const YAML::Node& item, bool& approximate) {
    std::string written = item_text(item, date_keys);
    approximate = false;
    if (auto date = jekyll_date(written)) return *date;
    if (written.size() >= 4 && std::all_of(written.begin(), written.begin() + 4, data_digit) &&
        (written.size() == 4 || !data_digit(written[4]))) {
        approximate = true;
        return written.substr(0, 4) + "-01-01";
    }
    return {};
}

enum class Shape { talks, courses, news, menu, none };

Shape shape_of(const YAML::Node& list) {
    if (!list.IsSequence() || list.size() == 0) return Shape::none;
    std::size_t maps = 0, talks = 0, courses = 0, news = 0, menu = 0;
    for (const auto& item : list) {
        if (!item.IsMap()) return Shape::none;
        ++maps;
        bool approximate = false;
        bool titled = !item_text(item, title_keys).empty(), dated = !item_date(item, approximate).empty();
        bool held = !item_text(item, event_keys).empty() || !item_text(item, place_keys).empty();
        talks += titled && dated && held && !has_key(item, paper_keys);
        courses += titled && !item_text(item, term_keys).empty();
        news += dated && !titled && !item_text(item, text_keys).empty();
        menu += titled && !dated && !item_text(item, link_keys).empty() && item.size() <= 4;
    }
    std::size_t needed = std::max<std::size_t>(1, (maps * 9 + 9) / 10);
    if (talks >= needed) return Shape::talks;
    if (courses >= needed) return Shape::courses;
    if (news >= needed) return Shape::news;
    if (menu >= needed) return Shape::menu;
    return Shape::none;
}

// An http(s) link or a path on the site, as a talk row takes it; else "".
std::string talk_link(const YAML::Node& item, Keys keys) {
    std::string url = item_text(item, keys);
    bool usable = url.starts_with("https://") || url.starts_with("http://") || (url.starts_with('/') && !url.starts_with("//"));
    return usable ? url : std::string();
}

std::size_t read_talks(SitePlan& plan, const fs::path& file, const YAML::Node& list) {
    std::size_t read = 0;
    for (const auto& item : list) {
        bool approximate = false;
        Talk t;
        t.title = std::string(trim(sanitized_text(item_text(item, title_keys))));
        t.date = item_date(item, approximate);
        if (t.title.empty() || t.date.empty()) {
            plan.note(SiteNote::Outcome::warning, file, "talk " + in_quotes(t.title) + ": no title or no date; left out");
            continue;
        }
        if (approximate) plan.note(SiteNote::Outcome::warning, file, "talk " + in_quotes(t.title) + ": a year only; 1 January assumed");
        t.event = sanitized_text(item_text(item, event_keys));
        t.place = sanitized_text(item_text(item, place_keys));
        t.url_slides = talk_link(item, {"slides", "url_slides", "slides_url", "slides_link"});
        t.url_video = talk_link(item, {"video", "url_video", "video_url", "recording"});
        t.url_event = talk_link(item, {"url", "link", "event_url", "talk_url", "website"});
        t.abstract = markdown_for_import(plan, file, item_text(item, {"abstract", "description", "summary"}), 1);
        plan.talks.push_back(std::move(t));
        ++read;
    }
    return read;
}

std::size_t read_courses(SitePlan& plan, const fs::path& file, const YAML::Node& list) {
    std::size_t read = 0;
    for (const auto& item : list) {
        Teaching t;
        t.title = std::string(trim(sanitized_text(item_text(item, title_keys))));
        if (t.title.empty()) {
            plan.note(SiteNote::Outcome::warning, file, "a course with no title; left out");
            continue;
        }
        t.course = sanitized_text(item_text(item, {"code", "course_id", "number", "id"}));
        std::string term = item_text(item, term_keys), year = item_text(item, {"year"});
        if (!year.empty() && term.find(year) == std::string::npos) term += (term.empty() ? "" : " ") + year;
        if (std::string where = item_text(item, {"institution", "university", "school", "venue"}); !where.empty())
            term = where + (term.empty() ? "" : ", " + term);
        t.term = sanitized_text(term);
        add_teaching(plan, std::move(t), teaching_role(item_text(item, {"role", "position"}), item_text(item, text_keys)));
        ++read;
    }
    return read;
}

std::size_t read_news(SitePlan& plan, const fs::path& file, const YAML::Node& list) {
    std::size_t read = 0;
    for (const auto& item : list) {
        bool approximate = false;
        News n;
        n.date = item_date(item, approximate);
        n.markdown = markdown_for_import(plan, file, item_text(item, text_keys), 1);
        if (n.date.empty() || trim(n.markdown).empty()) continue;
        plan.news.push_back(std::move(n));
        ++read;
    }
    return read;
}

// The theme's interface strings: a map of language codes to maps of texts.
bool is_interface_strings(const YAML::Node& root) {
    if (!root.IsMap() || root.size() == 0) return false;
    for (const auto& pair : root) {
        std::string key = pair.first.as<std::string>("");
        if (key.size() < 2 || key.size() > 7 || !std::isalpha(static_cast<unsigned char>(key[0])) || !pair.second.IsMap()) return false;
    }
    return true;
}

YAML::Node load_data(const fs::path& file) {
    std::string text = read_site_file(file);
    return file.extension() == ".toml" ? read_toml(text) : YAML::Load(text);  // JSON is YAML to yaml-cpp
}

void read_data_file(SitePlan& plan, const fs::path& file) {
    std::string text = read_site_file(file);
    if (is_demo_data(text) && !plan.keep_demo(file, "the theme's example data")) return;
    YAML::Node root = load_data(file);
    if (root.IsMap() && yaml_child(root, "basics").IsMap() && file.extension() == ".json")
        return read_json_resume(plan, file);
    if (is_interface_strings(root))
        return plan.note(SiteNote::Outcome::machinery, file, "the theme's interface strings, by language");
    std::vector<std::pair<std::string, YAML::Node>> lists;  // the file's lists: itself, or each key's
    if (root.IsSequence()) lists.push_back({"", root});
    else if (root.IsMap())
        for (const auto& pair : root)
            if (pair.second.IsSequence()) lists.push_back({pair.first.as<std::string>(""), pair.second});
    std::vector<std::string> read, unread;
    bool menu = false;
    for (const auto& [key, list] : lists) {
        std::string named = key.empty() ? "" : " (" + key + ")";
        switch (shape_of(list)) {
            case Shape::talks: read.push_back(std::to_string(read_talks(plan, file, list)) + " talks" + named); break;
            case Shape::courses: read.push_back(std::to_string(read_courses(plan, file, list)) + " teaching rows" + named); break;
            case Shape::news: read.push_back(std::to_string(read_news(plan, file, list)) + " news" + named); break;
            case Shape::menu: menu = true; break;
            case Shape::none: unread.push_back(key.empty() ? "the list" : key); break;
        }
    }
    if (read.empty() && menu && unread.empty())
        return plan.note(SiteNote::Outcome::machinery, file, "a menu of links (title, url): Vitae makes its menu from the content");
    if (read.empty()) return;  // of no shape import-site reads: the ledger says so
    std::string what;
    for (const auto& r : read) what += (what.empty() ? "" : ", ") + r;
    plan.note(SiteNote::Outcome::imported, file, what + ", read by the shape of its items");
    for (const auto& key : unread)
        plan.note(SiteNote::Outcome::warning, file, "list " + in_quotes(key) + ": of no shape import-site reads; left out");
}

}  // namespace

void read_data_files(SitePlan& plan, const fs::path& folder) {
    std::set<std::string> noted;
    for (const auto& note : plan.notes) noted.insert(note.file);
    for (const auto& file : site_files(folder, {".yml", ".yaml", ".json", ".toml"})) {
        if (noted.count(plan.relative(file))) continue;
        try {
            read_data_file(plan, file);
        } catch (const YAML::Exception& e) {
            plan.note(SiteNote::Outcome::skipped, file, "not YAML, JSON or TOML: " + e.msg, e.mark.line + 1);
        } catch (const Error& e) {
            plan.note(SiteNote::Outcome::skipped, file, e.what());
        }
    }
}

}  // namespace vitae::cli

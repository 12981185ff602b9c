// What `vitae import-site` needs to read a Jekyll site's files as Jekyll
// does: the YAML front matter between `---` lines (yaml-cpp, Debian's
// libyaml-cpp-dev: YAML's anchors, folded strings and quoting are not worth
// writing again), dates in the forms Jekyll accepts (front matter or the file
// name's prefix), and Liquid, which we cannot run: each tag is reported with
// its line and removed, the text around it kept; the few whose meaning is
// plain (raw, highlight, the site's base URL) are translated.
#pragma once

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vitae::cli {


// Throws Error naming the file when it cannot be read or is too large.
std::string read_site_file(const std::filesystem::path& path);

struct FrontMatterFile {
    YAML::Node front;     // a map (empty when the file has none)
    bool has_front = false;
    std::string body;
    int body_line = 1;    // the file's line where `body` starts
};

// Throws Error "line N: ..." when the front matter is not YAML or not a map.
FrontMatterFile split_front_matter(std::string_view text);

// The value of the map's key; a null node when absent or not a map (a
// missing key of a const node is an invalid one, that throws when asked).
YAML::Node yaml_child(const YAML::Node& map, const char* key);

// A scalar of the map as text; "" when absent, null or not a scalar.
std::string yaml_text(const YAML::Node& map, const char* key);

// "2024-01-02", "2024-1-2", "2024-01-02 10:00:00 +0100",
// "2024-01-02T10:00:00Z", "January 2, 2024", "2 Jan 2024" -> "2024-01-02";
// the day as written (Jekyll's time zone is not applied). nullopt otherwise.
std::optional<std::string> jekyll_date(std::string_view text);

// A month as CVs write it: "2019-09", "2019.09", "2019/9", "09/2019",
// "Sep 2019", "September, 2019", or any date jekyll_date reads -> "2019-09";
// nullopt otherwise (a bare year is no month: month_span keeps it a year).
std::optional<std::string> site_month(std::string_view text);

// A span as CVs and theme data write it: "2019.09 – present",
// "2018-01 - 2020-06", "2015 – 2019", "Sep 2019 to now". Each side a month
// when it names one (site_month), else only its year.
struct MonthSpan {
    std::string start, end;  // "YYYY-MM"; "" when that side names no month
    int start_year = 0, end_year = 0;  // 0: none
    bool open = false;       // "present", "now", "current"
};
MonthSpan month_span(std::string_view text);

// "2024-01-02-my-post" -> {"2024-01-02", "my-post"}; nullopt without a date.
struct DatedName {
    std::string date;
    std::string rest;
};
std::optional<DatedName> dated_file_name(std::string_view stem);

struct LiquidTag {
    int line = 0;
    std::string text;  // "{% include figure.html path=... %}"
};

// `body` with Liquid removed or translated, and every tag removed.
// `first_line` is the file's line number of body's first line.
struct LiquidStripped {
    std::string text;
    std::vector<LiquidTag> removed;
};
LiquidStripped strip_liquid(std::string_view body, int first_line);

}  // namespace vitae::cli

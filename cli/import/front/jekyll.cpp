#include "cli/import/front/jekyll.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <sstream>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"
#include "base/text.hpp"
#include "rules/date.hpp"

namespace vitae::cli {

namespace {

int line_of(std::string_view text, std::size_t offset) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

std::optional<int> number(std::string_view digits) {
    int value = 0;
    if (digits.empty()) return std::nullopt;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return value;
}

std::optional<std::string> ymd(int y, int m, int d) {
    char out[16];
    std::snprintf(out, sizeof out, "%04d-%02d-%02d", y, m, d);
    if (y < 1000 || y > 9999 || !is_date(out)) return std::nullopt;
    return std::string(out);
}

int month_named(std::string_view word) {
    static constexpr std::array<std::string_view, 12> months = {"jan", "feb", "mar", "apr", "may", "jun",
                                                                "jul", "aug", "sep", "oct", "nov", "dec"};
    std::string w = ascii_lower(word);
    if (w.size() < 3) return 0;
    for (std::size_t i = 0; i < months.size(); ++i)
        if (w.starts_with(months[i])) return static_cast<int>(i) + 1;
    return 0;
}

// Y-M-D at the start of `text`, then nothing or a time: "[ T]HH:MM...".
std::optional<std::string> numeric_date(std::string_view text) {
    std::size_t end = text.find_first_of(" T");
    std::string_view date = text.substr(0, end);
    std::string_view time = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    // The hour in one digit or two: Hugo (Go's time.Parse) and Jekyll (Ruby's Time.parse) both take "T8:30:00Z".
    std::size_t colon = time.find(':');
    if (!time.empty() && !((colon == 1 || colon == 2) && time.size() >= colon + 3 && is_ascii_digit(time[0]) &&
                           is_ascii_digit(time[colon - 1]) && is_ascii_digit(time[colon + 1]) && is_ascii_digit(time[colon + 2])))
        return std::nullopt;
    auto first = date.find('-'), second = date.rfind('-');
    if (first == std::string_view::npos || first == second) return std::nullopt;
    auto y = number(date.substr(0, first)), m = number(date.substr(first + 1, second - first - 1)),
         d = number(date.substr(second + 1));
    if (!y || !m || !d || first != 4) return std::nullopt;
    return ymd(*y, *m, *d);
}

// "January 2, 2024" or "2 Jan 2024".
std::optional<std::string> worded_date(std::string_view text) {
    std::string cleaned(text);
    std::replace(cleaned.begin(), cleaned.end(), ',', ' ');
    std::istringstream words(cleaned);
    std::string a, b, c;
    if (!(words >> a >> b >> c)) return std::nullopt;
    if (int m = month_named(a); m && number(b) && number(c)) return ymd(*number(c), m, *number(b));
    if (int m = month_named(b); m && number(a) && number(c)) return ymd(*number(c), m, *number(a));
    return std::nullopt;
}

}  // namespace

std::string read_site_file(const std::filesystem::path& path) { return read_whole_file(path, limits::max_site_file_bytes); }

FrontMatterFile split_front_matter(std::string_view text) {
    FrontMatterFile file;
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a BOM, as Windows editors write
    if (!(text.starts_with("---\n") || text.starts_with("---\r\n") || text == "---")) {
        file.body = std::string(text);
        return file;
    }
    std::size_t start = text.find('\n') + 1, pos = start, close = std::string_view::npos, after = text.size();
    while (pos < text.size()) {
        std::size_t eol = text.find('\n', pos);
        std::string_view line = text.substr(pos, eol == std::string_view::npos ? std::string_view::npos : eol - pos);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line == "---" || line == "...") {
            close = pos;
            after = eol == std::string_view::npos ? text.size() : eol + 1;
            break;
        }
        if (eol == std::string_view::npos) break;
        pos = eol + 1;
    }
    if (close == std::string_view::npos) throw Error("line 1: front matter opened with --- is never closed");
    file.has_front = true;
    try {
        file.front = YAML::Load(std::string(text.substr(start, close - start)));
    } catch (const YAML::Exception& e) {
        throw Error("line " + std::to_string(e.mark.line + 2) + ": front matter is not YAML: " + e.msg);
    }
    if (file.front.IsNull()) file.front = YAML::Node(YAML::NodeType::Map);
    if (!file.front.IsMap()) throw Error("line 2: front matter is not a map of names to values");
    file.body = std::string(text.substr(after));
    file.body_line = line_of(text, after);
    return file;
}

YAML::Node yaml_child(const YAML::Node& map, const char* key) {
    if (!map.IsMap()) return YAML::Node();
    YAML::Node value = map[key];
    return value ? value : YAML::Node();
}

std::string yaml_text(const YAML::Node& map, const char* key) {
    if (!map.IsMap()) return {};
    YAML::Node value = map[key];
    if (!value || !value.IsScalar()) return {};
    return value.Scalar();
}

std::optional<std::string> jekyll_date(std::string_view text) {
    std::string_view t = trim(text);
    if (t.empty()) return std::nullopt;
    if (auto d = numeric_date(t)) return d;
    return worded_date(t);
}

std::optional<std::string> site_month(std::string_view text) {
    std::string_view t = trim(text);
    if (auto day = jekyll_date(t)) return day->substr(0, 7);
    char out[8];
    // "2019-09", "2019.09", "2019/9": a year, a separator, a month.
    if (t.size() >= 6 && t.size() <= 7 && (t[4] == '-' || t[4] == '.' || t[4] == '/')) {
        auto y = number(t.substr(0, 4)), m = number(t.substr(5));
        if (!y || !m || *m < 1 || *m > 12 || *y < 1000) return std::nullopt;
        std::snprintf(out, sizeof out, "%04d-%02d", *y, *m);
        return std::string(out);
    }
    // "09/2019", "9.2019": a month, then the year.
    if (auto sep = t.find_first_of("./"); sep != std::string_view::npos && sep <= 2 && t.size() == sep + 5) {
        auto m = number(t.substr(0, sep)), y = number(t.substr(sep + 1));
        if (!y || !m || *m < 1 || *m > 12 || *y < 1000) return std::nullopt;
        std::snprintf(out, sizeof out, "%04d-%02d", *y, *m);
        return std::string(out);
    }
    // "Sep 2019", "September, 2019".
    std::string cleaned(t);
    std::replace(cleaned.begin(), cleaned.end(), ',', ' ');
    std::istringstream words(cleaned);
    std::string a, b, rest;
    if (words >> a >> b && !(words >> rest))
        if (int m = month_named(a); m && number(b) && *number(b) >= 1000 && *number(b) <= 9999) {
            std::snprintf(out, sizeof out, "%04d-%02d", *number(b), m);
            return std::string(out);
        }
    return std::nullopt;
}

MonthSpan month_span(std::string_view text) {
    MonthSpan span;
    std::string t(trim(text));
    // The dashes people put between two dates: "-", "–", "—", "to"; a hyphen inside "2019-09" is not one.
    std::size_t at = std::string::npos, width = 0;
    for (std::string_view dash : {" - ", "\xE2\x80\x93", "\xE2\x80\x94", " to ", "--"})
        if (auto found = t.find(dash); found != std::string::npos && found < at) at = found, width = dash.size();
    if (at == std::string::npos && t.size() == 9 && t[4] == '-' && number(t.substr(0, 4)) && number(t.substr(5)))
        at = 4, width = 1;  // "2015-2019": two years, not a month
    std::string from(trim(std::string_view(t).substr(0, at)));
    std::string to = at == std::string::npos ? "" : std::string(trim(std::string_view(t).substr(at + width)));
    auto year_only = [](std::string_view s) { return s.size() == 4 && number(s) ? std::optional<int>(*number(s)) : std::nullopt; };
    auto read = [&](const std::string& side, std::string& month, int& year) {
        if (auto m = site_month(side)) {
            month = *m;
            year = std::atoi(m->substr(0, 4).c_str());
        } else if (auto y = year_only(side)) {
            year = *y;
        }
    };
    read(from, span.start, span.start_year);
    std::string lower = ascii_lower(to);
    span.open = lower == "present" || lower == "now" || lower == "today" || lower == "current" || lower == "ongoing";
    if (!span.open) read(to, span.end, span.end_year);
    return span;
}

std::optional<DatedName> dated_file_name(std::string_view stem) {
    // Jekyll: (\d{2,4}-\d{1,2}-\d{1,2})-(.*); we want four-digit years.
    std::size_t dashes = 0, i = 0;
    for (; i < stem.size() && dashes < 3; ++i)
        if (stem[i] == '-') ++dashes;
    if (dashes < 3) return std::nullopt;
    auto date = numeric_date(stem.substr(0, i - 1));
    if (!date) return std::nullopt;
    return DatedName{*date, std::string(stem.substr(i))};
}

LiquidStripped strip_liquid(std::string_view body, int first_line) {
    std::string out;
    std::vector<LiquidTag> removed;
    std::size_t pos = 0;
    bool in_raw = false;
    while (pos < body.size()) {
        std::size_t open = body.find('{', pos);
        if (open == std::string_view::npos || open + 1 >= body.size()) break;
        char kind = body[open + 1];
        std::string_view closer = kind == '%' ? "%}" : kind == '{' ? "}}" : "";
        std::size_t close = closer.empty() ? std::string_view::npos : body.find(closer, open + 2);
        if (close == std::string_view::npos) {
            out += body.substr(pos, open + 1 - pos);
            pos = open + 1;
            continue;
        }
        std::string_view tag = body.substr(open, close + 2 - open);
        std::string inner = std::string(trim(body.substr(open + 2, close - open - 2)));
        if (!inner.empty() && inner.front() == '-') inner.erase(0, 1);  // {%- -%}: whitespace control
        if (!inner.empty() && inner.back() == '-') inner.pop_back();
        inner = std::string(trim(inner));
        std::string name = inner.substr(0, inner.find_first_of(" \t\n"));
        out += body.substr(pos, open - pos);
        pos = close + 2;
        if (in_raw) {
            if (kind == '%' && name == "endraw") in_raw = false;
            else out += tag;
            continue;
        }
        if (kind == '%' && name == "raw") {
            in_raw = true;
            continue;
        }
        if (kind == '{' && (inner == "site.baseurl" || inner == "base_path" || inner == "site.url" ||
                            inner == "site.url | append: site.baseurl"))
            continue;  // the site's own prefix: our links are relative to the same root
        if (kind == '%' && name == "highlight") {
            std::string language = std::string(trim(std::string_view(inner).substr(name.size())));
            out += "```" + language.substr(0, language.find(' '));
            continue;
        }
        if (kind == '%' && name == "endhighlight") {
            out += "```";
            continue;
        }
        removed.push_back({first_line + line_of(body, open) - 1, std::string(tag)});
    }
    if (pos < body.size()) out += body.substr(pos);
    return {.text = std::move(out), .removed = std::move(removed)};
}

}  // namespace vitae::cli

// The one rule for calendar values a person types: a date (YYYY-MM-DD naming
// a real day), a month (YYYY-MM) and a year. The editor, the CLI, the
// importers, sync and the pages all ask here, so a value one of them takes
// is a value every other one takes, with the same words when it is refused.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace vitae {

struct CalendarDay {
    int year;
    unsigned month;  // 1-12
    unsigned day;    // 1-31, a day the month has
};

// "2024-02-29" -> its parts; nullopt unless exactly YYYY-MM-DD and a real day.
std::optional<CalendarDay> parse_date(std::string_view text);
bool is_date(std::string_view text);
// "2024-02" -> true; exactly YYYY-MM with a month 01-12.
bool is_month(std::string_view text);

// The value itself when it names a real day, a month or a year (what an
// HTML <time datetime> may carry), else empty: a stored value that is none
// of these is shown as written but never claimed as a date.
std::string_view calendar_value(std::string_view text);

// "2026-07-27" -> 1785110400, its 00:00 UTC; nullopt when it is not a date.
std::optional<std::int64_t> utc_day_start(std::string_view date);

// What a refused value is told: the same words in the editor and the CLI.
inline constexpr std::string_view date_expected = "not a date as YYYY-MM-DD";
inline constexpr std::string_view month_expected = "not a month as YYYY-MM";

}  // namespace vitae

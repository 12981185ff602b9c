#include "rules/date.hpp"

#include <charconv>
#include <chrono>

namespace vitae {

namespace {

// Exactly `digits` ASCII digits from `at`: no sign, no space, nothing else.
std::optional<unsigned> number_at(std::string_view text, std::size_t at, std::size_t digits) {
    if (at + digits > text.size()) return std::nullopt;
    unsigned value = 0;
    const char* first = text.data() + at;
    const char* last = first + digits;
    for (const char* c = first; c != last; ++c)
        if (*c < '0' || *c > '9') return std::nullopt;
    std::from_chars(first, last, value);
    return value;
}

}  // namespace

bool is_month(std::string_view text) {
    if (text.size() != 7 || text[4] != '-') return false;
    auto year = number_at(text, 0, 4), month = number_at(text, 5, 2);
    return year && month && *month >= 1 && *month <= 12;
}

std::optional<CalendarDay> parse_date(std::string_view text) {
    if (text.size() != 10 || text[7] != '-' || !is_month(text.substr(0, 7))) return std::nullopt;
    auto year = number_at(text, 0, 4), month = number_at(text, 5, 2), day = number_at(text, 8, 2);
    if (!day) return std::nullopt;
    std::chrono::year_month_day ymd{std::chrono::year(static_cast<int>(*year)), std::chrono::month(*month),
                                    std::chrono::day(*day)};
    if (!ymd.ok()) return std::nullopt;
    return CalendarDay{.year = static_cast<int>(*year), .month = *month, .day = *day};
}

bool is_date(std::string_view text) { return parse_date(text).has_value(); }

std::string_view calendar_value(std::string_view text) {
    bool year = text.size() == 4 && number_at(text, 0, 4).has_value();
    return year || is_month(text) || is_date(text) ? text : std::string_view{};
}

std::optional<std::int64_t> utc_day_start(std::string_view date) {
    auto day = parse_date(date);
    if (!day) return std::nullopt;
    using namespace std::chrono;
    sys_days start{year_month_day{year{day->year}, month{day->month}, std::chrono::day{day->day}}};
    return duration_cast<seconds>(start.time_since_epoch()).count();
}

}  // namespace vitae

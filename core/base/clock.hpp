// Monotonic milliseconds, for heartbeats and timeouts; and the wall clock,
// for the one thing that follows the calendar: a post dated in the future is
// listed from 00:00 UTC that day. The schedule is UTC (Vitae has no
// timezone setting); the clock is passed in (SiteSource::now_unix), so tests
// move time and the worker can be shifted (--clock-offset) without sleeping.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

namespace vitae {

inline std::int64_t monotonic_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

using WallClock = std::function<std::int64_t()>;  // seconds since the epoch
// Monotonic milliseconds (monotonic_ms), passed in where waits are timed
// (idle sites, retries), so tests move time instead of sleeping.
using MonotonicClock = std::function<std::int64_t()>;

inline std::int64_t system_unix() {
    using namespace std::chrono;
    return duration_cast<seconds>(system_clock::now().time_since_epoch()).count();
}

// 1785110400 -> "2026-07-27": the UTC day a moment falls in.
inline std::string utc_day(std::int64_t unix_seconds) {
    using namespace std::chrono;
    year_month_day day{floor<days>(sys_seconds{seconds{unix_seconds}})};
    char out[16];
    std::snprintf(out, sizeof out, "%04d-%02u-%02u", static_cast<int>(day.year()), static_cast<unsigned>(day.month()),
                  static_cast<unsigned>(day.day()));
    return out;
}

}  // namespace vitae

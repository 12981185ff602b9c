// One-line, leveled logs to stderr with sd-daemon "<N>" priority prefixes, so
// journald stores the level and a terminal still reads well. One write(2) per
// line keeps lines whole when several threads log at once.
#pragma once

#include <string_view>

namespace vitae {

enum class Level { error = 3, warning = 4, notice = 5, info = 6, debug = 7 };

void log(Level level, std::string_view message);

inline void log_error(std::string_view m) { log(Level::error, m); }
inline void log_warning(std::string_view m) { log(Level::warning, m); }
inline void log_info(std::string_view m) { log(Level::info, m); }

// `"text"` for log lines: the value quoted, so empty and odd values stay visible.
std::string in_quotes(std::string_view text);

}  // namespace vitae

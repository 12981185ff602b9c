// One-line, leveled logs to stderr with sd-daemon "<N>" priority prefixes, so
// journald stores the level and a terminal still reads well. One write(2) per
// line keeps lines whole when several threads log at once. Events an operator
// or a tool looks for (reloads, restarts, slow renders) are written as stable
// key=value pairs, `event=reload generation=5 reason="database changed"`,
// documented in docs/operations.md ("Log events"). Under systemd (stderr is
// the journal's stream, JOURNAL_STREAM) an event is sent to journald with
// its keys as fields too (VITAE_EVENT=reload, VITAE_GENERATION=5), so
// `journalctl VITAE_EVENT=reload` finds them without parsing text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vitae {

enum class Level { error = 3, warning = 4, notice = 5, info = 6, debug = 7 };

void log(Level level, std::string_view message);

inline void log_error(std::string_view m) { log(Level::error, m); }
inline void log_warning(std::string_view m) { log(Level::warning, m); }
inline void log_info(std::string_view m) { log(Level::info, m); }

// An event line: `event=NAME` then `key=value` pairs in the order added.
// Values are quoted (with \" and \\ escaped) unless they are a plain word.
class LogEvent {
public:
    explicit LogEvent(std::string_view name);
    LogEvent& add(std::string_view key, std::string_view value);
    LogEvent& add(std::string_view key, std::int64_t value);
    const std::string& text() const { return text_; }
    // The journal fields: MESSAGE, PRIORITY, VITAE_EVENT, then VITAE_<KEY> for
    // each key (upper case; other characters than A-Z, 0-9 and _ become _).
    std::vector<std::string> journal_fields(Level level) const;

private:
    std::string name_;
    std::string text_;
    std::vector<std::pair<std::string, std::string>> fields_;
};

void log(Level level, const LogEvent& event);

// `"text"` for log lines: the value quoted, so empty and odd values stay visible.
std::string in_quotes(std::string_view text);

}  // namespace vitae

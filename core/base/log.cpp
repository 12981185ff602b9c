#include "log.hpp"

#include <unistd.h>

#include <algorithm>
#include <string>

namespace vitae {

namespace {

std::string_view level_name(Level level) {
    switch (level) {
    case Level::error: return "error";
    case Level::warning: return "warning";
    case Level::notice: return "notice";
    case Level::info: return "info";
    case Level::debug: return "debug";
    }
    return "log";
}

}  // namespace

void log(Level level, std::string_view message) {
    std::string line;
    line.reserve(message.size() + 24);
    line += '<';
    line += static_cast<char>('0' + static_cast<int>(level));
    line += '>';
    line += level_name(level);
    line += ": ";
    for (char c : message) line += (c == '\n' || c == '\r') ? ' ' : c;  // one event, one line
    line += '\n';
    // stderr may be a closed pipe; a failed log write must not take the worker down.
    [[maybe_unused]] auto ignored = ::write(STDERR_FILENO, line.data(), line.size());
}

LogEvent::LogEvent(std::string_view name) : text_("event=") { text_ += name; }

LogEvent& LogEvent::add(std::string_view key, std::string_view value) {
    text_ += ' ';
    text_ += key;
    text_ += '=';
    auto plain = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
               c == '.' || c == '/' || c == ':';
    };
    if (!value.empty() && std::all_of(value.begin(), value.end(), plain)) {
        text_ += value;
        return *this;
    }
    text_ += '"';
    for (char c : value) {
        if (c == '"' || c == '\\') text_ += '\\';
        text_ += c;
    }
    text_ += '"';
    return *this;
}

LogEvent& LogEvent::add(std::string_view key, std::int64_t value) { return add(key, std::to_string(value)); }

std::string in_quotes(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    out += text;
    out += '"';
    return out;
}

}  // namespace vitae

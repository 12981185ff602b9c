#include "log.hpp"

#include <unistd.h>

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

std::string in_quotes(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    out += text;
    out += '"';
    return out;
}

}  // namespace vitae

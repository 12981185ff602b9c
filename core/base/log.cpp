#include "base/log.hpp"

#include <sys/stat.h>
#include <sys/uio.h>
#include <systemd/sd-journal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
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

// Whether stderr is the journal's stream (systemd sets JOURNAL_STREAM to its
// "device:inode"): then an event can go to journald with its fields. Asked
// once; a redirected stderr (2>file) does not match.
bool stderr_is_journal() {
    static const bool answer = [] {
        const char* stream = std::getenv("JOURNAL_STREAM");
        struct stat st {};
        if (stream == nullptr || ::fstat(STDERR_FILENO, &st) != 0) return false;
        // sd_journal_send drops an entry silently when journald is not there.
        if (::access("/run/systemd/journal/socket", W_OK) != 0) return false;
        std::string expected = std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
        return expected == stream;
    }();
    return answer;
}

std::string field_name(std::string_view key) {
    std::string out = "VITAE_";
    for (char c : key) {
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        out += ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') ? c : '_';
    }
    return out;
}

}  // namespace

std::vector<std::string> LogEvent::journal_fields(Level level) const {
    std::vector<std::string> out;
    out.push_back("MESSAGE=" + text_);
    out.push_back("PRIORITY=" + std::to_string(static_cast<int>(level)));
    out.push_back("VITAE_EVENT=" + name_);
    for (const auto& [key, value] : fields_) out.push_back(field_name(key) + "=" + value);
    return out;
}

void log(Level level, const LogEvent& event) {
    if (stderr_is_journal()) {
        auto fields = event.journal_fields(level);
        std::vector<iovec> iov;
        for (auto& f : fields) iov.push_back({f.data(), f.size()});
        if (sd_journal_sendv(iov.data(), static_cast<int>(iov.size())) >= 0) return;
        // the journal refused it: the line on stderr still reaches it
    }
    log(level, event.text());
}

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

LogEvent::LogEvent(std::string_view name) : name_(name), text_("event=") { text_ += name; }

LogEvent& LogEvent::add(std::string_view key, std::string_view value) {
    fields_.emplace_back(key, value);
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

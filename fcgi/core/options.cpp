#include "fcgi/core/options.hpp"

#include <charconv>

namespace vitae {

int parse_int(std::string_view option, std::string_view value, int base, int min, int max) {
    int out = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), out, base);
    if (ec != std::errc{} || end != value.data() + value.size() || out < min || out > max)
        throw UsageError(std::string(option) + ": " + (value.empty() ? "empty value" : "\"" + std::string(value) + "\"") +
                         " is not a number from " + std::to_string(min) + " to " + std::to_string(max));
    return out;
}

std::string listen_address(std::string_view v) {
    bool is_unix = v.starts_with("unix:") && v.size() > 5;
    auto colon = v.rfind(':');
    bool is_inet = !v.starts_with("unix:") && colon != std::string_view::npos && colon > 0 && colon + 1 < v.size();
    if (!is_unix && !is_inet) throw UsageError("--listen: \"" + std::string(v) + "\" is not unix:PATH or HOST:PORT");
    return std::string(v);
}

}  // namespace vitae

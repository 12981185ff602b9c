#include "render/template/override_header.hpp"

namespace vitae {

namespace {

constexpr std::string_view opening = "{{! vitae: overrides ";
constexpr std::string_view middle = ", shared version sha256:";
constexpr std::string_view closing = " }}";

// The first line, without its newline, if it is a header line.
std::optional<std::string_view> header_line(std::string_view source) {
    std::string_view line = source.substr(0, source.find('\n'));
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.starts_with(opening) || !line.ends_with(closing)) return std::nullopt;
    return line;
}

}  // namespace

std::string override_header(const OverrideHeader& header) {
    return std::string(opening) + header.name + std::string(middle) + header.sha256 + std::string(closing) + "\n";
}

std::optional<OverrideHeader> read_override_header(std::string_view source) {
    auto line = header_line(source);
    if (!line) return std::nullopt;
    std::string_view inner = line->substr(opening.size(), line->size() - opening.size() - closing.size());
    auto at = inner.find(middle);
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view hex = inner.substr(at + middle.size());
    if (hex.size() != 64 || hex.find_first_not_of("0123456789abcdef") != std::string_view::npos) return std::nullopt;
    return OverrideHeader{.name = std::string(inner.substr(0, at)), .sha256 = std::string(hex)};
}

std::string_view without_override_header(std::string_view source) {
    if (!read_override_header(source)) return source;
    auto newline = source.find('\n');
    return newline == std::string_view::npos ? std::string_view{} : source.substr(newline + 1);
}

}  // namespace vitae

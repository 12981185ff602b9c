#include "rules/link.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"

namespace vitae {

namespace {

constexpr std::string_view file_link_prefix = "/files/";

bool is_control_byte(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }

bool is_scheme_byte(char c, bool first) {
    return is_ascii_letter(c) || (!first && (is_ascii_digit(c) || c == '+' || c == '-' || c == '.'));
}

// The URL standard's first steps: C0 controls and spaces around the value
// go, tabs and newlines anywhere go.
std::string as_browser_reads(std::string_view url) {
    while (!url.empty() && static_cast<unsigned char>(url.front()) <= 0x20) url.remove_prefix(1);
    while (!url.empty() && static_cast<unsigned char>(url.back()) <= 0x20) url.remove_suffix(1);
    std::string out;
    for (char c : url)
        if (c != '\t' && c != '\n' && c != '\r') out += c;
    return out;
}

}  // namespace

std::string link_scheme(std::string_view url) {
    std::string read = as_browser_reads(url);
    for (std::size_t i = 0; i < read.size(); ++i) {
        if (read[i] == ':') return i == 0 ? std::string() : ascii_lower(std::string_view(read).substr(0, i));
        if (!is_scheme_byte(read[i], i == 0)) return {};
    }
    return {};
}

std::optional<LinkKind> link_kind(std::string_view url) {
    // What is stored is what the browser reads: no byte it would drop or skip.
    if (url.empty() || url.front() == ' ') return std::nullopt;
    for (char c : url)
        if (is_control_byte(c)) return std::nullopt;
    std::string scheme = link_scheme(url);
    std::string_view rest = url.substr(scheme.empty() ? 0 : scheme.size() + 1);
    if (scheme == "http" || scheme == "https") {
        // A host after "//": "https:evil" and "https:///x" name none.
        bool host = rest.starts_with("//") && rest.size() > 2 && rest[2] != '/' && rest[2] != '\\';
        return host ? std::optional(LinkKind::web) : std::nullopt;
    }
    if (scheme == "mailto") return rest.empty() ? std::nullopt : std::optional(LinkKind::mail);
    if (!scheme.empty()) return std::nullopt;
    // A path from this site's root; "//host" and "/\host" are another host to a browser.
    bool site_path = rest.starts_with('/') && !rest.starts_with("//") && !rest.starts_with("/\\");
    return site_path ? std::optional(LinkKind::site) : std::nullopt;
}

std::optional<std::string_view> file_link_name(std::string_view url) {
    if (!url.starts_with(file_link_prefix)) return std::nullopt;
    std::string_view name = url.substr(file_link_prefix.size());
    if (name.empty() || name.find('/') != std::string_view::npos) return std::nullopt;
    return name;
}

void require_link(std::string_view url, std::string_view what) {
    if (url.empty() || is_link(url)) return;
    throw Error(std::string(what) + ": " + in_quotes(url) + " is " + std::string(link_expected));
}

}  // namespace vitae

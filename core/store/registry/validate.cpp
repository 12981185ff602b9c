// What a site's name, hosts and prefix may be, and which sites cannot live
// side by side. One place for the rules: `vitae site` refuses with these
// messages, read_registry checks every row with them, and the worker can log
// them. A prefix may not be a first path segment the site's own routes use
// (taken from the route table in core/rules, so a new route is refused as a
// prefix the day it is added) nor a language's prefix as the router reads
// one: on a shared host the longest prefix wins, and the home site's /de/
// or /blog/ must stay the home site's.
#include <algorithm>
#include <unordered_map>
#include <array>
#include <set>

#include "base/limits.hpp"
#include "base/text.hpp"
#include "base/log.hpp"
#include "rules/route_paths.hpp"
#include "store/registry/registry.hpp"
#include "store/registry/registry_writer.hpp"

namespace vitae {

namespace {

bool is_label_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

// Why `label` is not a DNS label (RFC 1123: letters, digits, '-', not at either end); nullopt if it is one.
std::optional<std::string> label_problem(std::string_view label) {
    if (label.empty()) return "is empty";
    if (label.size() > limits::max_site_name_bytes)
        return "is longer than " + std::to_string(limits::max_site_name_bytes) + " characters";
    for (char c : label) {
        if (c >= 'A' && c <= 'Z') return "has upper case (use lower case)";
        if (!is_label_char(c)) return "has " + in_quotes(std::string(1, c)) + " (use a-z, 0-9 and '-')";
    }
    if (label.front() == '-' || label.back() == '-') return "starts or ends with '-'";
    return std::nullopt;
}

// "192.0.2.1": four decimal numbers 0-255 without leading zeros (which some
// resolvers read as octal).
bool is_ipv4(std::string_view host) {
    int parts = 0;
    for (std::size_t start = 0; start <= host.size(); ++parts) {
        std::size_t dot = std::min(host.find('.', start), host.size());
        std::string_view part = host.substr(start, dot - start);
        if (part.empty() || part.size() > 3 || (part.size() > 1 && part[0] == '0')) return false;
        if (!std::all_of(part.begin(), part.end(), is_ascii_digit) || std::stoi(std::string(part)) > 255) return false;
        start = dot + 1;
    }
    return parts == 4;
}

bool is_segment_char(char c) { return is_label_char(c) || c == '~' || c == '.' || c == '_'; }

std::optional<std::string> segment_problem(std::string_view segment) {
    if (segment.empty()) return "has an empty segment";
    if (segment.size() > limits::max_prefix_segment_bytes)
        return "is longer than " + std::to_string(limits::max_prefix_segment_bytes) + " characters between its slashes";
    for (char c : segment) {
        if (c >= 'A' && c <= 'Z') return "has upper case (use lower case)";
        if (!is_segment_char(c)) return "has " + in_quotes(std::string(1, c)) + " (use a-z, 0-9, '~', '.', '_' and '-')";
    }
    if (segment == "." || segment == "..") return "is a relative path";
    if (is_reserved_segment(segment))
        return "is a path the site's own pages use (/" + std::string(segment) + "/...); try /~" + std::string(segment) + "/";
    if (is_language_code(segment))
        return "could be a language's prefix (/" + std::string(segment) + "/... of the home site); try /~" +
               std::string(segment) + "/";
    return std::nullopt;
}

// Whether the paths under `a` and under `b` overlap: one is a path-prefix of the other.
bool nested(std::string_view a, std::string_view b) { return a.starts_with(b) || b.starts_with(a); }

}  // namespace

std::optional<std::string> site_name_problem(std::string_view name) {
    if (auto problem = label_problem(name)) return "site name " + in_quotes(name) + " " + *problem;
    return std::nullopt;
}

std::optional<std::string> host_problem(std::string_view host) {
    auto bad = [host](const std::string& why) { return "host " + in_quotes(host) + " " + why; };
    if (host.empty()) return bad("is empty");
    if (host.size() > limits::max_host_bytes)
        return bad("is longer than " + std::to_string(limits::max_host_bytes) + " characters");
    if (host.find(':') != std::string_view::npos) return bad("has a port or is IPv6 (give the name alone, no :PORT)");
    if (host.back() == '.') return bad("ends with '.' (give it without the trailing dot)");
    if (is_ipv4(host)) return std::nullopt;
    std::string_view last;
    for (std::size_t start = 0; start <= host.size();) {
        std::size_t dot = std::min(host.find('.', start), host.size());
        last = host.substr(start, dot - start);
        if (last.empty()) return bad("has an empty label ('..' or a leading '.')");
        if (auto problem = label_problem(last)) return bad("label " + in_quotes(last) + " " + *problem);
        start = dot + 1;
    }
    if (std::all_of(last.begin(), last.end(), is_ascii_digit)) return bad("is neither a host name nor an IPv4 address");
    return std::nullopt;
}

std::optional<std::string> prefix_problem(std::string_view prefix) {
    if (prefix == "/") return std::nullopt;
    auto bad = [prefix](const std::string& why) { return "prefix " + in_quotes(prefix) + " " + why; };
    if (prefix.size() < 3 || prefix.front() != '/' || prefix.back() != '/')
        return bad("is not \"/\" or one path segment between slashes (\"/~name/\")");
    std::string_view segment = prefix.substr(1, prefix.size() - 2);
    if (segment.find('/') != std::string_view::npos) return bad("has more than one path segment (use one: \"/~name/\")");
    if (auto problem = segment_problem(segment)) return bad(*problem);
    return std::nullopt;
}

std::optional<std::string> registry_conflict(const Registry& registry, const RegisteredSite& site) {
    for (const auto& other : registry.sites) {
        if (other.name == site.name) continue;  // the entry `site` replaces
        if (site.home && other.home)
            return "site " + in_quotes(site.name) + " cannot be the home: " + in_quotes(other.name) +
                   " is (vitae site set ... " + other.name + " --no-home first)";
        for (const auto& host : site.hosts) {
            if (std::find(other.hosts.begin(), other.hosts.end(), host) == other.hosts.end()) continue;
            if (other.prefix == site.prefix)
                return "host " + in_quotes(host) + " prefix " + in_quotes(site.prefix) + " is already site " +
                       in_quotes(other.name) + "'s";
            if (site.prefix != "/" && other.prefix != "/" && nested(site.prefix, other.prefix))
                return "prefix " + in_quotes(site.prefix) + " on host " + in_quotes(host) + " overlaps site " +
                       in_quotes(other.name) + "'s prefix " + in_quotes(other.prefix);
        }
    }
    for (std::size_t i = 0; i < site.hosts.size(); ++i)
        if (std::find(site.hosts.begin(), site.hosts.begin() + i, site.hosts[i]) != site.hosts.begin() + i)
            return "host " + in_quotes(site.hosts[i]) + " is given twice";
    return std::nullopt;
}

std::optional<std::string> registry_problem(const Registry& registry) {
    // A prefix is "/" or one segment, so two prefixes on a host overlap only
    // when equal (nested() can hold for no other pair): one claim per
    // (host, prefix) is the whole rule.
    std::unordered_map<std::string, const RegisteredSite*> claims;
    claims.reserve(registry.sites.size() * 2);
    const RegisteredSite* home = nullptr;
    for (const auto& site : registry.sites) {
        if (auto problem = site_problem(site)) return problem;
        if (site.home && home)
            return "site " + in_quotes(site.name) + " cannot be the home: " + in_quotes(home->name) +
                   " is (vitae site set ... " + home->name + " --no-home first)";
        if (site.home) home = &site;
        for (const auto& host : site.hosts) {
            auto [it, fresh] = claims.emplace(host + ' ' + site.prefix, &site);
            if (fresh) continue;
            if (it->second == &site) return "host " + in_quotes(host) + " is given twice";
            return "host " + in_quotes(host) + " prefix " + in_quotes(site.prefix) + " is already site " +
                   in_quotes(it->second->name) + "'s";
        }
    }
    return std::nullopt;
}

std::string lower_case_host(std::string_view host) {
    std::string out(host);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string whole_prefix(std::string_view prefix) {
    if (prefix.empty()) return {};
    std::string out(prefix);
    if (out.front() != '/') out.insert(0, "/");
    if (out.back() != '/') out += '/';
    return out;
}

std::optional<std::string> site_problem(const RegisteredSite& site) {
    if (auto problem = site_name_problem(site.name)) return problem;
    if (site.hosts.empty()) return "site " + in_quotes(site.name) + " has no host (give --host HOST)";
    for (const auto& host : site.hosts)
        if (auto problem = host_problem(host)) return problem;
    if (auto problem = prefix_problem(site.prefix)) return problem;
    for (auto [what, text] : {std::pair{"owner's name", &site.owner_name}, std::pair{"group", &site.group}}) {
        if (text->size() > limits::max_site_text_bytes)
            return std::string(what) + " " + in_quotes(*text) + " is longer than " +
                   std::to_string(limits::max_site_text_bytes) + " bytes";
        if (std::any_of(text->begin(), text->end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }))
            return std::string(what) + " " + in_quotes(*text) + " has a control character (it is one line of text)";
    }
    return std::nullopt;
}

}  // namespace vitae

#include "sites/host_map.hpp"

#include <algorithm>

#include "base/text.hpp"

namespace vitae {

std::optional<std::string> normalize_host(std::string_view raw) {
    if (raw.size() > 253 + 6) return std::nullopt;  // a name and ":65535"
    if (auto colon = raw.rfind(':'); colon != std::string_view::npos) {
        auto port = raw.substr(colon + 1);
        if (port.empty() || port.size() > 5 || !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        raw = raw.substr(0, colon);
    }
    if (raw.ends_with('.')) raw.remove_suffix(1);
    std::string host = ascii_lower(raw);
    if (host_problem(host)) return std::nullopt;
    return host;
}

HostMap::HostMap(const Registry& registry) {
    for (std::size_t i = 0; i < registry.sites.size(); ++i)
        for (const auto& host : registry.sites[i].hosts) claims_[host].push_back({registry.sites[i].prefix, i});
    for (auto& [host, claims] : claims_)
        std::sort(claims.begin(), claims.end(),
                  [](const Claim& a, const Claim& b) { return a.prefix.size() > b.prefix.size(); });
}

std::optional<HostMatch> HostMap::match(std::string_view host, std::string_view path) const {
    auto it = claims_.find(host);
    if (it == claims_.end()) return std::nullopt;
    for (const Claim& claim : it->second) {
        if (claim.prefix == "/") return HostMatch{.site = claim.site, .path = path};
        std::string_view bare = std::string_view(claim.prefix).substr(0, claim.prefix.size() - 1);
        if (path == bare) return HostMatch{.site = claim.site, .path = "/", .needs_slash = true};
        if (path.starts_with(claim.prefix)) return HostMatch{.site = claim.site, .path = path.substr(bare.size())};
    }
    return std::nullopt;
}

}  // namespace vitae

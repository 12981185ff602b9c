// Which site a request names: its Host (as nginx passes it: $host, lower
// case, no port; normalised again here, since a request can reach the
// worker without nginx) and the start of its path. Built once per registry
// version, then read without locks by every request thread. A host no site
// claims, a malformed one and none at all are the same answer: no site, so
// the 404 that follows names none.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "store/registry/registry.hpp"

namespace vitae {

// `raw` lower-cased, without a port or a trailing dot, if it is a clean host
// name or IPv4 address; nullopt otherwise (also for an empty or over-long one).
std::optional<std::string> normalize_host(std::string_view raw);

struct HostMatch {
    std::size_t site = 0;        // index into Registry::sites
    std::string_view path;       // the path inside the site: "/" for its root
    bool needs_slash = false;    // the bare prefix without its slash ("/~carol"): redirect to "/~carol/"
};

class HostMap {
public:
    explicit HostMap(const Registry& registry);

    // The site at `host` whose prefix starts `path` (the longest such prefix).
    std::optional<HostMatch> match(std::string_view host, std::string_view path) const;

private:
    struct Claim {
        std::string prefix;  // "/" or "/seg/"
        std::size_t site;
    };
    struct HostHash {  // lets match() look a string_view up without building a string
        using is_transparent = void;
        std::size_t operator()(std::string_view host) const { return std::hash<std::string_view>{}(host); }
    };
    std::unordered_map<std::string, std::vector<Claim>, HostHash, std::equal_to<>> claims_;  // by host, longest prefix first
};

}  // namespace vitae

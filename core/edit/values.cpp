#include "edit/values.hpp"

#include <cstdint>
#include <cstdio>

namespace vitae {

std::string version_of(const std::optional<RowValues>& values) {
    if (!values) return "new";
    std::uint64_t hash = 14695981039346656037ull;
    for (unsigned char c : values_json(*values)) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return hex;
}

}  // namespace vitae

#include "edit/values.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>

namespace vitae {

std::string values_json(const RowValues& values) {
    // ordered_json keeps the table's column order, so the log reads like the form.
    nlohmann::ordered_json object = nlohmann::ordered_json::object();
    for (const auto& [name, value] : values) object[name] = value;
    return object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<RowValues> values_from_json(std::string_view json) {
    auto parsed = nlohmann::ordered_json::parse(json, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object()) return std::nullopt;
    RowValues values;
    for (const auto& [name, value] : parsed.items()) {
        if (!value.is_string()) return std::nullopt;
        values.emplace_back(name, value.get<std::string>());
    }
    return values;
}

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

#include "http/form.hpp"

namespace vitae {

std::optional<std::string_view> FormData::get(std::string_view name) const {
    for (const auto& [key, value] : fields) {
        if (key == name) return std::string_view(value);
    }
    return std::nullopt;
}

std::vector<std::string_view> FormData::all(std::string_view name) const {
    std::vector<std::string_view> values;
    for (const auto& [key, value] : fields) {
        if (key == name) values.emplace_back(value);
    }
    return values;
}

const FormFile* FormData::file(std::string_view name) const {
    for (const auto& f : files) {
        if (f.field == name) return &f;
    }
    return nullptr;
}

}  // namespace vitae

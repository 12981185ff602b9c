// The editor's page templates (templates/edit/*.mustache), compiled once
// and rendered as the site's pages are (render/template/compiled_template).
#pragma once

#include <kainjow/mustache.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include "render/template/compiled_template.hpp"

namespace vitae {

using EditData = kainjow::mustache::data;

// The pages this layer renders; the admin's own (layout, login, sites,
// message) sit in the same folder and are not loaded here.
inline constexpr const char* edit_templates[] = {"dashboard", "list", "form", "conflict", "history", "bibtex", "review"};

class EditTemplates {
public:
    // Throws Error naming a missing or broken file.
    explicit EditTemplates(const std::filesystem::path& dir);
    // Throws Error when the render fails (a template's error, named).
    std::string render(std::string_view name, const EditData& data) const;

private:
    std::map<std::string, CompiledTemplate, std::less<>> pages_;
};

// kainjow's data from text: a const char* would become a bool.
inline EditData text_data(std::string_view s) { return EditData(std::string(s)); }

}  // namespace vitae

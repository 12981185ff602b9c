// The editor's page templates (templates/edit/*.mustache), loaded by the one
// loader for a folder's pages (render/template/template_pages.hpp) and
// rendered as the site's pages are.
#pragma once

#include <filesystem>

#include "render/template/template_data.hpp"
#include "render/template/template_pages.hpp"

namespace vitae {

using EditData = TemplateData;

// The pages this layer renders; the admin's own (layout, login, sites,
// message) sit in the same folder and are loaded by admin/frame.cpp.
class EditTemplates : public TemplatePages {
public:
    // Throws Error naming a missing or broken file.
    explicit EditTemplates(const std::filesystem::path& dir)
        : TemplatePages("editor templates", dir, {"dashboard", "list", "form", "conflict", "history", "bibtex", "review"}) {}
};

}  // namespace vitae

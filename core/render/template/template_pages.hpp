// The one template loader for a fixed list of pages in a folder (the
// editor's pages, vitae-admin's frame): each DIR/<name>.mustache read
// (bounded like every template, limits::max_template_bytes) and compiled
// once at start by the same step as a site's templates (templates.hpp's
// load_template), so a missing or broken file is refused then, naming it.
// Rendered by name from many threads at once: nothing here changes.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>

#include "render/template/compiled_template.hpp"
#include "render/template/template_data.hpp"

namespace vitae {

class TemplatePages {
public:
    // `what` starts each message ("editor templates"); `partials` are pages
    // of `names` handed to every render as {{> partial}}. Throws Error.
    TemplatePages(std::string_view what, const std::filesystem::path& dir, std::initializer_list<const char*> names,
                  std::initializer_list<const char*> partials = {});

    // Throws Error "WHAT \"NAME\": the render's error" (or no such page).
    std::string render(std::string_view name, const TemplateData& data) const;

private:
    std::string what_;
    std::map<std::string, CompiledTemplate, std::less<>> pages_;
    std::map<std::string, std::string, std::less<>> partials_;  // name -> source
};

}  // namespace vitae

#include "cli/import/quarto/quarto.hpp"

#include <algorithm>
#include <regex>
#include <set>

#include "base/error.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/plan/quarto_text.hpp"
#include "cli/import/plan/site_languages.hpp"
#include "cli/import/plan/site_text.hpp"
#include "cli/import/quarto/quarto_items.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// The settings' folders Quarto renders into (project: output-dir, in any
// profile's settings): the built site, not its source.
std::set<std::string> output_folders(const fs::path& dir) {
    std::set<std::string> out{"_site"};
    for (const auto& entry : fs::directory_iterator(dir)) {
        std::string name = entry.path().filename().string();
        if (!entry.is_regular_file() || !name.starts_with("_quarto") || !name.ends_with(".yml")) continue;
        try {
            YAML::Node settings = YAML::Load(read_site_file(entry.path()));
            std::string folder(trim(yaml_text(yaml_child(settings, "project"), "output-dir")));
            if (!folder.empty()) out.insert(fs::path(folder).lexically_normal().begin()->string());
        } catch (const std::exception&) {  // the settings are noted as the generator's whatever they hold
        }
    }
    return out;
}

std::vector<QuartoPage> quarto_pages(SitePlan& plan) {
    std::set<std::string> outputs = output_folders(plan.dir);
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(plan.dir); it != fs::recursive_directory_iterator(); ++it) {
        std::string name = it->path().filename().string();
        if (it->is_directory()) {
            if (name.starts_with("_") || name.starts_with(".") || (it.depth() == 0 && outputs.count(name)) || name.ends_with("_cache") ||
                name.ends_with("_files"))
                it.disable_recursion_pending();
            continue;
        }
        std::string ext = it->path().extension().string();
        if (it->is_regular_file() && !name.starts_with("_") && (is_quarto_page(ext) || ext == ".md")) files.push_back(it->path());
    }
    // Sorted before reading: a YAML::Node assigned shares its value, so a vector of them cannot be sorted.
    std::sort(files.begin(), files.end());
    std::vector<QuartoPage> pages;
    for (const auto& file : files)
        if (auto read = read_front(plan, file)) pages.push_back({file, std::move(*read), file_language(plan, file)});
    return pages;
}

void note_settings(SitePlan& plan) {
    for (const auto& entry : fs::recursive_directory_iterator(plan.dir)) {
        std::string name = entry.path().filename().string();
        if (!entry.is_regular_file() || !name.ends_with(".yml") || !(name.starts_with("_quarto") || name.starts_with("_metadata")))
            continue;
        plan.note(SiteNote::Outcome::machinery, entry.path(),
                  name.starts_with("_quarto-") ? "Quarto's settings for one profile (a language's, the address it is built for)"
                                               : "Quarto's settings (menus, theme, the options of a folder's pages)");
    }
    if (fs::exists(plan.dir / "404.qmd")) plan.note(SiteNote::Outcome::machinery, plan.dir / "404.qmd", "the page not found of the generator");
}

}  // namespace

void read_quarto_site(SitePlan& plan) {
    note_settings(plan);
    std::vector<QuartoPage> pages = quarto_pages(plan);
    read_quarto_owner(plan, pages);
    std::set<fs::path> taken;
    for (const auto& page : pages)
        if (page.read.front.IsMap() && page.read.front["listing"]) read_quarto_listing(plan, page, taken);
    read_quarto_bibliographies(plan, pages);
}

}  // namespace vitae::cli

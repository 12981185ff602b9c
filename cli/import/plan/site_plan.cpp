// The plan's own helpers: notes on the files read, and the files of a folder.
#include "cli/import/plan/site_plan.hpp"

#include <algorithm>

namespace vitae::cli {

namespace fs = std::filesystem;

std::string SitePlan::relative(const fs::path& file) const { return file.lexically_relative(dir).generic_string(); }

void SitePlan::note(SiteNote::Kind kind, const fs::path& file, std::string message, int line) {
    notes.push_back({kind, relative(file), line, std::move(message)});
}

std::vector<fs::path> site_files(const fs::path& folder, std::initializer_list<std::string_view> extensions) {
    std::vector<fs::path> out;
    if (!fs::is_directory(folder)) return out;
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
        std::string name = entry.path().filename().string();
        if (!entry.is_regular_file() || name.starts_with(".") || name.starts_with("_")) continue;
        std::string ext = entry.path().extension().string();
        if (std::find(extensions.begin(), extensions.end(), ext) != extensions.end()) out.push_back(entry.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string describe(const SiteNote& note) {
    static constexpr const char* kinds[] = {"imported", "skipped", "demo", "warning"};
    std::string out = std::string(kinds[static_cast<int>(note.kind)]) + " " + note.file;
    if (note.line > 0) out += ":" + std::to_string(note.line);
    return out + ": " + note.message;
}

OwnerNames owner_names_of(const SitePlan& plan) { return OwnerNames(plan.profile.name, plan.profile.name_variants); }

}  // namespace vitae::cli

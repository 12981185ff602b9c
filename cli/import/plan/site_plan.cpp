// The plan's own helpers: notes on the files read, and the files of a folder.
#include "cli/import/plan/site_plan.hpp"

#include <algorithm>

#include "store/model/publication_identity.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

std::string SitePlan::relative(const fs::path& file) const { return file.lexically_relative(dir).generic_string(); }

void SitePlan::note(SiteNote::Outcome outcome, const fs::path& file, std::string message, int line) {
    notes.push_back({outcome, relative(file), line, std::move(message)});
}

bool SitePlan::keep_demo(const fs::path& file, const std::string& what, int line) {
    std::string name = relative(file);
    bool named = std::find(options.include_demo_files.begin(), options.include_demo_files.end(), name) !=
                 options.include_demo_files.end();
    if (named) demo_files_taken.insert(name);
    if (!options.include_demo && !named) {
        note(SiteNote::Outcome::demo, file, what + "; left out", line);
        return false;
    }
    note(SiteNote::Outcome::warning, file, what + "; imported all the same (" +
                                            (named ? "--include-demo-file" : "--include-demo") + ")", line);
    return true;
}

std::vector<std::string> demo_files(const SiteImportReport& report) {
    std::vector<std::string> out;
    for (const auto& note : report.notes)
        if (note.outcome == SiteNote::Outcome::demo && std::find(out.begin(), out.end(), note.file) == out.end())
            out.push_back(note.file);
    return out;
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
    static constexpr const char* outcomes[] = {"imported", "skipped", "demo", "warning", "machinery"};
    std::string out = std::string(outcomes[static_cast<int>(note.outcome)]) + " " + note.file;
    if (note.line > 0) out += ":" + std::to_string(note.line);
    return out + ": " + note.message;
}

std::string same_work_note(SameBy by, const std::string& earlier_slug) {
    std::string_view how = by == SameBy::doi ? "its DOI" : by == SameBy::arxiv ? "its arXiv id" : "its title and year";
    return "the same work as " + earlier_slug + " by " + std::string(how) +
           ": both imported; delete one if it is a copy, or correct the identifier of the one that names another's";
}

std::optional<std::string> planned_already(const SitePlan& plan, const Publication& p) {
    WorkIdentity work = identity_of(p);
    for (const auto& other : plan.publications)
        if (SameBy by = same_work(identity_of(other), work); by != SameBy::none) return same_work_note(by, other.slug);
    return std::nullopt;
}

OwnerNames owner_names_of(const SitePlan& plan) { return OwnerNames(plan.profile.name, plan.profile.name_variants); }

}  // namespace vitae::cli

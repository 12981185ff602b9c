#include "cli/import/plan/site_include.hpp"

#include <regex>

#include "base/error.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// The included file in the tree; empty when the name leaves it or names nothing.
fs::path included_file(const SitePlan& plan, const fs::path& file, bool relative, const std::string& name) {
    fs::path wanted = fs::path(name).lexically_normal();
    if (wanted.empty() || wanted.is_absolute() || wanted.begin()->string() == "..") return {};
    fs::path found = (relative ? file.parent_path() : plan.dir / "_includes") / wanted;
    return fs::is_regular_file(found) ? found : fs::path();
}

}  // namespace

std::string includes_in_place(SitePlan& plan, const fs::path& file, std::string_view body, int depth) {
    static const std::regex include("\\{%-?\\s*include(_relative)?\\s+([^\\s%{}]+\\.(md|markdown))\\b[^%]*?-?%\\}");
    std::string text(body), out;
    auto last = text.cbegin();
    for (auto it = std::sregex_iterator(text.begin(), text.end(), include); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        fs::path found = depth < 4 ? included_file(plan, file, m[1].matched, m[2].str()) : fs::path();
        std::string included;
        try {
            if (!found.empty()) {
                FrontMatterFile read = split_front_matter(read_site_file(found));
                included = includes_in_place(plan, found, read.body, depth + 1);
            }
        } catch (const Error& e) {
            plan.note(SiteNote::Outcome::warning, found, std::string("read in place into ") + plan.relative(file) + ": " + e.what());
            found.clear();
        }
        out.append(last, m[0].first);
        if (found.empty()) {
            out += m[0].str();  // reported by the Liquid pass with the rest
        } else {
            out += std::string(trim(included));
            plan.note(SiteNote::Outcome::imported, found, "its text read in place into " + plan.relative(file) + " ({% include %})");
        }
        last = m[0].second;
    }
    out.append(last, text.cend());
    return out;
}

}  // namespace vitae::cli

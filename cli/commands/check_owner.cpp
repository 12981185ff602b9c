// `vitae check`: the owner in their own papers. The loader marks the owner
// by the one matcher (core/store/owner_names.hpp), so what is listed here
// is what the pages show: a paper none of whose authors is the owner shows
// no name in bold.
#include <map>

#include "base/log.hpp"
#include "cli/commands/check.hpp"

namespace vitae::cli {

std::string owner_report(const Content& content) {
    if (content.name.empty()) return {};
    std::string warnings;
    std::map<std::string, std::size_t> spellings;  // each spelling matched, by how many papers
    std::size_t found = 0;
    for (const auto& p : content.publications) {
        if (p.authors.empty()) {
            warnings += "warning: publication " + in_quotes(p.slug) + ": no authors, so the owner is not shown\n";
            continue;
        }
        std::string names;
        bool owner = false;
        for (const auto& a : p.authors) {
            names += (names.empty() ? "" : ", ") + a.name;
            if (a.is_owner) {
                if (!owner) ++spellings[a.name];
                owner = true;
            }
        }
        if (owner) {
            ++found;
            continue;
        }
        warnings += "warning: publication " + in_quotes(p.slug) + ": the owner is not among its authors (" + names +
                    "); add the spelling as a name variant (a profile_name_variant row, docs/cli.md) for it to be bold\n";
    }
    if (content.publications.empty()) return warnings;
    std::string found_as;
    for (const auto& [spelling, papers] : spellings)
        found_as += (found_as.empty() ? "" : ", ") + in_quotes(spelling) + " (" + std::to_string(papers) + ")";
    return warnings + "owner: " + in_quotes(content.name) + " found in " + std::to_string(found) + " of " +
           std::to_string(content.publications.size()) + " publications" + (found_as.empty() ? "" : ", as " + found_as) + "\n";
}

}  // namespace vitae::cli

#include "cli/import/plan/quarto_text.hpp"

#include <regex>
#include <vector>

#include "base/text.hpp"

namespace vitae::cli {

bool is_quarto_page(std::string_view extension) {
    return equals_ignoring_case(extension, ".qmd") || equals_ignoring_case(extension, ".rmd");
}

std::string quarto_text(std::string_view body, std::string_view profile) {
    static const std::regex shortcode("\\{\\{<[^>]*>\\}\\}");
    static const std::regex when("(content-(visible|hidden))[^}]*when-profile\\s*=\\s*\"([^\"]+)\"");
    std::vector<bool> shown{true};  // one per open div: whether its text is shown
    std::string out;
    bool chunk = false;
    for (std::size_t at = 0; at < body.size();) {
        std::size_t end = body.find('\n', at);
        if (end == std::string_view::npos) end = body.size();
        std::string line(body.substr(at, end - at));
        at = end + 1;
        std::string_view bare = trim(line);
        if (chunk) {
            if (bare.starts_with("```")) chunk = false;
            continue;
        }
        if (bare.starts_with("```{")) {  // an executable chunk: its output is not text of the page's
            chunk = true;
            continue;
        }
        if (bare.starts_with(":::")) {
            std::string_view rest = bare.substr(bare.find_first_not_of(':') == std::string_view::npos ? bare.size()
                                                                                                       : bare.find_first_not_of(':'));
            if (trim(rest).empty()) {
                if (shown.size() > 1) shown.pop_back();
            } else {
                bool show = shown.back();
                std::smatch m;
                std::string opening(rest);
                if (!profile.empty() && std::regex_search(opening, m, when)) {
                    bool named = m[3].str() == profile;
                    show = show && (m[2].str() == "visible" ? named : !named);
                }
                shown.push_back(show);
            }
            continue;
        }
        if (!shown.back()) continue;
        out += std::regex_replace(line, shortcode, "") + "\n";
    }
    return out;
}

}  // namespace vitae::cli

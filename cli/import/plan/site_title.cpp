#include "cli/import/plan/site_title.hpp"

#include <regex>

#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "render/text/sanitize.hpp"

namespace vitae::cli {

namespace {

// Removes each `open`...`close` span of `text`.
std::string without_spans(std::string text, std::string_view open, std::string_view close) {
    for (std::size_t at; (at = text.find(open)) != std::string::npos;) {
        std::size_t end = text.find(close, at + open.size());
        if (end == std::string::npos) break;
        text.erase(at, end + close.size() - at);
    }
    return text;
}

bool is_title_fence(std::string_view line) {
    std::string_view t = trim(line);
    return t.starts_with("```") || t.starts_with("~~~");
}

}  // namespace

std::string clean_title(std::string_view written) {
    std::string t(written);
    for (auto [open, close] : {std::pair{"{{<", ">}}"}, {"{{%", "%}}"}, {"{%", "%}"}, {"{{", "}}"}, {"{:", "}"}})
        t = without_spans(t, open, close);
    t = sanitized_text(t);  // HTML tags out, character references read
    static const std::regex link("!?\\[([^\\]]*)\\]\\([^)]*\\)");
    t = std::regex_replace(t, link, "$1");
    // Emphasis only where it is paired ("**A** study", "*B*"): a lone star is text ("u* = √uv").
    static const std::regex strong("(\\*\\*|__)(\\S(?:.*?\\S)?)\\1");
    t = std::regex_replace(t, strong, "$2");
    static const std::regex em("(^|[\\s(\"'])([*_`])(\\S(?:[^*_`]*?\\S)?)\\2(?=[\\s).,:;!?\"']|$)");
    t = std::regex_replace(t, em, "$1$3");
    static const std::regex spaces("\\s+");
    t = std::regex_replace(t, spaces, " ");
    return std::string(trim(t));
}

std::string first_heading(std::string_view markdown) {
    bool fenced = false;
    std::string previous;
    std::size_t pos = 0;
    while (pos < markdown.size()) {
        std::size_t eol = markdown.find('\n', pos);
        std::string line(markdown.substr(pos, eol == std::string_view::npos ? std::string_view::npos : eol - pos));
        pos = eol == std::string_view::npos ? markdown.size() : eol + 1;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (is_title_fence(line)) fenced = !fenced;
        if (fenced) continue;
        std::string_view t = trim(line);
        if (t.starts_with('#')) {
            std::size_t hashes = t.find_first_not_of('#');
            if (hashes != std::string_view::npos && hashes <= 6 && (t[hashes] == ' ' || t[hashes] == '\t')) {
                std::string heading = clean_title(t.substr(hashes));
                while (!heading.empty() && heading.back() == '#') heading.pop_back();  // "## Title ##"
                if (!trim(heading).empty()) return std::string(trim(heading));
            }
        }
        bool underline = t.size() >= 2 && (t.find_first_not_of('=') == std::string_view::npos ||
                                           t.find_first_not_of('-') == std::string_view::npos);
        if (underline && !trim(previous).empty())
            if (std::string heading = clean_title(previous); !heading.empty()) return heading;
        previous = line;
    }
    return {};
}

std::string title_from_file_name(const std::filesystem::path& file) {
    std::string stem = file.stem().string();
    if ((stem == "index" || stem == "_index") && file.has_parent_path()) stem = file.parent_path().filename().string();
    if (auto dated = dated_file_name(stem)) stem = dated->rest;
    for (char& c : stem)
        if (c == '-' || c == '_') c = ' ';
    stem = std::string(trim(stem));
    if (!stem.empty() && stem[0] >= 'a' && stem[0] <= 'z') stem[0] = static_cast<char>(stem[0] - 'a' + 'A');
    return stem;
}

std::string best_title(std::string_view front_title, std::string_view body, const std::filesystem::path& file) {
    if (std::string title = clean_title(front_title); !title.empty()) return title;
    if (std::string heading = first_heading(body); !heading.empty()) return heading;
    return title_from_file_name(file);
}

}  // namespace vitae::cli

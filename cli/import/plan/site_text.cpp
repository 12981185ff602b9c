#include "cli/import/plan/site_text.hpp"

#include <algorithm>
#include <regex>

#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/plan/quarto_text.hpp"
#include "cli/import/plan/site_include.hpp"
#include "cli/import/plan/site_markup.hpp"
#include "render/text/sanitize.hpp"

namespace vitae::cli {

namespace {

// An HTML tag, not an autolink (<https://...>, <a@b.org>).
bool has_html(std::string_view text) {
    static const std::regex tag("</?[A-Za-z][A-Za-z0-9-]*(\\s[^<>]*)?/?>");
    std::string t(text);
    for (auto it = std::sregex_iterator(t.begin(), t.end(), tag); it != std::sregex_iterator(); ++it) {
        std::string m = it->str();
        if (m.find("://") == std::string::npos && m.find('@') == std::string::npos) return true;
    }
    return false;
}

bool is_fence(std::string_view line) {
    std::string_view t = trim(line);
    return t.starts_with("```") || t.starts_with("~~~");
}

void report_removed(SitePlan& plan, const std::filesystem::path& file, int line, const SanitizeReport& report) {
    for (const auto& what : report.removed)
        plan.note(SiteNote::Outcome::warning, file, "raw HTML: removed " + what + " (the sanitizer's allowlist)", line);
    for (const auto& image : report.images)
        plan.note(SiteNote::Outcome::warning, file,
                  "image " + image + ": not imported (add it with vitae add file and link /files/<name>); the <img> still points there",
                  line);
}

// HTML comments (<!-- ... -->, over any number of lines) removed, but in a
// fenced code block: the site never shows them, and split into paragraphs
// a comment's later ones would show.
struct CommentsRemoved {
    std::string text;
    int removed = 0;  // how many comments
};
CommentsRemoved without_html_comments(std::string_view markdown) {
    std::string out;
    int removed = 0;
    bool fenced = false, in_comment = false;
    std::size_t pos = 0;
    while (pos < markdown.size()) {
        std::size_t eol = markdown.find('\n', pos);
        std::size_t end = eol == std::string_view::npos ? markdown.size() : eol + 1;
        std::string_view line = markdown.substr(pos, end - pos);
        pos = end;
        if (!in_comment && is_fence(trim(line))) fenced = !fenced;
        if (fenced) {
            out += line;
            continue;
        }
        std::string kept;
        for (std::size_t at = 0; at < line.size();) {
            if (in_comment) {
                auto close = line.find("-->", at);
                if (close == std::string_view::npos) break;
                in_comment = false;
                at = close + 3;
            } else {
                auto open = line.find("<!--", at);
                kept += line.substr(at, open == std::string_view::npos ? std::string_view::npos : open - at);
                if (open == std::string_view::npos) break;
                in_comment = true;
                ++removed;
                at = open + 4;
            }
        }
        if (!kept.empty() && kept.back() != '\n' && line.ends_with('\n')) kept += '\n';  // the comment ran past this line
        out += kept;
    }
    return {.text = std::move(out), .removed = removed};
}

}  // namespace

std::vector<std::string> paragraphs(std::string_view markdown) {
    std::vector<std::string> out;
    std::string current;
    bool fenced = false;
    std::size_t pos = 0;
    while (pos <= markdown.size()) {
        std::size_t eol = markdown.find('\n', pos);
        std::string_view line = markdown.substr(pos, eol == std::string_view::npos ? std::string_view::npos : eol - pos);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (is_fence(line)) fenced = !fenced;
        if (!fenced && trim(line).empty()) {
            if (!trim(current).empty()) out.push_back(std::string(trim(current)));
            current.clear();
        } else {
            current += std::string(line) + "\n";
        }
        if (eol == std::string_view::npos) break;
        pos = eol + 1;
    }
    if (!trim(current).empty()) out.push_back(std::string(trim(current)));
    return out;
}

namespace {

void report_markup(SitePlan& plan, const std::filesystem::path& file, const std::vector<MarkupNote>& notes) {
    for (const auto& n : notes) plan.note(SiteNote::Outcome::warning, file, n.message, n.line);
}

enum class Generator { jekyll, hugo };

// A Markdown body as its generator reads it: Jekyll runs Liquid over the
// whole text (code blocks too, bar {% raw %}); Hugo runs none, so a page's
// "{{ x }}" (TeX's braces, a template shown as an example) is its text.
std::string markdown_of(SitePlan& plan, const std::filesystem::path& file, std::string_view body, int first_line,
                        Generator generator);

}  // namespace

std::string markdown_for_import(SitePlan& plan, const std::filesystem::path& file, std::string_view body,
                                int first_line) {
    return markdown_of(plan, file, body, first_line, Generator::jekyll);
}

namespace {

std::string markdown_of(SitePlan& plan, const std::filesystem::path& file, std::string_view body, int first_line,
                        Generator generator) {
    std::string quarto;  // a Quarto page: what the built page shows, in the default language
    if (is_quarto_page(file.extension().string()))
        body = quarto = quarto_text(body, plan.languages.empty() ? "" : plan.languages.front().code);
    std::vector<MarkupNote> converted;
    std::string read = generator == Generator::jekyll
                           ? liquid_includes_to_markdown(includes_in_place(plan, file, body), first_line, converted)
                           : std::string(body);
    report_markup(plan, file, converted);
    int attributes = 0;
    read = without_kramdown_attributes(read, attributes);
    if (attributes > 0)
        plan.note(SiteNote::Outcome::warning, file, std::to_string(attributes) +
                                                     " kramdown attribute lists ({: .class}, {:target=\"_blank\"}, {:toc}) removed: "
                                                     "what they set has no meaning in Vitae's pages");
    auto [text, liquid] = generator == Generator::jekyll ? strip_liquid(read, first_line) : LiquidStripped{read, {}};
    for (const auto& tag : liquid)
        plan.note(SiteNote::Outcome::warning, file, "Liquid " + in_quotes(tag.text) + " cannot run here; removed, the text around it kept", tag.line);
    auto uncommented = without_html_comments(text);
    text = std::move(uncommented.text);
    if (uncommented.removed > 0)
        plan.note(SiteNote::Outcome::warning, file, std::to_string(uncommented.removed) + " HTML comments (<!-- -->) left out: the site does not show them either");
    // Paragraph by paragraph, so a fenced code block's "<" is left alone.
    std::string out;
    int html_blocks = 0, line = first_line;
    for (const auto& block : paragraphs(text)) {
        // Its line in the file, near enough for a person to find it.
        if (auto at = body.find(block.substr(0, std::min<std::size_t>(block.size(), 40))); at != std::string_view::npos)
            line = first_line + static_cast<int>(std::count(body.begin(), body.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
        bool code = is_fence(block.substr(0, block.find('\n')));
        if (!code && !block.starts_with(">") && !block.starts_with("    ") && has_html(block)) {
            auto sanitized = sanitize_and_report(block);
            out += sanitized.html + "\n\n";
            report_removed(plan, file, line, sanitized.report);
            ++html_blocks;
            continue;
        }
        out += block + "\n\n";
    }
    if (html_blocks > 0)
        plan.note(SiteNote::Outcome::warning, file,
                  std::to_string(html_blocks) + " paragraphs carry raw HTML: kept, sanitized (and shown so)");
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

}  // namespace

std::string hugo_markdown(SitePlan& plan, const std::filesystem::path& file, std::string_view body, int first_line) {
    std::vector<MarkupNote> converted;
    std::string out = hugo_shortcodes_to_markdown(body, first_line, converted);  // site_markup.cpp: each reported
    report_markup(plan, file, converted);
    for (std::size_t more; (more = out.find("<!--more-->")) != std::string::npos;) out.erase(more, 11);  // the summary's end
    return markdown_of(plan, file, out, first_line, Generator::hugo);
}

std::string html_for_import(SitePlan& plan, const std::filesystem::path& file, std::string_view body, int first_line) {
    auto [text, liquid] = strip_liquid(includes_in_place(plan, file, body), first_line);
    for (const auto& tag : liquid)
        plan.note(SiteNote::Outcome::warning, file, "Liquid " + in_quotes(tag.text) + " cannot run here; removed, the text around it kept", tag.line);
    auto uncommented = without_html_comments(text);
    text = std::move(uncommented.text);
    if (uncommented.removed > 0)
        plan.note(SiteNote::Outcome::warning, file, std::to_string(uncommented.removed) + " HTML comments (<!-- -->) left out: the site does not show them either");
    auto sanitized = sanitize_and_report(text);
    report_removed(plan, file, first_line, sanitized.report);
    return std::move(sanitized.html);
}

}  // namespace vitae::cli

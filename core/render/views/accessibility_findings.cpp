#include "render/views/accessibility_findings.hpp"

#include <optional>

#include "render/math/body_html.hpp"

namespace vitae {

namespace {

std::string default_language(const Content& content) {
    for (const auto& l : content.languages)
        if (l.is_default) return l.code;
    return "en";
}

struct FindingsWalk {
    const Content& content;
    std::vector<ContentFinding> out;

    void body(std::string item, std::string key, std::string field, std::string_view text, BodyFormat format,
              std::string_view lang, std::string language = {}) {
        if (text.empty()) return;
        auto described = [this](std::string_view name) {
            const StoredFile* f = content.file(name);
            return f && !f->alt.empty();
        };
        for (auto& finding : accessible_body(text, format, lang, {}, described).findings)
            out.push_back({item, key, field, language, std::move(finding)});
    }
};

// A translated field that is a body, and how it is written.
std::optional<BodyFormat> translated_body_format(const Content& content, const Translation& t) {
    auto format_of = [&t](const auto& rows) -> std::optional<BodyFormat> {
        for (const auto& row : rows)
            if (row.slug == t.key) return post_body_format(row.body_format);
        return BodyFormat::markdown_math;
    };
    if (t.item == "post" && t.field == "body") return format_of(content.posts);
    if (t.item == "page" && t.field == "body") return format_of(content.pages);
    if ((t.item == "project" || t.item == "news") && t.field == "markdown") return BodyFormat::markdown_math;
    if (t.item == "talk" && t.field == "abstract") return BodyFormat::markdown_math;
    if (t.item == "paragraph" && t.field == "markdown") return BodyFormat::markdown;
    return std::nullopt;
}

}  // namespace

std::vector<ContentFinding> accessibility_findings(const Content& content) {
    FindingsWalk walk{content, {}};
    std::string lang = default_language(content);
    for (const auto& p : content.posts) walk.body("post", p.slug, "body", p.body, post_body_format(p.body_format), lang);
    for (const auto& p : content.pages) walk.body("page", p.slug, "body", p.body, post_body_format(p.body_format), lang);
    for (const auto& p : content.projects) walk.body("project", p.slug, "markdown", p.markdown, BodyFormat::markdown_math, lang);
    for (const auto& n : content.news)
        walk.body("news", std::to_string(n.id), "markdown", n.markdown, BodyFormat::markdown_math, lang);
    for (const auto& t : content.talks)
        walk.body("talk", std::to_string(t.id), "abstract", t.abstract, BodyFormat::markdown_math, lang);
    for (std::size_t i = 0; i < content.bio_markdown.size(); ++i)
        walk.body("paragraph", std::to_string(i + 1), "markdown", content.bio_markdown[i], BodyFormat::markdown, lang);  // by position, as translations key it
    for (const auto& t : content.translations)
        if (auto format = translated_body_format(content, t))
            walk.body(t.item, t.key, t.field, t.text, *format, t.language, t.language);
    if (const StoredFile* photo = content.file(content.photo); photo && photo->alt.empty())
        walk.out.push_back({"profile", "", "photo", "",
                            {AccessibilityRule::image_description, "the profile photo \"" + photo->name + "\""}});
    return std::move(walk.out);
}

std::string ContentFinding::where() const {
    std::string out = item + (key.empty() ? "" : " \"" + key + "\"") + " " + field;
    return language.empty() ? out : out + " (" + language + ")";
}

std::string ContentFinding::how_to_fix() const {
    std::string fix(rule_fix(finding.rule));
    if (item == "profile")
        return fix + "; vitae add file DB PATH --alt TEXT --photo, or the editor's Files";
    if (!language.empty()) return fix + "; vitae translate DB " + language + " " + item + " " + key + " " + field + ", or the editor's Translations";
    if (item == "post") return fix + "; the editor's Posts, or vitae add post DB --slug " + key + " ... --body-file F";
    if (item == "page") return fix + "; the editor's Pages, or vitae add page DB " + key + " --replace --body-file F";
    if (item == "project") return fix + "; the editor's Projects";
    if (item == "news") return fix + "; the editor's News";
    if (item == "talk") return fix + "; the editor's Talks";
    if (item == "paragraph") return fix + "; the editor's Bio paragraphs (the paragraph at position " + key + ")";
    return fix;
}

}  // namespace vitae

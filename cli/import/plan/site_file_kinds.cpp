// The tables behind machinery_part and what_it_holds. Jekyll's, Hugo's and
// Quarto's folders of templates, styles and settings; the repository's own
// files (README, LICENSE, CI); code, styles, fonts and pictures anywhere
// (a picture a row uses is stored, and the ledger calls it imported first).
#include "cli/import/plan/site_file_kinds.hpp"

#include <algorithm>

#include "base/text.hpp"

namespace vitae::cli {

namespace {

struct Part {
    std::string_view name;
    std::string_view what;
};

// The first folder of the path.
constexpr Part machinery_folders[] = {
    {"_layouts", "a layout (a template of the generator)"},
    {"_sass", "the theme's styles"},
    {"_plugins", "a plugin of the generator (code)"},
    {"_scripts", "the theme's scripts"},
    {".github", "the repository's CI and settings"},
    {".gitlab", "the repository's CI and settings"},
    {".circleci", "the repository's CI"},
    {".devcontainer", "a development container's settings"},
    {".vscode", "an editor's settings"},
    {".idea", "an editor's settings"},
    {".husky", "the repository's hooks"},
    {".bundle", "the generator's installed dependencies"},
    {".jekyll-cache", "the generator's cache"},
    {".sass-cache", "the generator's cache"},
    {"_site", "the generator's output"},
    {"public", "the generator's output"},
    {"resources", "the generator's cache (Hugo's resources/)"},
    {"node_modules", "the generator's installed dependencies"},
    {"vendor", "the generator's installed dependencies"},
    {"bin", "the repository's scripts"},
    {"layouts", "a layout (a template of the generator)"},
    {"themes", "the theme's own files"},
    {"archetypes", "the generator's templates for new pages"},
    {"i18n", "the theme's interface strings"},
    {"config", "the site's settings"},
    {"_freeze", "the generator's cache (Quarto's computed output)"},
    {"_extensions", "an extension of the generator"},
    {"markdown_generator", "academicpages' scripts that wrote its _publications and _talks pages (their .tsv sources)"},
    {"talkmap", "academicpages' talk map (a script and its output)"},
    {"lighthouse_results", "the theme's test reports"},
    {"readme_preview", "the theme's README pictures"},
};

// Files at the top of the tree (compared without case).
constexpr std::string_view repository_files[] = {
    "readme", "readme.md", "readme.markdown", "readme.txt", "readme.rst", "license", "license.md", "license.txt",
    "licence", "licence.md", "contributing.md", "changelog.md", "code_of_conduct.md", "security.md",
    "install.md", "faq.md", "customize.md", "authors.md", "citation.cff", ".all-contributorsrc"};
constexpr std::string_view repository_stems[] = {"readme", "contributing", "customize", "faq", "install", "upgrading",
                                                 "changelog", "code_of_conduct", "license", "licence", "security"};
constexpr std::string_view settings_files[] = {
    "gemfile", "gemfile.lock", "rakefile", "makefile", "dockerfile", "docker-compose.yml", "docker-compose.yaml",
    "package.json", "package-lock.json", "yarn.lock", "pnpm-lock.yaml", ".gitignore", ".gitattributes", ".gitmodules",
    ".nojekyll", ".prettierrc", ".prettierignore", ".editorconfig", ".eslintrc", ".eslintrc.json", ".stylelintrc",
    ".pre-commit-config.yaml", ".travis.yml", ".gitlab-ci.yml", "netlify.toml", "vercel.json", "cname", "robots.txt",
    "humans.txt", "go.mod", "go.sum", "requirements.txt", "environment.yml", "environment.yaml", "tsconfig.json", ".dockerignore",
    ".ruby-version", ".nvmrc", ".tool-versions", "staticman.yml", "_redirects", "_headers", ".lighthouserc.json",
    "_quarto.yml", "_publish.yml", "config.toml", "config.yaml", "config.yml", "config.json", "hugo.toml",
    "hugo.yaml", "hugo.yml", "hugo.json", ".htaccess", "404.html", "404.md", "feed.xml", "sitemap.xml",
    ".markdownlint.json", ".markdownlintignore", ".lycheeignore", "renovate.json", ".flake8", "pyproject.toml",
    ".rprofile", ".rbuildignore", ".rhistory"};

// Data the themes ship for their own use (Wowchemy, Hugo Academic).
constexpr Part theme_data[] = {
    {"data/fonts/", "the theme's font settings"}, {"data/themes/", "the theme's colour settings"},
    {"data/assets.toml", "the theme's list of assets"}, {"data/page_sharer.toml", "the theme's share buttons"},
    {"data/page_sharer.yaml", "the theme's share buttons"}, {"data/i18n/", "the theme's interface strings"},
};

constexpr Part machinery_extensions[] = {
    {".css", "the theme's styles"}, {".scss", "the theme's styles"}, {".sass", "the theme's styles"},
    {".less", "the theme's styles"}, {".js", "a script of the theme"}, {".mjs", "a script of the theme"},
    {".cjs", "a script of the theme"}, {".ts", "a script of the theme"}, {".map", "a script's source map"},
    {".rb", "code of the generator"}, {".py", "a script of the repository"}, {".sh", "a script of the repository"},
    {".ps1", "a script of the repository"}, {".r", "a script of the repository (R, blogdown's build)"},
    {".rproj", "an editor's settings (RStudio)"}, {".go", "code of the generator"}, {".php", "code of the host"},
    {".lock", "the generator's pinned dependencies"}, {".woff", "a font"}, {".woff2", "a font"}, {".ttf", "a font"},
    {".eot", "a font"}, {".otf", "a font"}, {".liquid", "a template of the generator"},
    {".gemspec", "the theme's package"}, {".xsl", "a template of the generator"}, {".webmanifest", "the site's settings"},
    {".xml", "a template of the generator (feed, sitemap)"},
    {".png", "a picture of the theme or of a page (a picture a row uses is stored)"},
    {".jpg", "a picture of the theme or of a page (a picture a row uses is stored)"},
    {".jpeg", "a picture of the theme or of a page (a picture a row uses is stored)"},
    {".gif", "a picture of the theme or of a page (a picture a row uses is stored)"},
    {".svg", "a picture of the theme or of a page (a picture a row uses is stored)"},
    {".webp", "a picture of the theme or of a page (a picture a row uses is stored)"},
    {".avif", "a picture of the theme or of a page (a picture a row uses is stored)"},
    {".ico", "the site's icon"}, {".bmp", "a picture of the theme or of a page"}, {".gitkeep", "a placeholder"},
};

constexpr std::string_view page_extensions[] = {".md", ".markdown", ".html", ".htm", ".qmd", ".rmd", ".rmarkdown", ".adoc", ".org"};
constexpr std::string_view data_extensions[] = {".yml", ".yaml", ".json", ".toml", ".csv", ".tsv"};
constexpr std::string_view document_extensions[] = {".pdf", ".doc", ".docx", ".ppt", ".pptx", ".key", ".odt", ".odp",
                                                    ".tex", ".ipynb", ".txt", ".mp4", ".webm", ".mov", ".mp3", ".zip"};

template <typename List>
bool listed(const List& list, std::string_view name) {
    return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

std::string extension_of(std::string_view name) {
    auto dot = name.rfind('.');
    return dot == std::string_view::npos || dot == 0 ? std::string() : ascii_lower(name.substr(dot));
}

}  // namespace

std::optional<std::string> machinery_part(std::string_view file) {
    auto slash = file.find('/');
    std::string_view first = file.substr(0, slash);
    std::string_view name = file.substr(file.rfind('/') == std::string_view::npos ? 0 : file.rfind('/') + 1);
    std::string lower = ascii_lower(name), ext = extension_of(name);
    if (lower == ".ds_store" || lower == "thumbs.db" || lower == "desktop.ini" || lower.ends_with(":zone.identifier") ||
        lower.ends_with("~") || ext == ".swp")
        return "an operating system's or editor's own file";
    if (slash != std::string_view::npos)
        for (const auto& [folder, what] : machinery_folders)
            if (first == folder) return std::string(what);
    for (const auto& [prefix, what] : theme_data)
        if (file.starts_with(prefix)) return std::string(what);
    if (first == "_includes" && ext != ".md" && ext != ".markdown") return "an include that is a template of the theme";
    if (lower == "404.md" || lower == "404.html") return "the page not found of the generator";
    if (first == "_data" && (lower == "strings.yml" || lower == "strings.yaml" || lower == "ui-text.yml" || lower == "ui_text.yml"))
        return "the theme's interface strings";
    if (slash == std::string_view::npos) {
        // README.md, README.pt-br.md, UPGRADING.md...: the repository's documents, in any language.
        std::string stem = lower.substr(0, lower.find('.'));
        if (listed(repository_files, lower) || listed(repository_stems, stem)) return "the repository's own file, not a page of the site";
        if (lower.starts_with("docker-compose") || lower.starts_with(".git")) return "the generator's or the host's settings";
        if (listed(settings_files, lower) || (lower.starts_with("_config") && (ext == ".yml" || ext == ".yaml")))
            return "the generator's or the host's settings";
    }
    for (const auto& [extension, what] : machinery_extensions)
        if (ext == extension) return std::string(what);
    // Under assets/ and static/ whatever is not a document of the owner's is the theme's.
    if ((first == "assets" || first == "static") && slash != std::string_view::npos && !listed(document_extensions, ext) &&
        ext != ".bib")
        return "the theme's assets";
    return std::nullopt;
}

Holds what_it_holds(std::string_view file) {
    std::string ext = extension_of(file);
    if (listed(page_extensions, ext)) return Holds::page;
    if (ext == ".bib") return Holds::bibliography;
    if (listed(data_extensions, ext)) return Holds::data;
    if (listed(document_extensions, ext)) return Holds::document;
    return Holds::nothing_known;
}

}  // namespace vitae::cli

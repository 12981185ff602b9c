// import-site, Quarto: the owner from the `about:` page and the settings.
#include <regex>

#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/plan/quarto_text.hpp"
#include "cli/import/plan/site_text.hpp"
#include "cli/import/quarto/quarto_items.hpp"
#include "render/text/sanitize.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

bool in_main_language(const SitePlan& plan, const QuartoPage& page) {
    return page.language.language.empty() || plan.languages.empty() || page.language.language == plan.languages.front().code;
}

// The page of key `key` ("index.qmd") in the default language; none when there is none.
const QuartoPage* page_of_key(const SitePlan& plan, const std::vector<QuartoPage>& pages, std::string_view key) {
    for (const auto& page : pages)
        if (page.language.key == key && in_main_language(plan, page)) return &page;
    return nullptr;
}

// The home page (index.qmd: an `about:` page, or one that pulls in about.qmd), else about.qmd.
const QuartoPage* quarto_owner_page(const SitePlan& plan, const std::vector<QuartoPage>& pages) {
    for (const char* key : {"index.qmd", "index.md"})
        if (const QuartoPage* index = page_of_key(plan, pages, key); index && index->read.front["about"]) return index;
    for (const char* key : {"index.qmd", "index.md", "about.qmd", "about.md"})
        if (const QuartoPage* page = page_of_key(plan, pages, key)) return page;
    return nullptr;
}

// The page whose text is the bio: the owner page, or the about page it pulls in (knitr's `child="about.qmd"`).
const QuartoPage* quarto_bio_page(const SitePlan& plan, const std::vector<QuartoPage>& pages, const QuartoPage& owner) {
    static const std::regex child("child\\s*=\\s*[\"']([^\"']+)[\"']");
    std::string body = owner.read.body;
    for (std::sregex_iterator m(body.begin(), body.end(), child), end; m != end; ++m) {
        fs::path named = (owner.file.parent_path() / (*m)[1].str()).lexically_normal();
        for (const auto& page : pages)
            if (page.file.lexically_normal() == named && page.file.stem() == "about") return &page;
    }
    if (!owner.read.front["about"] && owner.file.stem() == "index")
        if (const QuartoPage* about = page_of_key(plan, pages, "about.qmd")) return about;
    return &owner;
}

std::vector<std::string> bio_in(SitePlan& plan, const QuartoPage& page, std::string_view profile) {
    std::string text = quarto_text(page.read.body, profile);
    return paragraphs(markdown_for_import(plan, page.file, text, page.read.body_line));
}

void read_quarto_links(SitePlan& plan, const QuartoPage& page) {
    for (const auto& link : yaml_child(yaml_child(page.read.front, "about"), "links")) {
        std::string href(trim(yaml_text(link, "href")));
        std::string label(trim(sanitized_text(yaml_text(link, "text"))));
        if (label.empty()) label = yaml_text(link, "icon");
        if (href.starts_with("mailto:")) plan.profile.emails.push_back({href.substr(7), ""});
        else if (!href.empty()) plan.profile.links.push_back({label.empty() ? href : label, href});
    }
}

// The bio in each other language: that language's page of the same key, else the bio page's own `when-profile` block.
void read_quarto_bio_translations(SitePlan& plan, const std::vector<QuartoPage>& pages, const QuartoPage& bio) {
    for (std::size_t l = 1; l < plan.languages.size(); ++l) {
        const std::string& code = plan.languages[l].code;
        const QuartoPage* source = &bio;
        for (const auto& page : pages)
            if (page.language.key == bio.language.key && page.language.language == code) source = &page;
        std::vector<std::string> parts = bio_in(plan, *source, code);
        if (parts == plan.profile.bio_markdown || parts.empty()) continue;
        std::size_t n = plan.profile.bio_markdown.size();
        for (std::size_t i = n; i < parts.size() && n > 0; ++i) parts[n - 1] += "\n\n" + parts[i];
        for (std::size_t i = 0; i < std::min(n, parts.size()); ++i)
            plan.translations.push_back({code, "paragraph", "", i, "markdown", parts[i]});
        if (source != &bio) plan.note(SiteNote::Outcome::imported, source->file, "the " + code + " translation of the bio");
    }
}

}  // namespace

void read_quarto_owner(SitePlan& plan, const std::vector<QuartoPage>& pages) {
    YAML::Node settings;
    try {
        settings = YAML::Load(read_site_file(plan.dir / "_quarto.yml"));
    } catch (const std::exception& e) {
        plan.note(SiteNote::Outcome::skipped, plan.dir / "_quarto.yml", e.what());
    }
    const QuartoPage* owner = quarto_owner_page(plan, pages);
    std::string title = owner && owner->read.front["about"] ? std::string(trim(yaml_text(owner->read.front, "title"))) : "";
    plan.profile.name = sanitized_text(title.empty() ? yaml_text(yaml_child(settings, "website"), "title") : title);
    if (title.empty() && !plan.profile.name.empty())
        plan.note(SiteNote::Outcome::imported, plan.dir / "_quarto.yml", "the owner's name (website: title)");
    if (!owner) return plan.note(SiteNote::Outcome::warning, plan.dir, "no index.qmd or about.qmd: no bio imported");
    plan.profile.job_title = sanitized_text(trim(yaml_text(owner->read.front, "subtitle")));
    read_quarto_links(plan, *owner);
    if (std::string image(trim(yaml_text(owner->read.front, "image"))); !image.empty() && fs::is_regular_file(owner->file.parent_path() / image))
        plan.photo = owner->file.parent_path() / image;
    const QuartoPage* bio = quarto_bio_page(plan, pages, *owner);
    plan.profile.bio_markdown = bio_in(plan, *bio, plan.languages.empty() ? "" : plan.languages.front().code);
    plan.note(SiteNote::Outcome::imported, owner->file,
              "owner " + in_quotes(plan.profile.name) + ", " + std::to_string(plan.profile.links.size()) + " links, " +
                  std::to_string(plan.profile.emails.size()) + " e-mail" +
                  (bio == owner ? ", " + std::to_string(plan.profile.bio_markdown.size()) + " bio paragraphs" : std::string()));
    if (bio != owner)
        plan.note(SiteNote::Outcome::imported, bio->file, "the bio (" + std::to_string(plan.profile.bio_markdown.size()) + " paragraphs)");
    read_quarto_bio_translations(plan, pages, *bio);
}

}  // namespace vitae::cli

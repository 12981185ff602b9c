// import-site: a Hugo site whose languages each have their content folder
// (`contentDir = "content/fr"`): the default language's read as the site,
// each other's read the same way on its own, its items then handed to the
// site's lists, where fold_translations makes each a translation of the
// item of the same path (site_languages.hpp), and its owner's bio the bio's.
#include <set>

#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/hugo/readers.hpp"
#include "cli/import/plan/site_data.hpp"
#include "cli/import/plan/site_languages.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

void read_hugo_language(SitePlan& plan) {
    if (plan.theme == "hugo-blox") {
        read_hugo_profile(plan);
        read_hugo_widgets(plan);
    } else {
        read_hugo_theme_owner(plan);  // PaperMod, Congo, Blowfish, Ananke...: the settings and the about page
    }
    read_hugo_content(plan);
}

template <class T>
void hand_over(SitePlan& site, const SitePlan& language, const std::string& item, std::vector<T>& to, std::vector<T>& from) {
    for (std::size_t i = 0; i < from.size(); ++i) {
        to.push_back(std::move(from[i]));
        if (auto found = language.sources.find({item, i}); found != language.sources.end())
            site.source(item, to.size(), found->second);
    }
}

// The language's owner: its bio, role and affiliation as the site's translations.
void translate_owner(SitePlan& site, const SitePlan& language, const std::string& code) {
    const Content& p = language.profile;
    std::size_t n = site.profile.bio_markdown.size();
    std::vector<std::string> parts = p.bio_markdown;
    for (std::size_t i = n; i < parts.size() && n > 0; ++i) parts[n - 1] += "\n\n" + parts[i];
    for (std::size_t i = 0; i < std::min(n, parts.size()); ++i)
        if (parts[i] != site.profile.bio_markdown[i]) site.translations.push_back({code, "paragraph", "", i, "markdown", parts[i]});
    if (!p.job_title.empty() && p.job_title != site.profile.job_title) site.translations.push_back({code, "profile", "", 0, "job_title", p.job_title});
    if (!p.affiliation.empty() && p.affiliation != site.profile.affiliation)
        site.translations.push_back({code, "profile", "", 0, "affiliation", p.affiliation});
}

// A cite.bib of the language whose twin the default language has is the same entries: noted, not read twice.
void hand_over_bibliographies(SitePlan& site, SitePlan& language, const std::string& code) {
    std::map<std::string, fs::path> keys;
    for (const auto& bib : site.bibliographies) keys[file_language(site, bib).key] = bib;
    for (const auto& bib : language.bibliographies) {
        auto twin = keys.find(file_language(site, bib).key);
        if (twin == keys.end()) {
            site.bibliographies.push_back(bib);
            continue;
        }
        std::erase_if(language.notes, [&](const SiteNote& n) { return n.file == site.relative(bib); });
        site.note(SiteNote::Outcome::imported, bib, "the " + code + " copy of " + site.relative(twin->second) + ": its entries are read from there");
    }
    for (auto& extra : language.publication_extras)
        if (!keys.count(file_language(site, extra.file.parent_path() / "cite.bib").key)) site.publication_extras.push_back(std::move(extra));
}

// The language's notes on its own files (the settings are the site's, noted
// once); its owner page and publication pages said to be translations.
void hand_over_notes(SitePlan& site, SitePlan& language, const std::string& code) {
    std::string folder = language.content.generic_string() + "/";
    std::set<std::string> read_from_twin;
    for (const auto& bib : site.bibliographies) read_from_twin.insert(site.relative(bib));
    for (auto& note : language.notes) {
        if (!note.file.starts_with(folder)) continue;
        if (note.outcome == SiteNote::Outcome::imported && note.message.starts_with("owner "))
            note.message = "the " + code + " translation of the owner's page (the bio, role and affiliation; was: " + note.message + ")";
        else if (note.outcome == SiteNote::Outcome::imported && note.message.starts_with("publication ") &&
                 !read_from_twin.count(note.file.substr(0, note.file.rfind('/') + 1) + "cite.bib"))
            note.message = "the " + code + " page of " + note.message + " (its cite.bib the default language's)";
        site.notes.push_back(std::move(note));
    }
}

}  // namespace

void read_hugo_site(SitePlan& plan) {
    std::vector<std::string> folders;
    for (const auto& language : plan.languages)
        if (fs::is_directory(plan.dir / "content" / language.code)) folders.push_back(language.code);
    if (folders.empty() || folders.front() != plan.languages.front().code) {  // one content folder for all languages
        read_hugo_language(plan);
        return read_data_files(plan, plan.dir / "data");
    }
    plan.content = fs::path("content") / folders.front();
    read_hugo_language(plan);
    read_data_files(plan, plan.dir / "data");
    for (std::size_t l = 1; l < folders.size(); ++l) {
        SitePlan language;
        language.dir = plan.dir;
        language.theme = plan.theme;
        language.options = plan.options;
        language.languages = plan.languages;
        language.content = fs::path("content") / folders[l];
        read_hugo_language(language);
        translate_owner(plan, language, folders[l]);
        hand_over_bibliographies(plan, language, folders[l]);
        hand_over(plan, language, "post", plan.posts, language.posts);
        hand_over(plan, language, "talk", plan.talks, language.talks);
        hand_over(plan, language, "publication", plan.publications, language.publications);
        for (auto& project : language.projects) plan.projects.push_back(std::move(project));
        hand_over_notes(plan, language, folders[l]);
        plan.demo_files_taken.merge(language.demo_files_taken);
    }
}

}  // namespace vitae::cli

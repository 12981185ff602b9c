#include "cli/import/site/import_site.hpp"

#include <algorithm>
#include <set>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "bibtex/bib_import.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/hugo/readers.hpp"
#include "cli/import/jekyll/readers.hpp"
#include "cli/import/quarto/quarto.hpp"
#include "cli/import/plan/site_data.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_file_kinds.hpp"
#include "cli/import/plan/site_languages.hpp"
#include "cli/import/plan/site_ledger.hpp"
#include "cli/import/plan/site_pages.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_sections.hpp"
#include "cli/import/plan/site_teaching.hpp"
#include "picture/upload.hpp"
#include "rules/work_identity.hpp"
#include "store/model/publication_identity.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/publication_store.hpp"
#include "store/schema/schema.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/posts.hpp"
#include "store/write/profile.hpp"
#include "store/write/publications.hpp"
#include "store/write/sections.hpp"
#include "store/write/teaching.hpp"

namespace vitae::cli {

namespace {

namespace fs = std::filesystem;

// What import-site reads, named in every refusal.
constexpr const char* supported = "import-site reads Jekyll sites on the al-folio or academicpages theme, Hugo sites "
                                  "on any theme (Hugo Blox, Wowchemy and Hugo Academic read in full; PaperMod, Congo, "
                                  "Blowfish, Ananke and others by their settings and content/ sections) and Quarto websites";

// al-folio: _bibliography/ or _news/, or its _config.yml keys; academicpages:
// the author: block and its collections; Hugo Blox: hugo.cpp's markers.
// Anything else is refused, naming what was looked for and what is read.
std::string detect_theme(const fs::path& dir) {
    std::string site = "import-site: " + in_quotes(dir.string());
    if (!fs::is_directory(dir)) throw UsageError(site + " is not a folder");
    if (is_hugo_site(dir)) return "hugo-blox";
    if (fs::exists(dir / "_quarto.yml")) return "quarto";
    if (is_any_hugo_site(dir)) {  // PaperMod, Congo, Blowfish, Ananke...: "hugo-papermod"; "hugo" when none is named
        std::string theme = hugo_theme_name(dir);
        return theme.empty() ? "hugo" : "hugo-" + theme;
    }
    bool hugo_settings = false;
    for (const char* name : {"hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config/_default", "config.toml"})
        hugo_settings = hugo_settings || fs::exists(dir / name);
    if (hugo_settings && !fs::exists(dir / "_config.yml"))
        throw UsageError(site + " is a Hugo site without a content/ folder: nothing of the owner's to read. " + supported);
    if (!fs::exists(dir / "_config.yml"))
        throw UsageError(site + " is none of the sites import-site reads: looked for Jekyll's _config.yml, Hugo's settings "
                         "(hugo.toml, hugo.yaml, config.toml, config.yaml, config.yml, config/_default/) and Quarto's "
                         "_quarto.yml, and found none. " + supported);
    std::string config = "\n" + read_site_file(dir / "_config.yml");  // a key at the first line too
    if (fs::exists(dir / "_bibliography") || fs::exists(dir / "_news") || config.find("\nfirst_name:") != std::string::npos ||
        config.find("al-folio") != std::string::npos)
        return "al-folio";
    if (fs::exists(dir / "_publications") || fs::exists(dir / "_talks") || config.find("academicpages") != std::string::npos ||
        config.find("\nauthor:") != std::string::npos)
        return "academicpages";
    throw UsageError(site + " is a Jekyll site (_config.yml) on a theme import-site does not read: looked for al-folio's "
                     "_bibliography/, _news/ or first_name:, academicpages' _publications/, _talks/ or author:, and found "
                     "none. " + supported);
}

// A new file, or one `vitae init` made: a profile row at most.
bool prepare_database(const std::string& db_path, const std::string& owner) {
    if (!fs::exists(db_path)) {
        init_database(db_path, owner);
        return true;
    }
    auto db = open_checked(db_path, OpenMode::read_only);
    if (auto table = first_table_with_content(db))
        throw UsageError("import-site: " + in_quotes(db_path) + " has content (" + *table +
                         "); import into a new file, or one `vitae init` just made");
    return false;
}

// The profile row (when the site names its owner), then each list in order.
void write_profile(const Db& db, SitePlan& plan) {
    const Content& p = plan.profile;
    if (!p.name.empty()) upsert_profile(db, p);
    for (const auto& paragraph : p.bio_markdown) plan.paragraph_positions.push_back(insert_profile_paragraph(db, paragraph));
    for (const auto& email : p.emails) insert_profile_email(db, email);
    for (const auto& link : stored_links(db, plan, p.links, "of the profile", plan.dir)) insert_profile_link(db, link);
    for (const auto& variant : p.name_variants) insert_profile_name_variant(db, variant);
    for (const auto& education : p.education) insert_education(db, education);
    for (const auto& teaching : p.teaching) plan.teaching_positions.push_back(insert_teaching(db, teaching));
    for (const auto& service : p.services) insert_service(db, service);
    for (const auto& experience : p.experiences) insert_experience(db, experience);
}

// The entries `imported` added that are works the site has already (an
// earlier entry, another file, a page): reported, all kept (same_work_note).
void note_repeated_works(const Db& db, SitePlan& plan, const fs::path& file, const ImportReport& imported) {
    std::set<std::string> added;
    for (const auto& change : imported.changes)
        if (change.action == ImportChange::Action::add) added.insert(change.slug);
    WorkIndex earlier;
    std::vector<std::string> slugs;
    for (const auto& row : publication_rows(db)) {  // in the order written
        WorkIdentity work = identity_of(row.publication);
        auto found = added.count(row.publication.slug) ? earlier.find(work) : std::nullopt;
        if (found)
            plan.note(SiteNote::Outcome::warning, file, row.publication.slug + ": " + same_work_note(found->by, slugs[found->at]));
        earlier.add(slugs.size(), work);
        slugs.push_back(row.publication.slug);
    }
}

// papers.bib (or a Hugo Blox publication's cite.bib) through import-bibtex's
// own code; the theme's demo entries out.
void import_bibliography(const Db& db, SitePlan& plan, SiteImportReport& report, const fs::path& file) {
    BibFile bib = read_bibtex_file(file);
    bib.name = plan.relative(file);
    std::vector<BibEntry> kept;
    for (auto& entry : bib.entries) {
        const BibField* author = entry.find("author");
        if (is_demo_bib_entry(entry.key, author ? author->value : "") &&
            !plan.keep_demo(file, "@" + entry.type + "{" + entry.key + "}: the theme's example entry", entry.line))
            continue;
        if (auto forced = plan.bib_types.find(file); forced != plan.bib_types.end()) entry.type = forced->second;
        if (auto renamed = plan.bib_keys.find(file); renamed != plan.bib_keys.end() && entry.key == renamed->second.first) {
            plan.note(SiteNote::Outcome::warning, file, "key " + entry.key + " is another folder's cite.bib's too: imported as " +
                                                         renamed->second.second, entry.line);
            entry.key = renamed->second.second;
        }
        kept.push_back(std::move(entry));
    }
    bib.entries = std::move(kept);
    ImportReport imported = import_bibtex_file(db, std::move(bib), {});
    for (const auto& problem : imported.file.problems)
        plan.note(problem.skipped ? SiteNote::Outcome::skipped : SiteNote::Outcome::warning, file,
                  (problem.key.empty() ? "" : problem.key + ": ") + problem.message, problem.line);
    report.counts.bibtex_publications += imported.changes.size();
    if (imported.changes.empty() && std::any_of(plan.notes.begin(), plan.notes.end(), [&](const SiteNote& n) {
            return n.outcome == SiteNote::Outcome::demo && n.file == plan.relative(file);
        }))
        return;  // only the theme's example entries: the file is demo (its lines say so), not "0 publications"
    plan.note(SiteNote::Outcome::imported, file, std::to_string(imported.changes.size()) + " publications (import-bibtex)");
    note_repeated_works(db, plan, file, imported);
}

// The pages of the tree no reader took, which the ledger would call not
// understood and the owner's: Jekyll's anywhere but _includes/ (an include
// no page pulls in) and _drafts/, Hugo's under content/.
std::vector<fs::path> unread_pages(const SitePlan& plan) {
    std::set<std::string> noted;
    for (const auto& note : plan.notes) noted.insert(note.file);
    std::vector<fs::path> out;
    for (const auto& e : site_ledger(plan.dir, plan.notes)) {
        bool place = plan.is_hugo() ? e.file.starts_with("content/")
                                               : !e.file.starts_with("_includes/") && !e.file.starts_with("_drafts/");
        if (e.kind == FileClass::not_understood && e.owners && what_it_holds(e.file) == Holds::page && place && !noted.count(e.file))
            out.push_back(plan.dir / e.file);
    }
    return out;
}

}  // namespace

// The profile picture as a stored file (with its smaller copies): a picture
// Vitae does not serve is reported, and the import goes on without it.
void import_photo(const Db& db, SitePlan& plan) {
    std::string name = file_name_from(plan.photo.filename().string());
    try {
        auto stored = store_upload(db, read_upload(name, read_file_to_add(plan.photo.string())), plan.profile.name,
                                   ProfilePhoto::yes);
        plan.note(SiteNote::Outcome::imported, plan.photo, "the profile photo, as " + stored.file.name + " (" +
                                                            std::to_string(stored.copies) + " smaller copies)");
    } catch (const Error& e) {
        plan.note(SiteNote::Outcome::skipped, plan.photo, std::string("profile picture: ") + e.what());
    }
}

SiteImportReport import_site(const fs::path& dir, const std::string& db_path, const SiteImportOptions& options) {
    SitePlan plan;
    plan.dir = dir;
    plan.options = options;
    for (auto& name : plan.options.include_demo_files) {  // "./_news/a.md", "DIR/_news/a.md": what the report calls "_news/a.md"
        fs::path path = fs::path(name).lexically_normal();
        fs::path in_site = path.lexically_relative(dir.lexically_normal());
        if (!in_site.empty() && !in_site.string().starts_with("..")) path = in_site;
        name = path.generic_string();
    }
    plan.theme = detect_theme(dir);
    read_site_languages(plan);
    if (plan.theme == "quarto") {
        read_quarto_site(plan);
    } else if (plan.is_hugo()) {
        read_hugo_site(plan);  // Hugo Blox's readers, or another theme's owner (themes.cpp), per language
    } else {
        read_profile(plan);
        read_posts(plan);
        read_publications(plan);
        read_teaching(plan);
        read_talks(plan);
        read_news(plan);
        read_cv(plan);
        read_projects(plan);
        if (fs::exists(dir / "_bibliography" / "papers.bib")) plan.bibliography = dir / "_bibliography" / "papers.bib";
        read_data_files(plan, dir / "_data");
    }
    read_translated_bio(plan, plan.bio_file);
    read_owner_pages(plan, unread_pages(plan));
    fold_translations(plan);

    for (const auto& name : plan.options.include_demo_files)
        if (!plan.demo_files_taken.count(name))
            throw UsageError("import-site: --include-demo-file " + in_quotes(name) +
                             ": no demo content there (the report's \"demo\" lines name the files that have some)");

    SiteImportReport report;
    report.theme = plan.theme;
    report.created = prepare_database(db_path, plan.profile.name);
    try {
        auto db = Db::open(db_path, OpenMode::read_write);
        LoggedTransaction transaction(db, cli_editor_name());
        transaction.watch_all();
        write_profile(db, plan);
        for (const auto& post : plan.posts) insert_post(db, post);
        for (auto publication : plan.publications) {
            publication.links = stored_links(db, plan, publication.links, "of " + publication.slug, plan.dir);
            insert_publication(db, publication);
        }
        std::vector<std::int64_t> news_ids, talk_ids;
        for (const auto& news : plan.news) news_ids.push_back(insert_news(db, news));
        for (auto talk : plan.talks) {  // Hugo: slides in the talk's folder are stored and linked
            for (auto [what, url] : {std::pair{"slides", &talk.url_slides}, {"video", &talk.url_video}, {"event", &talk.url_event}})
                *url = stored_link(db, plan, *url, std::string(what) + " of " + in_quotes(talk.title), plan.dir);
            talk_ids.push_back(insert_talk(db, talk));
        }
        if (!plan.bibliography.empty()) import_bibliography(db, plan, report, plan.bibliography);
        for (const auto& bib : plan.bibliographies) import_bibliography(db, plan, report, bib);
        if (!plan.photo.empty()) import_photo(db, plan);
        write_sections(db, plan);
        write_owner_pages(db, plan);
        write_translations(db, plan, news_ids, talk_ids);
        transaction.commit();
        // A site that names no owner has no profile row yet, and no content
        // version loads without one: its findings wait for `vitae check --accessibility`.
        if (!plan.profile.name.empty()) report.accessibility = accessibility_findings(load_content(db));
    } catch (...) {
        if (report.created) fs::remove(db_path);  // nothing half-made is left under that name
        throw;
    }
    const Content& p = plan.profile;
    report.counts = {.bio_paragraphs = p.bio_markdown.size(),
                     .links = p.links.size(),
                     .emails = p.emails.size(),
                     .posts = plan.posts.size(),
                     .publications = plan.publications.size(),
                     .bibtex_publications = report.counts.bibtex_publications,
                     .teaching = p.teaching.size(),
                     .education = p.education.size(),
                     .experience = p.experiences.size(),
                     .service = p.services.size(),
                     .news = plan.news.size(),
                     .talks = plan.talks.size(),
                     .projects = plan.projects.size(),
                     .pages = plan.pages.size(),
                     .awards = plan.awards.size()};
    report.notes = std::move(plan.notes);
    report.ledger = site_ledger(dir, report.notes);
    return report;
}

}  // namespace vitae::cli

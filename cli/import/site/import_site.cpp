#include "cli/import/site/import_site.hpp"

#include "cli/commands/import_bibtex.hpp"

#include "cli/commands/add_post.hpp"
#include "cli/commands/file_commands.hpp"
#include "store/model/slug.hpp"

#include <algorithm>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/commands/section_commands.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/hugo/readers.hpp"
#include "cli/import/jekyll/readers.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_sections.hpp"
#include "cli/import/plan/site_teaching.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/publication_store.hpp"
#include "store/schema/schema.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

namespace {

namespace fs = std::filesystem;

// al-folio: _bibliography/ or _news/, or its _config.yml keys; academicpages:
// the author: block and its collections. Anything else is refused.
std::string detect_theme(const fs::path& dir) {
    if (!fs::is_directory(dir)) throw UsageError("import-site: " + in_quotes(dir.string()) + " is not a folder");
    if (is_hugo_site(dir)) return "hugo-blox";
    if (fs::exists(dir / "config.toml") || fs::exists(dir / "hugo.toml") || fs::exists(dir / "hugo.yaml"))
        throw UsageError("import-site: " + in_quotes(dir.string()) +
                         " is a Hugo site but not a Hugo Blox one (no content/authors, no landing page of blocks)");
    if (!fs::exists(dir / "_config.yml"))
        throw UsageError("import-site: " + in_quotes(dir.string()) + " has no _config.yml: not a Jekyll site");
    std::string config = "\n" + read_site_file(dir / "_config.yml");  // a key at the first line too
    if (fs::exists(dir / "_bibliography") || fs::exists(dir / "_news") || config.find("\nfirst_name:") != std::string::npos ||
        config.find("al-folio") != std::string::npos)
        return "al-folio";
    if (fs::exists(dir / "_publications") || fs::exists(dir / "_talks") || config.find("academicpages") != std::string::npos ||
        config.find("\nauthor:") != std::string::npos)
        return "academicpages";
    throw UsageError("import-site: " + in_quotes(dir.string()) +
                     " is a Jekyll site of a layout not supported yet (al-folio or academicpages)");
}

// A new file, or one `vitae init` made: a profile row at most.
bool prepare_database(const std::string& db_path, const std::string& owner) {
    if (!fs::exists(db_path)) {
        init_database(db_path, owner);
        return true;
    }
    auto db = open_checked(db_path, OpenMode::read_only);
    for (const char* table : {"profile_paragraph", "profile_email", "profile_link", "profile_name_variant", "coauthor",
                              "education", "post", "publication", "teaching", "service", "experience", "project",
                              "award", "news", "talk"}) {
        auto count = db.prepare(std::string("SELECT count(*) FROM ") + table);
        count.step();
        if (count.int_at(0) > 0)
            throw UsageError("import-site: " + in_quotes(db_path) + " has content (" + table +
                             "); import into a new file, or one `vitae init` just made");
    }
    return false;
}

void write_list(const Db& db, const char* sql, std::size_t n, const std::function<void(Stmt&, std::size_t)>& bind) {
    auto insert = db.prepare(sql);
    for (std::size_t i = 0; i < n; ++i) {
        insert.bind(1, static_cast<std::int64_t>(i + 1));
        bind(insert, i);
        insert.step();
        insert.reset();
    }
}

void write_profile(const Db& db, const Content& p) {
    if (!p.name.empty()) {
        auto upsert = db.prepare("INSERT INTO profile (id, name, affiliation, job_title) VALUES (1, ?, ?, ?) "
                                 "ON CONFLICT (id) DO UPDATE SET name = excluded.name, affiliation = excluded.affiliation, "
                                 "job_title = excluded.job_title");
        upsert.bind(1, p.name);
        upsert.bind(2, p.affiliation);
        upsert.bind(3, p.job_title);
        upsert.step();
    }
    write_list(db, "INSERT INTO profile_paragraph (position, markdown) VALUES (?, ?)", p.bio_markdown.size(),
               [&](Stmt& s, std::size_t i) { s.bind(2, p.bio_markdown[i]); });
    write_list(db, "INSERT INTO profile_email (position, address, label) VALUES (?, ?, ?)", p.emails.size(),
               [&](Stmt& s, std::size_t i) { s.bind(2, p.emails[i].address); s.bind(3, p.emails[i].label); });
    write_list(db, "INSERT INTO profile_link (position, label, url) VALUES (?, ?, ?)", p.links.size(),
               [&](Stmt& s, std::size_t i) { s.bind(2, p.links[i].label); s.bind(3, p.links[i].url); });
    write_list(db, "INSERT INTO profile_name_variant (position, name) VALUES (?, ?)", p.name_variants.size(),
               [&](Stmt& s, std::size_t i) { s.bind(2, p.name_variants[i]); });
    write_list(db, "INSERT INTO education (position, start_year, end_year, degree, institution) VALUES (?, ?, ?, ?, ?)",
               p.education.size(), [&](Stmt& s, std::size_t i) {
                   s.bind(2, std::int64_t{p.education[i].start_year});
                   s.bind(3, std::int64_t{p.education[i].end_year});
                   s.bind(4, p.education[i].degree);
                   s.bind(5, p.education[i].institution);
               });
    write_list(db, "INSERT INTO teaching (position, course, title, term) VALUES (?, ?, ?, ?)", p.teaching.size(),
               [&](Stmt& s, std::size_t i) { s.bind(2, p.teaching[i].course); s.bind(3, p.teaching[i].title); s.bind(4, p.teaching[i].term); });
    write_list(db, "INSERT INTO service (position, role, venue) VALUES (?, ?, ?)", p.services.size(),
               [&](Stmt& s, std::size_t i) { s.bind(2, p.services[i].role); s.bind(3, p.services[i].venue); });
    write_list(db, "INSERT INTO experience (position, organization, location, role, start_month, end_month) VALUES (?, ?, ?, ?, ?, ?)",
               p.experiences.size(), [&](Stmt& s, std::size_t i) {
                   const auto& e = p.experiences[i];
                   s.bind(2, e.organization); s.bind(3, e.location); s.bind(4, e.role); s.bind(5, e.start_month); s.bind(6, e.end_month);
               });
}

void write_posts(const Db& db, const std::vector<Post>& posts) {
    for (const auto& p : posts)
        insert_post(db, NewPost{p.slug, p.title, p.published, p.body_format, p.body, p.tags, p.draft, p.preview_token});
}

// papers.bib (or a Hugo Blox publication's cite.bib) through import-bibtex's
// own code; the theme's demo entries out.
void import_bibliography(const Db& db, SitePlan& plan, SiteImportReport& report, const fs::path& file) {
    BibFile bib = read_bibtex_file(file);
    bib.name = plan.relative(file);
    std::vector<BibEntry> kept;
    for (auto& entry : bib.entries) {
        const BibField* author = entry.find("author");
        if (is_demo_bib_entry(entry.key, author ? author->value : "")) {
            plan.note(SiteNote::Kind::demo, file, "@" + entry.type + "{" + entry.key + "}: the theme's example entry; left out", entry.line);
            continue;
        }
        kept.push_back(std::move(entry));
    }
    bib.entries = std::move(kept);
    ImportReport imported = import_bibtex_file(db, std::move(bib), {});
    for (const auto& problem : imported.file.problems)
        plan.note(problem.skipped ? SiteNote::Kind::skipped : SiteNote::Kind::warning, file,
                  (problem.key.empty() ? "" : problem.key + ": ") + problem.message, problem.line);
    report.counts.bibtex_publications += imported.changes.size();
    plan.note(SiteNote::Kind::imported, file, std::to_string(imported.changes.size()) + " publications (import-bibtex)");
}

}  // namespace

// The profile picture as a stored file (with its smaller copies): a picture
// Vitae does not serve is reported, and the import goes on without it.
void import_photo(const Db& db, SitePlan& plan) {
    std::string name = file_name_from(plan.photo.filename().string());
    try {
        auto stored = store_file(db, name, read_file_to_add(plan.photo.string()), plan.profile.name, true);
        plan.note(SiteNote::Kind::imported, plan.photo, "the profile photo, as " + stored.file.name + " (" +
                                                            std::to_string(stored.copies) + " smaller copies)");
    } catch (const Error& e) {
        plan.note(SiteNote::Kind::skipped, plan.photo, std::string("profile picture: ") + e.what());
    }
}

SiteImportReport import_site(const fs::path& dir, const std::string& db_path) {
    SitePlan plan;
    plan.dir = dir;
    plan.theme = detect_theme(dir);
    if (plan.theme == "hugo-blox") {
        read_hugo_profile(plan);
        read_hugo_widgets(plan);
        read_hugo_content(plan);
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
    }

    SiteImportReport report;
    report.theme = plan.theme;
    report.created = prepare_database(db_path, plan.profile.name);
    try {
        auto db = Db::open(db_path, OpenMode::read_write);
        Transaction transaction(db);
        write_profile(db, plan.profile);
        write_posts(db, plan.posts);
        for (const auto& publication : plan.publications) insert_publication(db, publication);
        for (const auto& news : plan.news) insert_news(db, news);
        for (auto talk : plan.talks) {  // Hugo: slides in the talk's folder are stored and linked
            talk.url_slides = stored_link(db, plan, talk.url_slides, "slides of " + in_quotes(talk.title));
            talk.url_video = stored_link(db, plan, talk.url_video, "video of " + in_quotes(talk.title));
            insert_talk(db, talk);
        }
        if (!plan.bibliography.empty()) import_bibliography(db, plan, report, plan.bibliography);
        for (const auto& bib : plan.bibliographies) import_bibliography(db, plan, report, bib);
        if (!plan.photo.empty()) import_photo(db, plan);
        write_sections(db, plan);
        transaction.commit();
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
                     .awards = plan.awards.size()};
    report.notes = std::move(plan.notes);
    return report;
}

}  // namespace vitae::cli

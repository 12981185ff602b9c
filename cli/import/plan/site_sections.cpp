// import-site: writing the rows the readers found for projects and their
// links, the publications and posts they relate to, awards, publications'
// preview pictures and extras, through the tables' writers (store/write/),
// inside the import's transaction and after publications and posts, whose
// ids and slugs they name. Pictures are read and stored as every upload is
// (read_upload, store_upload), with their smaller copies, and so are the
// files a link names (a paper's PDF in its Hugo bundle); one that cannot be
// stored is reported and the row goes in without it. Read inside the
// import's one transaction: import-site writes a new site's database, all
// or nothing, where no other save waits.
#include <algorithm>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_sections.hpp"
#include "cli/import/plan/site_text.hpp"
#include "http/routes.hpp"
#include "picture/upload.hpp"
#include "rules/link.hpp"
#include "store/model/file_type.hpp"
#include "store/model/slug.hpp"
#include "store/rows/file_store.hpp"
#include "store/rows/publication_store.hpp"
#include "store/write/awards.hpp"
#include "store/write/files.hpp"
#include "store/write/projects.hpp"
#include "store/write/publications.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// The row, then each link as its file is stored (a link to a file that
// cannot be stored is left out).
void write_project(const Db& db, SitePlan& plan, const SiteProject& p) {
    std::string image = p.image.empty() ? "" : store_site_file(db, plan, p.image, p.title, "project picture", FileWanted::picture);
    insert_project(db, {.slug = p.slug, .title = p.title, .summary = p.summary, .markdown = p.markdown, .image = image,
                        .links = {}, .publications = {}, .posts = {}});
    for (const auto& l : stored_links(db, plan, p.links, "of project " + p.slug, p.file))
        if (!trim(l.label).empty() && !l.url.empty()) insert_project_link(db, p.slug, l);
}

// In the theme's order (importance, weight), the others after them as read.
void write_projects(const Db& db, SitePlan& plan) {
    std::vector<const SiteProject*> ordered;
    for (const auto& p : plan.projects) ordered.push_back(&p);
    std::stable_sort(ordered.begin(), ordered.end(), [](const SiteProject* a, const SiteProject* b) {
        return (a->order == 0 ? 1 : 0) < (b->order == 0 ? 1 : 0) || (a->order != 0 && b->order != 0 && a->order < b->order);
    });
    for (const auto* p : ordered) write_project(db, plan, *p);
}

const SiteProject* project_named(const SitePlan& plan, const std::string& slug) {
    for (const auto& p : plan.projects)
        if (p.slug == slug || slug_from(fs::path(p.file).parent_path().filename().string()) == slug_from(slug)) return &p;
    return nullptr;
}

void write_relations(const Db& db, SitePlan& plan) {
    for (const auto& r : plan.relations) {
        const SiteProject* project = project_named(plan, r.project);
        if (!project) continue;  // a demo project, or one not imported: nothing to relate
        if (!r.publication.empty()) {
            auto id = publication_id_named(db, r.publication);
            if (!id) {
                plan.note(SiteNote::Outcome::warning, project->file, "related publication " + in_quotes(r.publication) + " was not imported");
                continue;
            }
            relate_project_publication(db, project->slug, *id);
        } else {
            relate_project_post(db, project->slug, r.post);  // nothing when the post was not imported
        }
    }
}

void write_awards(const Db& db, const SitePlan& plan) {
    for (const auto& a : plan.awards) insert_award(db, a);
}

// al-folio: papers.bib's preview={file.png}, kept by import-bibtex as a field.
void find_bib_previews(const Db& db, SitePlan& plan) {
    if (plan.bibliography.empty()) return;
    for (const auto& [slug, picture] : publication_field_values(db, "preview"))
        add_preview(plan, plan.bibliography, slug, picture, "assets/img/publication_preview");
}

void write_previews(const Db& db, SitePlan& plan) {
    for (const auto& preview : plan.previews) {
        auto id = publication_id_named(db, preview.publication);
        if (!id) continue;  // the publication was left out (demo, or skipped): reported there
        std::string name = store_site_file(db, plan, preview.picture, "", "preview of " + preview.publication,
                                           FileWanted::picture);
        if (name.empty()) continue;
        set_publication_preview(db, *id, name);
    }
}

// Hugo Blox: a publication's featured flag and links beside its BibTeX's.
void write_publication_extras(const Db& db, SitePlan& plan) {
    for (const auto& extra : plan.publication_extras) {
        auto id = publication_id_named(db, extra.publication);
        if (!id) continue;  // skipped by import-bibtex: reported there
        if (extra.selected) select_publication(db, *id);
        for (const auto& l : stored_links(db, plan, extra.links, "of " + extra.publication, extra.file))
            if (!l.url.empty()) append_publication_link(db, *id, l);  // unless it has that URL already
    }
}

// Hugo Blox lists publications newest first, and its folders come in name
// order (and cite.bib ones after the others): ordered by year here, ties
// as read.
void order_hugo_publications(const Db& db, const SitePlan& plan) {
    if (plan.is_hugo()) order_publications_by_year(db);
}

// A name for the file that no other file has: "featured.png" in each of
// Hugo Blox's publication folders becomes "<folder>-featured.png". The
// extension is the one of the bytes' type: real sites have a featured.jpg
// that is a PNG, which the file store refuses under that name.
std::string free_name(const Db& db, const fs::path& file, std::string_view bytes) {
    auto taken = [&](const std::string& n) { return file_exists(db, n); };
    std::string name = file_name_from(file.filename().string());
    auto dot = name.rfind('.');
    std::string stem = name.substr(0, dot), ext = dot == std::string::npos ? "" : name.substr(dot);
    Sniffed sniffed = sniff_file(bytes, name);
    if (sniffed.type && !has_extension_of(name, *sniffed.type)) ext = std::string(sniffed.type->extensions.front());
    name = stem + ext;
    if (stem == "featured" || stem == "avatar" || stem == "index" || taken(name))
        name = slug_from(file.parent_path().filename().string() + "-" + stem) + ext;
    for (int n = 2; taken(name); ++n) name = stem + "-" + std::to_string(n) + ext;
    return name;
}

}  // namespace

std::string store_site_file(const Db& db, SitePlan& plan, const fs::path& picture, const std::string& alt,
                            const std::string& what, FileWanted wanted) {
    for (const auto& [path, name] : plan.stored_files)
        if (path == picture) return name;  // one picture named twice (a preview shared by two papers): stored once
    try {
        std::string bytes = read_file_to_add(picture.string());
        std::string name = free_name(db, picture, bytes);
        auto stored = store_upload(db, read_upload(name, std::move(bytes)), alt, ProfilePhoto::no);
        if (!stored.file.is_picture() && wanted == FileWanted::any) {
            plan.note(SiteNote::Outcome::imported, picture, what + ", as " + stored.file.name + " (" + stored.file.type + ")");
            plan.stored_files.emplace_back(picture, stored.file.name);
            return stored.file.name;
        }
        if (!stored.file.is_picture()) {
            remove_file(db, stored.file.name);
            plan.note(SiteNote::Outcome::skipped, picture, what + ": not a picture (" + stored.file.type + ")");
            return {};
        }
        plan.note(SiteNote::Outcome::imported, picture, what + ", as " + stored.file.name + " (" + std::to_string(stored.copies) +
                                                         " smaller copies)");
        plan.stored_files.emplace_back(picture, stored.file.name);
        return stored.file.name;
    } catch (const Error& e) {
        plan.note(SiteNote::Outcome::skipped, picture, what + ": " + e.what());
        return {};
    }
}

std::string stored_link(const Db& db, SitePlan& plan, const std::string& url, const std::string& what,
                        const fs::path& file) {
    if (url.starts_with("file:")) {
        std::string name = store_site_file(db, plan, url.substr(5), "", what, FileWanted::any);
        return name.empty() ? "" : url_for(RouteKind::file, {.slug = name});
    }
    if (url.empty() || is_link(url)) return url;
    plan.note(SiteNote::Outcome::warning, file, what + " " + in_quotes(url) + ": " + std::string(link_expected) + "; left out");
    return {};
}

std::vector<Link> stored_links(const Db& db, SitePlan& plan, const std::vector<Link>& links, const std::string& of,
                               const fs::path& file) {
    std::vector<Link> out;
    for (const auto& l : links) {
        if (l.url.empty()) {
            out.push_back(l);  // a label without a target
            continue;
        }
        std::string url = stored_link(db, plan, l.url, "link " + in_quotes(l.label) + " " + of, file);
        if (!url.empty()) out.push_back({.label = l.label, .url = std::move(url)});
    }
    return out;
}

void write_sections(const Db& db, SitePlan& plan) {
    write_projects(db, plan);
    write_relations(db, plan);
    write_awards(db, plan);
    write_publication_extras(db, plan);
    order_hugo_publications(db, plan);
    find_bib_previews(db, plan);
    write_previews(db, plan);
}

}  // namespace vitae::cli

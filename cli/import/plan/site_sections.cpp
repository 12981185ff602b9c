// import-site: writing the rows of schema v8 that the readers found
// (projects and their links, the publications and posts they relate to,
// awards, teaching roles, publications' preview pictures), inside the
// import's transaction and after publications and posts, whose ids and
// slugs they name. Pictures go through the one file store (store_file),
// with their smaller copies, and so do the files a link names (a paper's
// PDF in its Hugo bundle); one that cannot be stored is reported and the
// row goes in without it.
#include <algorithm>

#include "cli/import/plan/site_sections.hpp"
#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/commands/file_commands.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_text.hpp"
#include "http/routes.hpp"
#include "store/model/file_type.hpp"
#include "store/model/slug.hpp"
#include "store/rows/file_store.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

std::optional<std::int64_t> publication_id(const Db& db, const std::string& slug_or_key) {
    auto find = db.prepare("SELECT id FROM publication WHERE slug = ? OR bibtex_key = ? OR slug = ? ORDER BY position LIMIT 1");
    find.bind(1, slug_or_key);
    find.bind(2, slug_or_key);
    find.bind(3, slug_from(slug_or_key));
    if (!find.step()) return std::nullopt;
    return find.int_at(0);
}

bool is_link_target(const std::string& url) {
    return url.starts_with("https://") || url.starts_with("http://") || url.starts_with("/files/");
}


void write_project(const Db& db, SitePlan& plan, const SiteProject& p, std::int64_t position) {
    std::string image = p.image.empty() ? "" : store_site_file(db, plan, p.image, p.title, "project picture", true);
    auto insert = db.prepare("INSERT INTO project (slug, position, title, summary, markdown, image) VALUES (?, ?, ?, ?, ?, ?)");
    insert.bind(1, p.slug);
    insert.bind(2, position);
    insert.bind(3, p.title);
    insert.bind(4, p.summary);
    insert.bind(5, p.markdown);
    insert.bind(6, image);
    insert.step();
    auto link = db.prepare("INSERT INTO project_link (project_slug, position, label, url) VALUES (?, ?, ?, ?)");
    std::int64_t n = 0;
    for (auto l : p.links) {
        l.url = stored_link(db, plan, l.url, l.label + " of project " + p.slug);
        if (l.url.empty()) continue;  // reported by stored_link
        if (trim(l.label).empty() || !is_link_target(l.url)) {
            plan.note(SiteNote::Kind::warning, p.file, "link " + in_quotes(l.url) + ": not an http(s) URL; left out");
            continue;
        }
        link.bind(1, p.slug);
        link.bind(2, ++n);
        link.bind(3, l.label);
        link.bind(4, l.url);
        link.step();
        link.reset();
    }
}

// In the theme's order (importance, weight), the others after them as read.
void write_projects(const Db& db, SitePlan& plan) {
    std::vector<const SiteProject*> ordered;
    for (const auto& p : plan.projects) ordered.push_back(&p);
    std::stable_sort(ordered.begin(), ordered.end(), [](const SiteProject* a, const SiteProject* b) {
        return (a->order == 0 ? 1 : 0) < (b->order == 0 ? 1 : 0) || (a->order != 0 && b->order != 0 && a->order < b->order);
    });
    std::int64_t position = 0;
    for (const auto* p : ordered) write_project(db, plan, *p, ++position);
}

const SiteProject* project_named(const SitePlan& plan, const std::string& slug) {
    for (const auto& p : plan.projects)
        if (p.slug == slug || slug_from(fs::path(p.file).parent_path().filename().string()) == slug_from(slug)) return &p;
    return nullptr;
}

void write_relations(const Db& db, SitePlan& plan) {
    auto to_publication = db.prepare("INSERT OR IGNORE INTO project_publication (project_slug, publication_id) VALUES (?, ?)");
    auto to_post = db.prepare("INSERT OR IGNORE INTO project_post (project_slug, post_slug) SELECT ?, slug FROM post WHERE slug = ?");
    for (const auto& r : plan.relations) {
        const SiteProject* project = project_named(plan, r.project);
        if (!project) continue;  // a demo project, or one not imported: nothing to relate
        if (!r.publication.empty()) {
            auto id = publication_id(db, r.publication);
            if (!id) {
                plan.note(SiteNote::Kind::warning, project->file, "related publication " + in_quotes(r.publication) + " was not imported");
                continue;
            }
            to_publication.bind(1, project->slug);
            to_publication.bind(2, *id);
            to_publication.step();
            to_publication.reset();
        } else {
            to_post.bind(1, project->slug);
            to_post.bind(2, r.post);
            to_post.step();
            to_post.reset();
        }
    }
}

void write_awards(const Db& db, const SitePlan& plan) {
    auto insert = db.prepare("INSERT INTO award (position, year, name, issuer) VALUES (?, ?, ?, ?)");
    std::int64_t position = 0;
    for (const auto& a : plan.awards) {
        insert.bind(1, ++position);
        insert.bind(2, a.year);
        insert.bind(3, a.name);
        insert.bind(4, a.issuer);
        insert.step();
        insert.reset();
    }
}

// al-folio: papers.bib's preview={file.png}, kept by import-bibtex as a field.
void find_bib_previews(const Db& db, SitePlan& plan) {
    if (plan.bibliography.empty()) return;
    auto fields = db.prepare("SELECT p.slug, f.value FROM publication_field f JOIN publication p ON p.id = f.publication_id "
                             "WHERE f.name = 'preview' ORDER BY p.position");
    while (fields.step())
        add_preview(plan, plan.bibliography, fields.text_at(0), fields.text_at(1), "assets/img/publication_preview");
}

void write_previews(const Db& db, SitePlan& plan) {
    auto set = db.prepare("UPDATE publication SET preview = ? WHERE id = ?");
    for (const auto& preview : plan.previews) {
        auto id = publication_id(db, preview.publication);
        if (!id) continue;  // the publication was left out (demo, or skipped): reported there
        std::string name = store_site_file(db, plan, preview.picture, "", "preview of " + preview.publication, true);
        if (name.empty()) continue;
        set.bind(1, name);
        set.bind(2, *id);
        set.step();
        set.reset();
    }
}

// Hugo Blox: a publication's featured flag and links beside its BibTeX's.
void write_publication_extras(const Db& db, SitePlan& plan) {
    for (const auto& extra : plan.publication_extras) {
        auto id = publication_id(db, extra.publication);
        if (!id) continue;  // skipped by import-bibtex: reported there
        if (extra.selected) {
            auto select = db.prepare("UPDATE publication SET selected = 1 WHERE id = ?");
            select.bind(1, *id);
            select.step();
        }
        auto link = db.prepare("INSERT INTO publication_link (publication_id, position, label, url) "
                               "SELECT ?1, (SELECT coalesce(max(position), 0) + 1 FROM publication_link WHERE publication_id = ?1), ?2, ?3 "
                               "WHERE NOT EXISTS (SELECT 1 FROM publication_link WHERE publication_id = ?1 AND url = ?3)");
        for (const auto& l : extra.links) {
            std::string url = stored_link(db, plan, l.url, l.label + " of " + extra.publication);
            if (url.empty()) continue;
            link.bind(1, *id);
            link.bind(2, l.label);
            link.bind(3, url);
            link.step();
            link.reset();
        }
    }
}

// Hugo Blox lists publications newest first, and its folders come in name
// order (and cite.bib ones after the others): ordered by year here, ties
// as read. Positions are unique, so they are moved out of the way first.
void order_hugo_publications(const Db& db, const SitePlan& plan) {
    if (plan.theme != "hugo-blox") return;
    db.exec("UPDATE publication SET position = -position");
    db.exec("UPDATE publication SET position = r.n FROM (SELECT id, row_number() OVER "
            "(ORDER BY year IS NULL, year DESC, position DESC) AS n FROM publication) AS r WHERE publication.id = r.id");
}

void write_teaching_roles(const Db& db, const SitePlan& plan) {
    auto set = db.prepare("UPDATE teaching SET role = ? WHERE position = ?");
    for (std::size_t i = 0; i < plan.teaching_roles.size(); ++i) {
        set.bind(1, plan.teaching_roles[i]);
        set.bind(2, static_cast<std::int64_t>(i + 1));
        set.step();
        set.reset();
    }
}

// A name for the file that no other file has: "featured.png" in each of
// Hugo Blox's publication folders becomes "<folder>-featured.png". The
// extension is the one of the bytes' type: real sites have a featured.jpg
// that is a PNG, which the file store refuses under that name.
std::string free_name(const Db& db, const fs::path& file, std::string_view bytes) {
    auto taken = [&](const std::string& n) {
        auto find = db.prepare("SELECT 1 FROM file WHERE name = ?");
        find.bind(1, n);
        return find.step();
    };
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
                            const std::string& what, bool picture_only) {
    for (const auto& [path, name] : plan.stored_files)
        if (path == picture) return name;  // one picture named twice (a preview shared by two papers): stored once
    try {
        std::string bytes = read_file_to_add(picture.string());
        auto stored = store_file(db, free_name(db, picture, bytes), bytes, alt, false);
        if (!stored.file.is_picture() && !picture_only) {
            plan.note(SiteNote::Kind::imported, picture, what + ", as " + stored.file.name + " (" + stored.file.type + ")");
            plan.stored_files.emplace_back(picture, stored.file.name);
            return stored.file.name;
        }
        if (!stored.file.is_picture()) {
            remove_file(db, stored.file.name);
            plan.note(SiteNote::Kind::skipped, picture, what + ": not a picture (" + stored.file.type + ")");
            return {};
        }
        plan.note(SiteNote::Kind::imported, picture, what + ", as " + stored.file.name + " (" + std::to_string(stored.copies) +
                                                         " smaller copies)");
        plan.stored_files.emplace_back(picture, stored.file.name);
        return stored.file.name;
    } catch (const Error& e) {
        plan.note(SiteNote::Kind::skipped, picture, what + ": " + e.what());
        return {};
    }
}

std::string stored_link(const Db& db, SitePlan& plan, const std::string& url, const std::string& what) {
    if (!url.starts_with("file:")) return url;
    std::string name = store_site_file(db, plan, url.substr(5), "", what, false);
    return name.empty() ? "" : url_for(RouteKind::file, {.slug = name});
}

void write_sections(const Db& db, SitePlan& plan) {
    write_teaching_roles(db, plan);
    write_projects(db, plan);
    write_relations(db, plan);
    write_awards(db, plan);
    write_publication_extras(db, plan);
    order_hugo_publications(db, plan);
    find_bib_previews(db, plan);
    write_previews(db, plan);
}

}  // namespace vitae::cli

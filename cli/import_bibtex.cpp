#include "import_bibtex.hpp"

#include <algorithm>
#include <map>

#include "bib_mapping.hpp"
#include "bibtex.hpp"
#include "content_store.hpp"
#include "db.hpp"
#include "publication_store.hpp"

namespace vitae::cli {

namespace {

bool same_authors(const std::vector<Author>& a, const std::vector<Author>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Author& x, const Author& y) {
        return x.name == y.name && x.is_owner == y.is_owner && x.equal_contribution == y.equal_contribution;
    });
}

bool same_links(const std::vector<Link>& a, const std::vector<Link>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const Link& x, const Link& y) { return x.label == y.label && x.url == y.url; });
}

// Every entry mapped, and no two giving one slug, before anything is written.
std::vector<Publication> read_publications(const std::filesystem::path& bib_path, const std::string& owner) {
    auto entries = read_bibtex_file(bib_path);
    std::vector<Publication> publications;
    std::map<std::string, int> lines_by_slug;
    for (const auto& entry : entries) {
        publications.push_back(publication_from_entry(entry, owner, bib_path.string()));
        auto [it, added] = lines_by_slug.emplace(publications.back().slug, entry.line);
        if (!added)
            throw BibError(bib_path.string(), entry.line,
                           "key \"" + entry.key + "\" gives slug \"" + it->first + "\", as the entry at line " +
                               std::to_string(it->second) + " does");
    }
    return publications;
}

}  // namespace

std::string describe(const ImportChange& change) {
    switch (change.action) {
        case ImportChange::Action::add:
            return "add " + change.slug;
        case ImportChange::Action::unchanged:
            return "unchanged " + change.slug;
        case ImportChange::Action::update:
            break;
    }
    std::string out = "update " + change.slug + ":";
    for (std::size_t i = 0; i < change.fields.size(); ++i) out += (i == 0 ? " " : ", ") + change.fields[i];
    return out;
}

std::vector<std::string> changed_fields(const Publication& before, const Publication& after) {
    std::vector<std::string> fields;
    if (before.kind != after.kind) fields.push_back("kind");
    if (before.title != after.title) fields.push_back("title");
    if (before.venue != after.venue) fields.push_back("venue");
    if (before.year != after.year) fields.push_back("year");
    if (before.abstract != after.abstract) fields.push_back("abstract");
    if (!same_authors(before.authors, after.authors)) fields.push_back("authors");
    if (!same_links(before.links, after.links)) fields.push_back("links");
    if (before.awards != after.awards) fields.push_back("awards");
    return fields;
}

std::vector<ImportChange> import_bibtex(const std::string& db_path, const std::filesystem::path& bib_path,
                                        bool dry_run) {
    auto db = Db::open(db_path, dry_run ? OpenMode::read_only : OpenMode::read_write);
    check_schema_version(db);
    Transaction transaction(db, dry_run ? Transaction::Kind::read : Transaction::Kind::write);
    auto publications = read_publications(bib_path, owner_name(db));

    std::vector<ImportChange> changes;
    for (const auto& publication : publications) {
        ImportChange change{ImportChange::Action::add, publication.slug, {}};
        if (auto stored = find_publication(db, publication.slug)) {
            change.fields = changed_fields(stored->publication, publication);
            change.action = change.fields.empty() ? ImportChange::Action::unchanged : ImportChange::Action::update;
            if (!dry_run && !change.fields.empty()) update_publication(db, stored->id, publication);
        } else if (!dry_run) {
            insert_publication(db, publication);
        }
        changes.push_back(std::move(change));
    }
    if (!dry_run) transaction.commit();
    return changes;
}

}  // namespace vitae::cli

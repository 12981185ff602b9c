#include "cli/commands/import_bibtex.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "base/text.hpp"
#include "cli/bibtex/bib_mapping.hpp"
#include "edit/recorder.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/publication_store.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/publications.hpp"

namespace vitae::cli {

namespace {

struct Mapped {
    std::vector<Publication> publications;
    std::set<std::string> slugs_named;  // every slug the file names, read or not
    bool every_entry_named = true;      // false when a skipped item's key is unknown
};

// The line of the entry whose key gives `p`'s slug (the first such).
int first_line(const BibFile& file, const Publication& p) {
    for (const auto& entry : file.entries)
        if (slug_from(entry.key) == p.slug) return entry.line;
    return 0;
}

// The slug for an entry whose key repeats an earlier one's: key-2, key-3...
std::string free_slug(const std::string& slug, const std::map<std::string, std::size_t>& taken) {
    for (int n = 2;; ++n)
        if (std::string candidate = slug + "-" + std::to_string(n); !taken.count(candidate)) return candidate;
}

// Every entry mapped before anything is written. A repeated key (or two keys
// giving one slug) is a copy, which is dropped, or another work, which keeps
// a slug of its own: nothing the file holds is lost.
Mapped map_entries(BibFile& file, const OwnerNames& owner) {
    Mapped out;
    for (const auto& problem : file.problems) {
        if (!problem.skipped) continue;
        if (problem.key.empty()) out.every_entry_named = false;
        else out.slugs_named.insert(slug_from(problem.key));
    }
    std::map<std::string, const BibEntry*> by_key;  // lower-cased: BibTeX keys ignore case
    for (const auto& entry : file.entries) by_key.emplace(ascii_lower(entry.key), &entry);
    std::map<std::string, std::size_t> index_by_slug;  // into out.publications
    std::vector<BibProblem> found;
    for (const auto& entry : file.entries) {
        out.slugs_named.insert(slug_from(entry.key));
        const BibEntry* parent = nullptr;
        if (const BibField* crossref = entry.find("crossref"))
            if (auto it = by_key.find(ascii_lower(trim(crossref->value))); it != by_key.end()) parent = it->second;
        try {
            Publication p = publication_from_entry(entry, owner, file.name, found, parent);
            if (auto it = index_by_slug.find(p.slug); it != index_by_slug.end()) {
                const Publication& first = out.publications[it->second];
                std::string where = "the entry at line " + std::to_string(first_line(file, first));
                Publication same = p;
                same.bibtex_key = first.bibtex_key;
                if (same == first) {
                    found.push_back({entry.line, "key \"" + entry.key + "\" repeats " + where + " field for field; "
                                     "skipped (nothing is lost)", entry.key, true});
                    continue;
                }
                // Its key is taken: the export writes the new slug as its key,
                // so BibTeX does not meet a repeated entry in our .bib.
                p.slug = free_slug(p.slug, index_by_slug);
                p.bibtex_key.clear();
                found.push_back({entry.line, "key \"" + entry.key + "\" is also " + where + "'s; imported as \"" +
                                 p.slug + "\"", entry.key, false});
                out.slugs_named.insert(p.slug);
            }
            index_by_slug.emplace(p.slug, out.publications.size());
            out.publications.push_back(std::move(p));
        } catch (const BibError& e) {
            // The message already says file:line; keep only what follows.
            std::string message = e.what();
            auto prefix = file.name + ":" + std::to_string(e.line()) + ": ";
            if (message.starts_with(prefix)) message.erase(0, prefix.size());
            found.push_back({e.line(), message, entry.key, true});
        }
    }
    file.problems.insert(file.problems.end(), found.begin(), found.end());
    std::stable_sort(file.problems.begin(), file.problems.end(),
                     [](const BibProblem& a, const BibProblem& b) { return a.line < b.line; });
    return out;
}

// The ones in the database the file no longer names.
void remove_missing(const Db& db, const Mapped& mapped, const ImportOptions& options, ImportReport& report) {
    if (!mapped.every_entry_named) {
        report.sync_note = "--sync removed nothing: an item the file has could not be read far enough to name it";
        return;
    }
    for (const auto& slug : publication_slugs(db)) {
        if (mapped.slugs_named.count(slug)) continue;
        auto stored = find_publication(db, slug);
        if (!options.dry_run) delete_publication(db, stored->id);
        report.changes.push_back({ImportChange::Action::remove, slug, {}});
    }
}

}  // namespace

std::size_t ImportReport::skipped() const {
    return static_cast<std::size_t>(
        std::count_if(file.problems.begin(), file.problems.end(), [](const BibProblem& p) { return p.skipped; }));
}

std::size_t ImportReport::warnings() const { return file.problems.size() - skipped(); }

std::string describe(const ImportChange& change) {
    switch (change.action) {
        case ImportChange::Action::add:
            return "add " + change.slug;
        case ImportChange::Action::unchanged:
            return "unchanged " + change.slug;
        case ImportChange::Action::remove:
            return "remove " + change.slug;
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
    if (before.selected != after.selected) fields.push_back("selected");
    for (const auto& column : publication_text_columns)
        if (before.*column.member != after.*column.member) fields.push_back(std::string(column.name));
    if (before.authors != after.authors) fields.push_back("authors");
    if (before.links != after.links) fields.push_back("links");
    if (before.awards != after.awards) fields.push_back("awards");
    if (before.fields != after.fields) fields.push_back("other fields");
    return fields;
}

ImportReport import_bibtex_file(const Db& db, BibFile file, const ImportOptions& options) {
    ImportReport report;
    report.file = std::move(file);
    Mapped mapped = map_entries(report.file, owner_names(db));
    bool write = !options.dry_run && !(options.strict && !report.file.problems.empty());

    for (const auto& publication : mapped.publications) {
        ImportChange change{ImportChange::Action::add, publication.slug, {}};
        if (auto stored = find_publication(db, publication.slug)) {
            change.fields = changed_fields(stored->publication, publication);
            change.action = change.fields.empty() ? ImportChange::Action::unchanged : ImportChange::Action::update;
            if (write && !change.fields.empty()) update_publication(db, stored->id, publication);
        } else if (write) {
            insert_publication(db, publication);
        }
        report.changes.push_back(std::move(change));
    }
    if (options.sync) remove_missing(db, mapped, {!write, options.strict, true}, report);
    report.written = write;
    return report;
}

ImportReport import_bibtex(const std::string& db_path, const std::filesystem::path& bib_path,
                           const ImportOptions& options) {
    if (options.dry_run) {
        auto db = open_checked(db_path, OpenMode::read_only);
        Transaction transaction(db, Transaction::Kind::read);
        return import_bibtex_file(db, read_bibtex_file(bib_path), options);
    }
    auto db = open_checked(db_path, OpenMode::read_write);
    RecordedTransaction transaction(db, cli_editor_name(), {"publications"});  // each paper added, changed or removed
    ImportReport report = import_bibtex_file(db, read_bibtex_file(bib_path), options);
    if (report.written) transaction.commit();
    return report;
}

}  // namespace vitae::cli

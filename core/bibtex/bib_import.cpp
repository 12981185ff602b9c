#include "bibtex/bib_import.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "base/log.hpp"
#include "base/text.hpp"
#include "bibtex/bib_mapping.hpp"
#include "rules/work_identity.hpp"
#include "store/model/publication_identity.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/publication_store.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/publications.hpp"

namespace vitae {

namespace {

struct Mapped {
    std::vector<Publication> publications;
    std::set<std::string> slugs_named;  // every slug the file names, read or not
    bool every_entry_named = true;      // false when a skipped item's key is unknown
    std::vector<ImportChange> repeats;  // add_only: entries repeating an earlier one field for field
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
Mapped map_entries(BibFile& file, const OwnerNames& owner, bool add_only) {
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
                if (same == first && add_only) {  // a duplicate like a stored one, not a problem
                    out.repeats.push_back({.action = ImportChange::Action::duplicate, .slug = first.slug, .fields = {}, .id = 0,
                                           .why = "the key \"" + entry.key + "\" repeats " + where + " field for field"});
                    continue;
                }
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
        report.changes.push_back({.action = ImportChange::Action::remove, .slug = slug, .fields = {}, .id = stored->id, .why = {}});
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
        case ImportChange::Action::duplicate:
            return "duplicate " + change.slug + ": " + change.why;
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

namespace {

// What an add-only import finds already there: the stored publications
// (by slug, and by the work-identity rule) and the entries it added before.
class AlreadyThere {
public:
    explicit AlreadyThere(const Db& db) : stored_(publication_rows(db)) {
        for (std::size_t i = 0; i < stored_.size(); ++i) stored_works_.add(i, identity_of(stored_[i].publication));
    }
    struct Copy {
        std::string why;
        std::int64_t id = 0;  // the stored one's; 0 for an earlier entry
    };
    // Why `p` is not added, if it is there already.
    std::optional<Copy> copy_of(const Db& db, const Publication& p) const {
        if (auto stored = find_publication(db, p.slug))
            return Copy{"the key " + in_quotes(p.slug) + " is already " + in_quotes(stored->publication.title), stored->id};
        WorkIdentity work = identity_of(p);
        if (auto found = stored_works_.find(work)) {
            const StoredPublication& stored = stored_[found->at];
            return Copy{same_by(found->by, p) + " already " + in_quotes(stored.publication.title), stored.id};
        }
        if (auto found = added_works_.find(work))
            return Copy{same_by(found->by, p) + " also " + in_quotes(added_[found->at]) + "'s, above", 0};
        return std::nullopt;
    }
    void added(const Publication& p) {
        added_works_.add(added_.size(), identity_of(p));
        added_.push_back(p.slug);
    }

private:
    // "the DOI 10.1/x is", "its title and year are": what makes it the same work.
    static std::string same_by(SameBy by, const Publication& p) {
        if (by == SameBy::doi) return "the DOI " + p.doi + " is";
        if (by == SameBy::arxiv) return "the arXiv id " + p.arxiv + " is";
        return "its title and year are";
    }
    std::vector<StoredPublication> stored_;
    WorkIndex stored_works_, added_works_;
    std::vector<std::string> added_;  // slugs, in the order added
};

}  // namespace

ImportReport import_bibtex_file(const Db& db, BibFile file, const ImportOptions& options) {
    ImportReport report;
    report.file = std::move(file);
    Mapped mapped = map_entries(report.file, owner_names(db), options.add_only);
    bool write = !options.dry_run && !(options.strict && !report.file.problems.empty());
    std::optional<AlreadyThere> already;
    if (options.add_only) already.emplace(db);

    for (std::size_t i = 0; i < mapped.publications.size(); ++i) {
        const Publication& publication = mapped.publications[i];
        ImportChange change{.action = ImportChange::Action::add, .slug = publication.slug, .fields = {}, .id = 0, .why = {}};
        if (options.add_only) {
            if (auto copy = already->copy_of(db, publication)) {
                change.action = ImportChange::Action::duplicate;
                change.why = std::move(copy->why);
                change.id = copy->id;
            } else {
                already->added(publication);
                if (write) change.id = insert_publication(db, publication);
            }
        } else if (auto stored = find_publication(db, publication.slug)) {
            change.fields = changed_fields(stored->publication, publication);
            change.action = change.fields.empty() ? ImportChange::Action::unchanged : ImportChange::Action::update;
            change.id = stored->id;
            if (write && !change.fields.empty()) update_publication(db, stored->id, publication);
        } else if (write) {
            change.id = insert_publication(db, publication);
        }
        report.changes.push_back(std::move(change));
    }
    for (auto& repeat : mapped.repeats) report.changes.push_back(std::move(repeat));
    if (options.sync && !options.add_only)
        remove_missing(db, mapped, {.dry_run = !write, .strict = options.strict, .sync = true, .add_only = false}, report);
    report.written = write;
    return report;
}

}  // namespace vitae

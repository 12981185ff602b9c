// Importing BibTeX (`vitae import-bibtex`, import-site, the web editor's
// pasted entries): the whole file is read and mapped before the
// database is touched, then every entry that could be read is added or
// updated by slug inside one transaction, so a crash leaves the database as
// it was. An entry that cannot be read is skipped and reported with its line
// and the reason; the others go in (--strict: any problem writes nothing).
// Running the same file twice changes nothing the second time; --sync also
// removes the publications the file no longer has.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "bibtex/bibtex.hpp"
#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

struct ImportChange {
    enum class Action { add, update, unchanged, remove, duplicate };
    Action action = Action::add;
    std::string slug;
    std::vector<std::string> fields;  // update: which ones differ, in column order
    std::int64_t id = 0;              // the row added, updated or (duplicate) already there; 0 when not written
    std::string why = {};             // duplicate: what is already there
};

struct ImportOptions {
    bool dry_run = false;  // open read-only, write nothing
    bool strict = false;   // any skipped entry or warning: write nothing
    bool sync = false;     // remove publications whose key is not in the file
    // Add only (the web editor's paste): an entry whose key a stored
    // publication has, or that is the same work as a stored one or an
    // earlier entry (rules/work_identity: a DOI, an arXiv id, or title and
    // year), is a duplicate, reported and not written; nothing stored is
    // updated.
    bool add_only = false;
};

struct ImportReport {
    std::vector<ImportChange> changes;
    BibFile file;            // its name and every problem: the parser's, then the mapping's
    bool written = false;    // the transaction was committed
    std::string sync_note;   // why --sync removed nothing, when it could not be sure

    std::size_t skipped() const;
    std::size_t warnings() const;
};

// "add causalmesh", "update beaver: title, authors", "unchanged xfaas", "remove old",
// "duplicate xfaas: ..."
std::string describe(const ImportChange& change);

// Names of the fields of `after` that differ from `before`.
std::vector<std::string> changed_fields(const Publication& before, const Publication& after);

// The import of a file already read, inside a write transaction the caller
// holds and commits (`vitae import-bibtex` in cli/commands/import_bibtex,
// import-site, the editor's pasted BibTeX). `written` says whether it wrote.
ImportReport import_bibtex_file(const Db& db, BibFile file, const ImportOptions& options);

}  // namespace vitae

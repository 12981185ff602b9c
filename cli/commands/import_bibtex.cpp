#include "cli/commands/import_bibtex.hpp"

#include "store/rows/content_store.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/edit_log.hpp"

namespace vitae {

ImportReport import_bibtex(const std::string& db_path, const std::filesystem::path& bib_path,
                           const ImportOptions& options) {
    if (options.dry_run) {
        auto db = open_checked(db_path, OpenMode::read_only);
        Transaction transaction(db, Transaction::Mode::read);
        return import_bibtex_file(db, read_bibtex_file(bib_path), options);
    }
    auto db = open_checked(db_path, OpenMode::read_write);
    LoggedTransaction transaction(db, cli_editor_name(), {"publication"});  // each paper added, changed or removed
    ImportReport report = import_bibtex_file(db, read_bibtex_file(bib_path), options);
    if (report.written) transaction.commit();
    return report;
}

}  // namespace vitae

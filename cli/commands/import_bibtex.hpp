// `vitae import-bibtex DB FILE`: the file imported in one transaction whose
// changes go into the edit log (who: cli:USER), or, with --dry-run, read
// only. The import itself is core/bibtex's, shared with the editor.
#pragma once

#include <filesystem>
#include <string>

#include "bibtex/bib_import.hpp"

namespace vitae {

ImportReport import_bibtex(const std::string& db_path, const std::filesystem::path& bib_path,
                           const ImportOptions& options);

}  // namespace vitae

// `vitae import-site DIR DB`: moving in from a Jekyll site built with the
// al-folio or academicpages theme, or a Hugo Blox (Wowchemy) site.
// Everything is read and mapped first, file by file, each outcome reported
// (imported, skipped and why, demo content, warnings with their line); one
// bad file never stops the others. Then the rows are written in one
// transaction into a new database (or one `vitae init` just made): all of
// it, or on a database error nothing.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cli/import/plan/import_report.hpp"

namespace vitae::cli {

// Throws UsageError for a DIR that is not a supported site, a DB with
// content or an --include-demo-file that names no demo content, Error for a
// database error (then nothing is written).
SiteImportReport import_site(const std::filesystem::path& dir, const std::string& db_path,
                             const SiteImportOptions& options = {});

}  // namespace vitae::cli

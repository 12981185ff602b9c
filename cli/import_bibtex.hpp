// `vitae import-bibtex`: the whole file is parsed and mapped before the
// database is touched, then every entry is added or updated by slug inside
// one transaction, so a bad entry or a crash leaves the database as it was.
// Running the same file twice changes nothing the second time.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "content.hpp"

namespace vitae::cli {

struct ImportChange {
    enum class Action { add, update, unchanged };
    Action action = Action::add;
    std::string slug;
    std::vector<std::string> fields;  // update: which ones differ, in column order
};

// "add causalmesh", "update beaver: title, authors", "unchanged xfaas"
std::string describe(const ImportChange& change);

// Names of the fields of `after` that differ from `before`.
std::vector<std::string> changed_fields(const Publication& before, const Publication& after);

// With dry_run the database is opened read-only and nothing is written.
std::vector<ImportChange> import_bibtex(const std::string& db_path, const std::filesystem::path& bib_path,
                                        bool dry_run);

}  // namespace vitae::cli

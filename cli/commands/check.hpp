// `vitae check`: the worker's own acceptance test, run before a database or
// template set is swapped in. Uses the worker's code, not a copy of its rules,
// so what passes here is what a reload accepts.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace vitae::cli {

// "ok: DB (N publications, M posts)", after a "warning: ..." line for each
// math span the pages show as TeX source; throws the worker's Error otherwise.
// Without templates only the database is checked.
std::string check_site(const std::string& db_path, const std::optional<std::filesystem::path>& templates_dir);

}  // namespace vitae::cli

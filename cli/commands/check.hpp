// `vitae check`: the worker's own acceptance test, run before a database or
// template set is swapped in. Uses the worker's code, not a copy of its rules,
// so what passes here is what a reload accepts.
#pragma once

#include <filesystem>
#include <cstddef>
#include <optional>
#include <string>

#include "store/model/content.hpp"

namespace vitae::cli {

// "ok: DB (N publications, M posts)", after a "warning: ..." line for each
// math span the pages show as TeX source, each paper the owner is not found
// in and an "owner: ..." line; throws the worker's Error otherwise.
// Without templates only the database is checked. With a site's overrides
// directory, its templates are laid over the shared ones and each override
// gets a line (override_report): "warning: " when the shared template it
// replaced changed since it was copied; an override of none is an Error.
std::string check_site(const std::string& db_path, const std::optional<std::filesystem::path>& templates_dir,
                       const std::optional<std::filesystem::path>& overrides_dir = std::nullopt);

// `vitae check --accessibility`: an "accessibility: ..." line for each
// finding of the content (render/views/accessibility_findings.hpp) naming
// where it is, the rule, what was found and how to fix it, then one line
// counting them by rule.
struct AccessibilityReport {
    std::string lines;
    std::size_t findings = 0;
};
AccessibilityReport accessibility_report(const std::string& db_path);

// What `vitae check --accessibility` exits with when the content has a
// finding (the check itself passed: the site serves).
inline constexpr int accessibility_findings_status = 3;

// "override: page.mustache: ..." for each override, "warning: ..." for one
// whose shared template changed since; throws Error naming each orphan.
std::string override_report(const std::filesystem::path& templates_dir, const std::filesystem::path& overrides_dir);

// A "warning: ..." line for each publication none of whose authors is the
// owner, or without authors (check_owner.cpp), then "owner: NAME found in
// N of M publications, as 'spelling' (count), ...". Empty without a name.
std::string owner_report(const Content& content);

}  // namespace vitae::cli

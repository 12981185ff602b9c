// The ledger of a site import: every file of the source tree in exactly one
// class, so that nothing the owner wrote is lost without a word. The
// readers' notes say what was imported and what was the theme's demo; the
// rest is judged here, by where a file sits and what it holds: the
// generator's machinery (layouts, includes that are templates, styles,
// scripts, pictures of the theme, CI, settings, the repository's own files,
// a page with no text of its own), or not understood, with its first words
// and a suggestion. A not-understood file that holds the owner's prose,
// data or a document is a leftover: the import says so and exits 3.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cli/import/plan/import_report.hpp"

namespace vitae::cli {

// One entry per regular file under `dir` (the .git folder aside), sorted
// by path; `notes` are the readers' (their file names relative to `dir`).
std::vector<LedgerEntry> site_ledger(const std::filesystem::path& dir, const std::vector<SiteNote>& notes);

// The visible words of a page (front matter, Liquid, shortcodes, HTML tags
// and comments left out): what a reader of the built site would read.
std::string visible_text(std::string_view page);

// The report as JSON: {"theme", "counts": {class: n}, "leftovers",
// "files": [{"file", "class", "detail", "first_words", "suggestion", "owners"}]}.
std::string ledger_json(const SiteImportReport& report);

}  // namespace vitae::cli

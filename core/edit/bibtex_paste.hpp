// The editor's "add from BibTeX" page (publications/bibtex): one or more
// pasted entries go through the import `vitae import-bibtex` uses
// (core/bibtex/bib_import), in its add-only mode, inside one transaction.
// An entry that cannot be read refuses the whole paste (nothing written,
// every problem shown with its line, the text kept in the form); an entry
// whose key is stored already, or that is a stored work (the work-identity
// rule: its DOI, arXiv id, or title and year), is reported and not added
// again. Each
// publication added is an "insert" in the edit log, so it can be undone
// like one made by its form.
#pragma once

#include <string>
#include <string_view>

#include "edit/edit_templates.hpp"
#include "edit/editor.hpp"

namespace vitae {

// The page's path under the editor's mount, and the kind whose list links to it.
inline constexpr std::string_view bibtex_paste_editable = "publications";
inline constexpr std::string_view bibtex_paste_path = "publications/bibtex";

// GET: the empty form. POST (form parsed, CSRF and Origin checked): 400
// with the problems, or 200 with what was added and what was already there.
// Throws Error only when the database cannot be opened or read.
EditAnswer paste_bibtex(const EditTemplates& templates, const std::string& db_path, const EditRequest& request);

}  // namespace vitae

// The editor's review page (publications/review): the works `vitae sync`
// found upstream and did not add (no --accept), which the public site does
// not show. Each can be added on its own, or all at once; an added work
// becomes a publication through the writer `vitae sync --accept` uses
// (store/write/synced_work), with its ids and citation counts, and is an
// "insert" in the edit log, so it can be undone like one made by its form.
#pragma once

#include <string>
#include <string_view>

#include "edit/edit_templates.hpp"
#include "edit/editor.hpp"

namespace vitae {

inline constexpr std::string_view sync_review_editable = "publications";
inline constexpr std::string_view sync_review_path = "publications/review";

// GET: the list. POST (form parsed, CSRF and Origin checked) with `service`
// and `id`, or `all`: 200 with what was added and what still waits, 404 when
// the work no longer waits (added or gone since the page was made), 400 for
// a form without either. Throws Error only when the database cannot be
// opened or read.
EditAnswer review_sync_finds(const EditTemplates& templates, const std::string& db_path, const EditRequest& request);

}  // namespace vitae

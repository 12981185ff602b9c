// The data each editor page's template sees (templates/edit/*.mustache),
// made from the kind's row of the table and the values at hand. Every value
// reaches the page through {{ }}, so Mustache escapes it; the one unescaped
// value is a preview, which is the site's own rendering (sanitized).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edit/edit_templates.hpp"
#include "edit/editor.hpp"
#include "edit/kinds.hpp"
#include "render/views/accessibility_findings.hpp"

namespace vitae {

struct FormPage {
    const Editable& editable;
    std::string key;            // "" for a new row
    const RowValues& values;    // stored (GET) or submitted (a refused save, a preview)
    std::string version;        // of the row the form was made from
    std::string error = {};     // why the save was refused
    bool preview = false;       // show each Markdown field as the site will
    std::optional<EditEntry> last = {};  // the row's last change, for its undo button
    std::vector<std::string> notes = {};  // the kind's notes on the stored row
};

// The kinds to edit, and the site's accessibility findings, each linked
// to where it is fixed (render/views/accessibility_findings.hpp).
EditData dashboard_data(const EditRequest& r, const std::vector<ContentFinding>& findings);
// Page `page` (from 1) of the rows, limits::edit_list_page_rows a page.
EditData list_data(const EditRequest& r, const Editable& editable, const std::vector<KeyedRow>& rows, std::size_t page);
EditData form_data(const EditRequest& r, const FormPage& page);
// A stale save: the row as stored now (none: removed) beside what was sent,
// and the form again, carrying the current version, to save it over knowingly.
EditData conflict_data(const EditRequest& r, const Editable& editable, const std::string& key,
                       const std::optional<RowValues>& stored, const RowValues& submitted);
struct HistoryLine {
    EditEntry entry;
    const Editable* editable = nullptr;  // none: a table the editor does not edit
    bool undoable = false;       // the latest change of its row
};
EditData history_data(const EditRequest& r, const std::vector<HistoryLine>& lines);

// "/_vitae/edit/site/links/3": the mount, the kind and the key.
std::string item_url(const EditRequest& r, const Editable& editable, std::string_view key = {}, std::string_view action = {});

}  // namespace vitae

#include "edit/edit_pages.hpp"

#include <algorithm>

#include "base/limits.hpp"
#include "edit/bibtex_paste.hpp"
#include "edit/fields.hpp"
#include "edit/values.hpp"

namespace vitae {

namespace {

using data = TemplateData;

data base(const EditRequest& r) {
    data d;
    d.set("mount", text_data(r.mount));
    d.set("csrf", text_data(r.csrf_token));
    return d;
}

constexpr std::string_view type_names[] = {"text", "textarea", "markdown", "markdown_math", "date",
                                           "month", "url", "number", "checkbox", "select", "file"};

data field_data(const FieldSpec& f, const RowValues& values, bool preview) {
    auto value = value_of(values, f.name);
    data d;
    d.set("name", text_data(f.name));
    d.set("label", text_data(f.label));
    d.set("value", text_data(value));
    if (!f.hint.empty()) d.set("hint", text_data(f.hint));  // kainjow's sections take "" as true
    d.set("required", f.required);
    auto type = type_names[static_cast<std::size_t>(f.type)];
    d.set("is_" + std::string(type), true);
    bool textarea = f.type == FieldType::textarea || f.type == FieldType::markdown || f.type == FieldType::markdown_math;
    d.set("is_area", textarea);
    d.set("is_input", !textarea && f.type != FieldType::checkbox && f.type != FieldType::select && f.type != FieldType::file);
    d.set("input_type", text_data(f.type == FieldType::date ? "date" : f.type == FieldType::url ? "url" : "text"));
    d.set("checked", value == "1");
    data options{data::type::list};
    for (auto option : f.options) {
        data o;
        o.set("value", text_data(option));
        o.set("selected", option == value);
        options.push_back(o);
    }
    d.set("options", options);
    d.set("is_previewable", f.type == FieldType::markdown || f.type == FieldType::markdown_math);
    if (preview) d.set("preview_html", text_data(preview_html(f, values)));
    return d;
}

data fields_data(const Editable& editable, const RowValues& values, bool preview) {
    data list{data::type::list};
    for (const auto& f : editable.fields) list.push_back(field_data(f, values, preview));
    return list;
}

std::string summary_of(const Editable& editable, const RowValues& values) {
    std::string s(value_of(values, editable.summary));
    if (s.size() > 80) {
        std::size_t cut = 77;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
        s = s.substr(0, cut) + "...";
    }
    return s.empty() ? "(empty)" : s;
}

data entry_data(const EditEntry& e) {
    data d;
    for (auto [name, value] : {std::pair<const char*, const std::string*>{"at", &e.at}, {"who", &e.who},
                               {"item", &e.item}, {"key", &e.key}, {"action", &e.action}})
        d.set(name, text_data(*value));
    d.set("before", text_data(e.before.value_or("")));
    d.set("after", text_data(e.after.value_or("")));
    return d;
}

}  // namespace

std::string item_url(const EditRequest& r, const Editable& editable, std::string_view key, std::string_view action) {
    std::string url = std::string(r.mount) + std::string(editable.path);
    if (!key.empty() && !editable.single) url += "/" + std::string(key);
    if (!action.empty()) url += (editable.single ? "/1/" : "/") + std::string(action);
    return url;
}

namespace {

// The editor's page where a finding is fixed: the row's form, else its kind's list.
std::string finding_url(const EditRequest& r, const ContentFinding& f) {
    std::string_view item = f.item;
    if (!f.language.empty()) item = "translation";
    else if (item == "paragraph") item = "profile_paragraph";
    else if (item == "profile") item = "file";
    for (const auto& kind : kinds())
        if (kind.item == item) {
            bool row = f.language.empty() && item != "profile_paragraph" && item != "file" && !f.key.empty();
            return item_url(r, kind, row ? f.key : std::string_view());
        }
    return std::string(r.mount);
}

}  // namespace

EditData dashboard_data(const EditRequest& r, const std::vector<ContentFinding>& findings) {
    data d = base(r);
    data list{data::type::list};
    for (const auto& editable : editables()) {
        data k;
        k.set("label", text_data(editable.label));
        k.set("url", text_data(item_url(r, editable)));
        list.push_back(k);
    }
    d.set("kinds", list);
    data found{data::type::list};
    for (const auto& f : findings) {
        data one;
        one.set("where", text_data(f.where()));
        one.set("rule", text_data(rule_name(f.finding.rule)));
        one.set("detail", text_data(f.finding.detail));
        one.set("fix", text_data(rule_fix(f.finding.rule)));
        one.set("url", text_data(finding_url(r, f)));
        found.push_back(one);
    }
    d.set("has_findings", !findings.empty());
    d.set("finding_count", text_data(std::to_string(findings.size())));
    d.set("findings", found);
    d.set("history_url", text_data(std::string(r.mount) + "history"));
    return d;
}

EditData list_data(const EditRequest& r, const Editable& editable, const std::vector<KeyedRow>& rows, std::size_t page) {
    data d = base(r);
    std::size_t per_page = limits::edit_list_page_rows, first = (page - 1) * per_page;
    std::size_t pages = std::max<std::size_t>(1, (rows.size() + per_page - 1) / per_page);
    std::string list_url = item_url(r, editable);
    if (pages > 1) {
        d.set("paged", true);
        d.set("page", text_data(std::to_string(page)));
        d.set("pages", text_data(std::to_string(pages)));
        d.set("start", text_data(std::to_string(first + 1)));
        if (page > 1) d.set("previous_url", text_data(list_url + "?page=" + std::to_string(page - 1)));
        if (page < pages) d.set("next_url", text_data(list_url + "?page=" + std::to_string(page + 1)));
    }
    d.set("label", text_data(editable.label));
    d.set("new_url", text_data(item_url(r, editable, "new")));
    d.set("list_url", text_data(item_url(r, editable)));
    d.set("movable", static_cast<bool>(editable.move));
    if (editable.path == bibtex_paste_editable) d.set("paste_url", text_data(std::string(r.mount) + std::string(bibtex_paste_path)));
    d.set("move_action", text_data(item_url(r, editable, "move")));
    data list{data::type::list};
    for (std::size_t i = first; i < std::min(rows.size(), first + per_page); ++i) {
        const auto& row = rows[i];
        data item;
        item.set("key", text_data(row.key));
        item.set("summary", text_data(summary_of(editable, row.values)));
        // Links are made in the template from list_url and key: two strings a row, not four
        // (the list of 1,000 papers is the editor's largest page).
        list.push_back(item);
    }
    d.set("rows", list);
    d.set("empty", rows.empty());
    return d;
}

EditData form_data(const EditRequest& r, const FormPage& p) {
    data d = base(r);
    d.set("label", text_data(p.editable.label));
    d.set("list_url", text_data(item_url(r, p.editable)));
    d.set("single", p.editable.single);
    d.set("is_new", p.key.empty());
    d.set("action", text_data(item_url(r, p.editable, p.key.empty() ? "new" : p.key)));
    d.set("version", text_data(p.version));
    if (!p.error.empty()) d.set("error", text_data(p.error));  // kainjow's sections take "" as true
    d.set("fields", fields_data(p.editable, p.values, p.preview));
    data notes{data::type::list};
    for (const auto& note : p.notes) notes.push_back(text_data(note));
    d.set("notes", notes);
    d.set("preview", p.preview);
    d.set("multipart", std::any_of(p.editable.fields.begin(), p.editable.fields.end(),
                                   [](const FieldSpec& f) { return f.type == FieldType::file; }));
    bool removable = !p.key.empty() && !p.editable.single;
    if (removable) d.set("delete_action", text_data(item_url(r, p.editable, p.key, "delete")));
    if (p.last && !p.key.empty()) {
        d.set("undo_action", text_data(item_url(r, p.editable, p.key, "undo")));
        d.set("last", entry_data(*p.last));
    }
    return d;
}

EditData conflict_data(const EditRequest& r, const Editable& editable, const std::string& key,
                       const std::optional<RowValues>& stored, const RowValues& submitted) {
    data d = base(r);
    d.set("label", text_data(editable.label));
    d.set("list_url", text_data(item_url(r, editable)));
    d.set("removed", !stored.has_value());
    data rows{data::type::list};
    for (const auto& f : editable.fields) {
        data row;
        row.set("label", text_data(f.label));
        auto now = stored ? value_of(*stored, f.name) : std::string_view();
        auto sent = value_of(submitted, f.name);
        row.set("stored", text_data(now));
        row.set("submitted", text_data(sent));
        row.set("differs", now != sent);
        rows.push_back(row);
    }
    d.set("rows", rows);
    // Saving again from here overwrites what is stored now, knowingly.
    d.set("action", text_data(item_url(r, editable, stored ? key : "new")));
    d.set("version", text_data(version_of(stored)));
    d.set("fields", fields_data(editable, submitted, false));
    return d;
}

EditData history_data(const EditRequest& r, const std::vector<HistoryLine>& lines) {
    data d = base(r);
    data list{data::type::list};
    for (const auto& line : lines) {
        data e = entry_data(line.entry);
        if (line.editable) {
            e.set("label", text_data(line.editable->label));
            if (line.undoable) e.set("undo_action", text_data(item_url(r, *line.editable, line.entry.key, "undo")));
        }
        list.push_back(e);
    }
    d.set("entries", list);
    d.set("empty", lines.empty());
    return d;
}

}  // namespace vitae

#include "edit/editor.hpp"

#include <charconv>
#include <filesystem>
#include <vector>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "edit/bibtex_paste.hpp"
#include "edit/edit_pages.hpp"
#include "edit/fields.hpp"
#include "edit/sync_review.hpp"
#include "edit/values.hpp"
#include "render/text/escape.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/sync_rows.hpp"
#include "store/write/edit_log.hpp"

namespace vitae {

namespace {

// The page a path names: "" the dashboard, "history", "<kind>" (a list, or
// the single row's form), "<kind>/new", "<kind>/<key>", "<kind>/<key>/<action>".
struct Target {
    const Editable* editable = nullptr;
    std::string key;     // "" for new (a list kind without a key shows the list)
    std::string action;  // "", "delete", "undo"
    bool list = false;
};

std::vector<std::string_view> segments(std::string_view path) {
    std::vector<std::string_view> out;
    while (!path.empty()) {
        auto slash = path.find('/');
        out.push_back(path.substr(0, slash));
        path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
    }
    return out;
}

std::optional<Target> target_of(std::string_view path) {
    auto parts = segments(path);
    if (parts.empty() || parts.size() > 3) return std::nullopt;
    Target t{.editable = find_editable(parts[0]), .key = {}, .action = {}, .list = false};
    if (!t.editable) return std::nullopt;
    if (parts.size() == 1) {
        t.list = !t.editable->single;
        t.key = t.editable->single ? "1" : "";
        return t;
    }
    if (parts[1] == "move" && parts.size() == 2 && t.editable->move) {  // the list's one form: up=KEY or down=KEY
        t.action = "move";
        return t;
    }
    if (parts[1] == "new") {
        if (t.editable->single || parts.size() == 3) return std::nullopt;
        return t;
    }
    t.key = std::string(parts[1]);
    if (t.key.empty()) return std::nullopt;
    if (parts.size() == 3) {
        if (parts[2] != "delete" && parts[2] != "undo") return std::nullopt;
        t.action = std::string(parts[2]);
    }
    return t;
}

EditAnswer answer(int status, std::string title, std::string body = {}) {
    return {.status = status, .title = std::move(title), .body_html = std::move(body), .location = {}};
}

EditAnswer redirect(std::string location) {
    return {.status = 303, .title = "Saved", .body_html = {}, .location = std::move(location)};
}

// A list's page from the query: none is the first, "page=N" the Nth; anything
// else none at all (then the page is a 400 naming it).
std::optional<std::size_t> page_of(std::string_view query) {
    if (query.empty()) return 1;
    if (!query.starts_with("page=")) return std::nullopt;
    auto digits = query.substr(5);
    std::size_t n = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc() || end != digits.data() + digits.size() || n < 1 || digits.front() == '0') return std::nullopt;
    return n;
}

EditAnswer undo_refused(UndoRefusal why) {
    switch (why) {
    case UndoRefusal::nothing_logged: return answer(404, "Nothing to undo", "<p>This row has no recorded change.</p>");
    case UndoRefusal::changed_since:
        return answer(409, "Changed meanwhile",
                      "<p>The row was changed after its last recorded change; open it and save again instead.</p>");
    case UndoRefusal::unreadable: break;
    }
    return answer(409, "Cannot undo", "<p>The recorded change cannot be read back.</p>");
}

// One request against one site's database: the steps of each page and save.
class SiteEdit {
public:
    SiteEdit(const EditTemplates& t, const std::string& db_path, const EditRequest& r) : t_(t), path_(db_path), r_(r) {}

    EditAnswer run();

private:
    EditAnswer get(const Target& target);
    EditAnswer post(const Target& target);
    EditAnswer save(const Editable& editable, const std::string& key);
    EditAnswer remove(const Editable& editable, const std::string& key);
    EditAnswer undo(const Editable& editable, const std::string& key);
    EditAnswer move(const Editable& editable, const std::string& key, int direction);
    EditAnswer history();
    EditAnswer dashboard();
    EditAnswer list(const Editable& editable, const Db& db);
    EditAnswer form_page(int status, const FormPage& page);
    std::string who() const { return r_.user.empty() ? std::string("unknown") : std::string(r_.user); }
    Db open(OpenMode mode) const { return open_checked(path_, mode); }

    const EditTemplates& t_;
    const std::string& path_;
    const EditRequest& r_;
};

EditAnswer SiteEdit::run() {
    bool post = r_.method == Method::post;
    if (!post && r_.method != Method::get) return answer(405, "Method not allowed");
    if (post && !r_.form) return answer(400, "Bad request", "<p>The form is missing.</p>");
    if (r_.path.empty() || r_.path == "history") {
        if (post) return answer(405, "Method not allowed");
        return r_.path.empty() ? dashboard() : history();
    }
    if (r_.path == bibtex_paste_path) return paste_bibtex(t_, path_, r_);  // pages of their own, not rows
    if (r_.path == sync_review_path) return review_sync_finds(t_, path_, r_);
    auto target = target_of(r_.path);
    if (!target) return answer(404, "Not found", "<p>The editor has no such page.</p>");
    return post ? this->post(*target) : get(*target);
}

// The kinds, and what the accessibility rules find in the site as it is.
EditAnswer SiteEdit::dashboard() {
    auto db = open(OpenMode::read_only);
    auto findings = accessibility_findings(load_content(db));  // one read transaction of its own
    return answer(200, "Edit", t_.render("dashboard", dashboard_data(r_, findings)));
}

EditAnswer SiteEdit::get(const Target& target) {
    const Editable& editable = *target.editable;
    if (!target.action.empty()) return answer(405, "Method not allowed");
    auto db = open(OpenMode::read_only);
    Transaction read(db, Transaction::Mode::read);
    if (target.list) return list(editable, db);
    if (target.key.empty()) return form_page(200, {.editable = editable, .key = {}, .values = {}, .version = "new"});
    auto stored = editable.load(db, target.key);
    if (!stored && editable.single) stored = RowValues{};  // the profile before its first save
    if (!stored) return answer(404, "Not found", "<p>There is no such row.</p>");
    return form_page(200, {.editable = editable, .key = target.key, .values = *stored, .version = version_of(editable.load(db, target.key)),
                           .last = last_edit(db, editable.item, target.key),
                           .notes = editable.notes ? editable.notes(db, target.key) : std::vector<std::string>()});
}

EditAnswer SiteEdit::post(const Target& target) {
    if (target.list) return answer(405, "Method not allowed");
    if (target.action == "delete") return remove(*target.editable, target.key);
    if (target.action == "undo") return undo(*target.editable, target.key);
    if (target.action == "move") {
        auto up = r_.form->get("up"), down = r_.form->get("down");
        if (!up && !down) return answer(400, "Bad request", "<p>Say which row moves: up=KEY or down=KEY.</p>");
        return move(*target.editable, std::string(up ? *up : *down), up ? -1 : 1);
    }
    return save(*target.editable, target.key);
}

EditAnswer SiteEdit::list(const Editable& editable, const Db& db) {
    auto page = page_of(r_.query);
    if (!page) return answer(400, "Bad request", "<p>A list's address takes only ?page=N, N from 1.</p>");
    auto rows = editable.list(db);
    if (*page > 1 && (*page - 1) * limits::edit_list_page_rows >= rows.size())
        return answer(404, "Not found", "<p>The list has no such page.</p>");
    auto d = list_data(r_, editable, rows, *page);
    if (editable.path == sync_review_editable)
        if (auto waiting = review_count(db)) {
            d.set("review_url", text_data(std::string(r_.mount) + std::string(sync_review_path)));
            d.set("review_count", text_data(std::to_string(waiting)));
        }
    return answer(200, std::string(editable.label), t_.render("list", d));
}

EditAnswer SiteEdit::form_page(int status, const FormPage& page) {
    auto answer_ = answer(status, std::string(page.editable.label), t_.render("form", form_data(r_, page)));
    return answer_;
}

EditAnswer SiteEdit::save(const Editable& editable, const std::string& key) {
    auto values = submitted_values(editable, *r_.form);
    std::string sent_version(r_.form->get("version").value_or(""));
    FormPage page{.editable = editable, .key = key, .values = values, .version = sent_version};
    if (r_.form->get("preview")) {
        page.preview = true;
        return form_page(200, page);
    }
    PreparedWrite prepared;
    try {  // before the write lock: reading an upload's picture takes seconds
        if (editable.read_ahead && !check_values(editable, values)) prepared = editable.read_ahead(key, values);
    } catch (const Error& e) {
        page.error = std::string("Not saved: ") + e.what();
        return form_page(400, page);
    }
    auto db = open(OpenMode::read_write);
    LoggedTransaction write(db, who());  // rolled back on every early return: nothing written, nothing logged
    // A new row's key is the writer's to choose: the item is watched, so
    // whatever the save wrote is logged with what it replaced, or refused.
    std::optional<RowValues> before;
    if (key.empty()) write.watch_new_rows(editable.item);
    else before = write.watch(editable.item, key);
    if (!key.empty() && !before && !editable.single) return answer(404, "Not found", "<p>There is no such row.</p>");
    if (auto why = check_values(editable, values)) {
        page.error = *why;
        return form_page(400, page);
    }
    if (version_of(before) != sent_version)
        return answer(409, "Changed meanwhile", t_.render("conflict", conflict_data(r_, editable, key, before, values)));
    try {
        if (prepared) prepared(db, key);
        else editable.put(db, key, values);
    } catch (const Error& e) {  // a CHECK the form's checks did not foresee: refused, nothing written
        page.error = std::string("Not saved: ") + e.what();
        return form_page(400, page);
    }
    write.commit();
    return redirect(editable.single ? item_url(r_, editable) : item_url(r_, editable));
}

EditAnswer SiteEdit::remove(const Editable& editable, const std::string& key) {
    if (!editable.remove) return answer(405, "Method not allowed");
    auto db = open(OpenMode::read_write);
    LoggedTransaction write(db, who());
    auto before = write.watch(editable.item, key);
    if (!before) return answer(404, "Not found", "<p>There is no such row.</p>");
    if (version_of(before) != r_.form->get("version").value_or(""))
        return answer(409, "Changed meanwhile", t_.render("conflict", conflict_data(r_, editable, key, before, *before)));
    try {
        editable.remove(db, key);
    } catch (const Error& e) {  // what the writer's rules refuse (the default language): nothing written
        return answer(409, "Not removed", "<p>Not removed: " + xml_escape(e.what()) + "</p>");
    }
    write.commit();
    return redirect(item_url(r_, editable));
}

EditAnswer SiteEdit::undo(const Editable& editable, const std::string& key) {
    auto db = open(OpenMode::read_write);
    LoggedTransaction write(db, who(), LogAs::undo);
    auto now = write.watch(editable.item, key);
    auto plan = plan_undo(db, editable.item, key, now);
    if (auto* refused = std::get_if<UndoRefusal>(&plan)) return undo_refused(*refused);
    const auto& step = std::get<UndoStep>(plan);
    if (step.restore) {
        try {
            editable.put(db, key, *step.restore);
        } catch (const Error& e) {  // what the log cannot give back (a removed file's bytes): refused, nothing written
            return answer(409, "Cannot undo", "<p>" + xml_escape(e.what()) + "</p>");
        }
    } else if (editable.remove) {
        editable.remove(db, key);
    } else {
        return answer(409, "Cannot undo", "<p>This row cannot be removed.</p>");
    }
    write.commit();
    return redirect(item_url(r_, editable));
}

EditAnswer SiteEdit::move(const Editable& editable, const std::string& key, int direction) {
    if (!editable.move) return answer(405, "Method not allowed");
    auto db = open(OpenMode::read_write);
    LoggedTransaction write(db, who());
    if (!editable.load(db, key)) return answer(404, "Not found", "<p>There is no such row.</p>");
    if (auto moved = editable.move(db, key, direction)) {
        write.record_move(editable.item, key, moved->first, moved->second);
        write.commit();
    }
    return redirect(item_url(r_, editable));
}

EditAnswer SiteEdit::history() {
    auto db = open(OpenMode::read_only);
    Transaction read(db, Transaction::Mode::read);
    std::vector<HistoryLine> lines;
    for (auto& entry : read_edit_log(db, limits::edit_history_rows)) {
        const Editable* editable = nullptr;
        for (const auto& k : editables())
            if (k.item == entry.item) editable = &k;
        bool latest = false;
        if (editable) {
            auto last = last_edit(db, entry.item, entry.key);
            latest = last && last->id == entry.id;
        }
        lines.push_back({.entry = std::move(entry), .editable = editable, .undoable = latest});
    }
    return answer(200, "History", t_.render("history", history_data(r_, lines)));
}

}  // namespace

Editor::Editor(const std::string& templates_dir)
    : templates_(std::make_unique<const EditTemplates>(std::filesystem::path(templates_dir) / "edit")) {}
Editor::~Editor() = default;
Editor::Editor(Editor&&) noexcept = default;
Editor& Editor::operator=(Editor&&) noexcept = default;

EditAnswer Editor::handle(const std::string& site_db_path, const EditRequest& request) const {
    return SiteEdit(*templates_, site_db_path, request).run();
}

}  // namespace vitae

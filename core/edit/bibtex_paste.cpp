#include "edit/bibtex_paste.hpp"

#include <optional>
#include <vector>

#include "base/limits.hpp"
#include "base/text.hpp"
#include "base/utf8.hpp"
#include "bibtex/bib_import.hpp"
#include "edit/kinds.hpp"
#include "edit/values.hpp"
#include "store/rows/content_store.hpp"
#include "store/write/edit_log.hpp"

namespace vitae {

namespace {

using data = TemplateData;

// What a paste came to, for its page.
struct PasteResult {
    std::string error;                  // one reason the paste as a whole was refused
    std::vector<std::string> problems;  // entries that could not be read: nothing was written
    std::vector<std::string> warnings;  // what the import guessed about, in entries it added
    data added{data::type::list};       // {title, url}
    data duplicates{data::type::list};  // {slug, why, url}
    std::size_t added_count = 0, duplicate_count = 0;
};

// "Line 3 (smith2020): no title": where the paste has it, by the line in the text area.
std::string paste_problem_line(const BibProblem& problem) {
    std::string out = "Line " + std::to_string(problem.line);
    if (!problem.key.empty()) out += " (" + problem.key + ")";
    return out + ": " + problem.message;
}

data paste_list(const std::vector<std::string>& lines) {
    data list{data::type::list};
    for (const auto& line : lines) list.push_back(data("text", line));
    return list;
}

EditAnswer paste_page(const EditTemplates& t, const EditRequest& r, int status, std::string_view text,
                      const PasteResult& result) {
    data d;
    d.set("mount", text_data(r.mount));
    d.set("csrf", text_data(r.csrf_token));
    d.set("list_url", text_data(std::string(r.mount) + std::string(bibtex_paste_editable)));
    d.set("action", text_data(std::string(r.mount) + std::string(bibtex_paste_path)));
    d.set("bibtex", text_data(text));
    d.set("max_kb", text_data(std::to_string(limits::max_bibtex_paste_bytes / 1024)));
    if (!result.error.empty()) d.set("error", text_data(result.error));  // kainjow's sections take "" as true
    d.set("problems", paste_list(result.problems));
    d.set("warnings", paste_list(result.warnings));
    d.set("added", result.added);
    d.set("duplicates", result.duplicates);
    d.set("has_problems", !result.problems.empty());
    d.set("has_warnings", !result.warnings.empty());
    d.set("has_added", result.added_count > 0);
    d.set("has_duplicates", result.duplicate_count > 0);
    return {.status = status, .title = "Add publications from BibTeX", .body_html = t.render("bibtex", d), .location = {}};
}

// Why the text cannot be imported at all, before the database is opened.
std::optional<std::string> paste_refusal(std::string_view text) {
    if (trim(text).empty()) return "Paste one or more BibTeX entries, each starting @article{key, ... or @inproceedings{key, ...";
    if (text.size() > limits::max_bibtex_paste_bytes)
        return "The pasted text is " + std::to_string(text.size()) + " bytes, more than the limit of " +
               std::to_string(limits::max_bibtex_paste_bytes) + "; import a file that large with vitae import-bibtex.";
    if (!is_valid_utf8(text)) return "The pasted text is not UTF-8.";
    return std::nullopt;
}

EditAnswer paste_post(const EditTemplates& t, const std::string& db_path, const EditRequest& r) {
    std::string text(r.form->get("bibtex").value_or(""));
    PasteResult result;
    if (auto why = paste_refusal(text)) {
        result.error = *why;
        return paste_page(t, r, text.size() > limits::max_bibtex_paste_bytes ? 413 : 400,
                          text.size() > limits::max_bibtex_paste_bytes ? std::string_view() : text, result);
    }
    BibFile file = parse_bibtex(text, "pasted");
    if (file.entries.empty() && file.problems.empty()) {
        result.error = "No BibTeX entry found: an entry starts with @ and its type, e.g. @article{key, title = {...}}.";
        return paste_page(t, r, 400, text, result);
    }
    auto db = open_checked(db_path, OpenMode::read_write);
    const Editable& editable = *find_editable(bibtex_paste_editable);
    std::string who = r.user.empty() ? std::string("unknown") : std::string(r.user);
    // Rolled back unless every entry could be read; each paper added an insert, undoable there.
    LoggedTransaction write(db, who);
    write.watch_new_rows(editable.item);
    auto report = import_bibtex_file(db, std::move(file), {.add_only = true});
    for (const auto& problem : report.file.problems)
        (problem.skipped ? result.problems : result.warnings).push_back(paste_problem_line(problem));
    if (report.skipped() > 0) {
        result.error = "Nothing was added: " + std::to_string(report.skipped()) +
                       (report.skipped() == 1 ? " entry could not be read. Correct it" : " entries could not be read. Correct them") +
                       " and add again.";
        return paste_page(t, r, 400, text, result);
    }
    for (const auto& change : report.changes) {
        std::string key = std::to_string(change.id);
        std::string url = std::string(r.mount) + std::string(bibtex_paste_editable) + "/" + key;
        if (change.action == ImportChange::Action::duplicate) {
            data dup("slug", change.slug);
            dup.set("why", change.why);
            if (change.id != 0) dup.set("url", url);  // a repeat within the paste has no row
            result.duplicates.push_back(dup);
            ++result.duplicate_count;
            continue;
        }
        auto after = editable.load(db, key);
        data added("title", after ? std::string(value_of(*after, "title")) : change.slug);
        added.set("url", url);
        result.added.push_back(added);
        ++result.added_count;
    }
    write.commit();
    return paste_page(t, r, 200, {}, result);
}

}  // namespace

EditAnswer paste_bibtex(const EditTemplates& templates, const std::string& db_path, const EditRequest& request) {
    if (request.method == Method::get) return paste_page(templates, request, 200, {}, {});
    if (request.method != Method::post) return {.status = 405, .title = "Method not allowed", .body_html = {}, .location = {}};
    return paste_post(templates, db_path, request);
}

}  // namespace vitae

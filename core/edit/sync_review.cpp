#include "edit/sync_review.hpp"

#include <set>
#include <vector>

#include "base/clock.hpp"
#include "base/error.hpp"
#include "edit/kinds.hpp"
#include "edit/values.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/publication_store.hpp"
#include "store/rows/sync_rows.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/synced_work.hpp"

namespace vitae {

namespace {

using data = TemplateData;

constexpr std::size_t listed_authors = 6;  // then "et al."

std::string authors_line(const Publication& p) {
    std::string out;
    for (std::size_t i = 0; i < p.authors.size() && i < listed_authors; ++i) out += (i ? ", " : "") + p.authors[i].name;
    if (p.authors.size() > listed_authors) out += " et al.";
    return out;
}

data item_data(const ReviewItem& item) {
    data d("service", item.key.service);
    d.set("id", item.key.id);
    d.set("title", item.title.empty() ? std::string("(no title)") : item.title);
    if (item.year) d.set("year", text_data(std::to_string(*item.year)));
    d.set("found", item.found);
    try {
        FetchedWork work = work_from_json(item.work);
        const Publication& p = work.publication;
        if (!p.authors.empty()) d.set("authors", authors_line(p));
        if (!p.venue.empty()) d.set("venue", p.venue);
        if (!p.doi.empty()) d.set("doi", p.doi);
        if (!p.arxiv.empty()) d.set("arxiv", p.arxiv);
        d.set("addable", true);
    } catch (const Error&) {
        d.set("unreadable", true);  // shown, not addable: `vitae sync` writes it again when it syncs next
    }
    return d;
}

struct ReviewResult {
    std::string error;
    data added{data::type::list};  // {title, url}
    std::size_t added_count = 0;
};

EditAnswer review_page(const EditTemplates& t, const EditRequest& r, const Db& db, int status,
                       const ReviewResult& result) {
    auto items = review_items(db);
    data list{data::type::list};
    for (const auto& item : items) list.push_back(item_data(item));
    data d;
    d.set("mount", text_data(r.mount));
    d.set("csrf", text_data(r.csrf_token));
    d.set("list_url", text_data(std::string(r.mount) + std::string(sync_review_editable)));
    d.set("action", text_data(std::string(r.mount) + std::string(sync_review_path)));
    d.set("items", list);
    d.set("empty", items.empty());
    d.set("several", items.size() > 1);
    d.set("count", text_data(std::to_string(items.size())));
    if (!result.error.empty()) d.set("error", text_data(result.error));
    d.set("added", result.added);
    d.set("has_added", result.added_count > 0);
    return {.status = status, .title = "Publications found by sync", .body_html = t.render("review", d), .location = {}};
}

EditAnswer review_post(const EditTemplates& t, const std::string& db_path, const EditRequest& r) {
    auto service = r.form->get("service"), id = r.form->get("id");
    bool all = r.form->get("all").has_value();
    auto db = open_checked(db_path, OpenMode::read_write);
    const Editable& editable = *find_editable(sync_review_editable);
    std::string who = r.user.empty() ? std::string("unknown") : std::string(r.user);
    LoggedTransaction write(db, who);
    write.watch_new_rows(editable.item);  // each work added is an insert, undoable there
    ReviewResult result;
    if (!all && (!service || !id || service->empty() || id->empty())) {
        result.error = "Choose a work to add: the form names none.";
        return review_page(t, r, db, 400, result);
    }
    std::vector<ReviewItem> items;
    if (all) {
        items = review_items(db);
    } else if (auto item = review_item(db, {std::string(*service), std::string(*id)})) {
        items.push_back(std::move(*item));
    } else {
        result.error = "That work is no longer waiting for review: it was added or is gone since the page was made.";
        return review_page(t, r, db, 404, result);
    }
    std::string day = utc_day(system_unix());
    auto slugs = publication_slugs(db);
    std::set<std::string> taken(slugs.begin(), slugs.end());
    for (const auto& item : items) {
        std::int64_t added = 0;
        try {
            added = accept_review_item(db, item, taken, day);
        } catch (const Error& e) {
            result.error = "This work cannot be added: " + std::string(e.what()) + ". The next sync writes it again.";
            return review_page(t, r, db, 400, result);
        }
        std::string row = std::to_string(added);
        auto after = editable.load(db, row);
        data entry("title", after ? std::string(value_of(*after, "title")) : row);
        entry.set("url", std::string(r.mount) + std::string(sync_review_editable) + "/" + row);
        result.added.push_back(entry);
        ++result.added_count;
    }
    auto page = review_page(t, r, db, 200, result);
    write.commit();
    return page;
}

}  // namespace

EditAnswer review_sync_finds(const EditTemplates& templates, const std::string& db_path, const EditRequest& request) {
    if (request.method == Method::get) {
        auto db = open_checked(db_path, OpenMode::read_only);
        Transaction read(db, Transaction::Mode::read);
        return review_page(templates, request, db, 200, {});
    }
    if (request.method != Method::post) return {.status = 405, .title = "Method not allowed", .body_html = {}, .location = {}};
    return review_post(templates, db_path, request);
}

}  // namespace vitae

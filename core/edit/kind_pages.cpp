// Pages of the owner's own, keyed by slug, in the owner's order (the
// menu's, moved up and down here): what `vitae add page` writes, with the
// same slug rule (http/router's page_slug_problem), through put_page.
#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "edit/kind_rows.hpp"
#include "http/router.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_rows.hpp"
#include "store/write/pages.hpp"

namespace vitae::editable_tables {

namespace {

OwnPage page_from_form(std::string_view key, V v) {
    OwnPage p{.slug = key.empty() ? text(v, "slug") : std::string(key), .title = text(v, "title"),
              .body_format = text(v, "body_format"), .body = text(v, "body"), .in_menu = value_of(v, "in_menu") == "1"};
    if (p.slug.empty()) p.slug = slug_from(p.title).substr(0, limits::max_slug_bytes);
    if (!key.empty() && !value_of(v, "slug").empty() && value_of(v, "slug") != key)
        throw Error("the slug of a page stays as it is (its URL); make a new page for a new one");
    if (auto problem = page_slug_problem(p.slug)) throw Error("the slug " + *problem);
    return p;
}

}  // namespace

std::vector<Editable> page_editables() {
    std::vector<Editable> table;
    Editable editable{.path = "pages", .label = "Pages", .item = "page",
              .fields = {{.name = "slug", .label = "Slug", .hint = "its URL, /<slug>/: a-z, 0-9 and -; made from the title "
                                                                   "when empty; kept as it is once the page exists"},
                         {.name = "title", .label = "Title", .required = true},
                         {.name = "in_menu", .label = "In the menu (linked from every page, in this list's order)",
                          .type = FieldType::checkbox},
                         {.name = "body_format", .label = "Format", .type = FieldType::select, .required = true,
                          .options = {"markdown", "html"}},
                         {.name = "body", .label = "Text", .type = FieldType::markdown_math,
                          .hint = "Markdown: math, code and stored pictures as in posts", .format_from = "body_format"}},
              .summary = "title"};
    editable.put = [](const Db& db, std::string_view key, V v) {
        auto p = page_from_form(key, v);
        if (key.empty() && rows::page_exists(db, p.slug))
            throw Error("a page with the slug " + in_quotes(p.slug) + " exists; choose another");
        put_page(db, p);
        return p.slug;
    };
    editable.remove = [](const Db& db, std::string_view key) { return is_slug(key) && remove_page(db, key); };
    editable.move = [](const Db& db, std::string_view key, int direction) { return move_page(db, key, direction); };
    table.push_back(std::move(editable));
    return table;
}

}  // namespace vitae::editable_tables

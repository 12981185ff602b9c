// Projects, keyed by slug, in the owner's order: what `vitae add project`
// writes (title, summary, body, picture, links, related papers and posts),
// with the same checks (a stored picture, stored files, papers and posts
// that exist), through put_project. Links, papers and posts are lines of a
// textarea, as a publication's links are.
#include <algorithm>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "edit/kind_rows.hpp"
#include "rules/link.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_rows.hpp"
#include "store/rows/file_store.hpp"
#include "store/rows/publication_store.hpp"
#include "store/write/projects.hpp"

namespace vitae::editable_tables {

namespace {

// "Code | https://..." as `vitae add project --link Code=https://...` takes it.
Link project_link(const Db& db, const std::string& line) {
    auto bar = line.find('|');
    Link link{.label = std::string(trim(line.substr(0, bar))),
              .url = bar == std::string::npos ? std::string() : std::string(trim(line.substr(bar + 1)))};
    if (link.label.empty() || link.url.empty())
        throw Error("the link " + in_quotes(line) + " is not Label | https://... or /files/<name>");
    if (!is_link(link.url))
        throw Error("the link " + in_quotes(line) + ": " + in_quotes(link.url) + " is " + std::string(link_expected));
    if (auto name = file_link_name(link.url); name && !file_exists(db, *name))
        throw Error("the link " + in_quotes(line) + " names no stored file; upload it under Files first");
    return link;
}

Project project_of(const Db& db, std::string_view key, V v) {
    Project p{.slug = key.empty() ? text(v, "slug") : std::string(key), .title = text(v, "title"),
              .summary = text(v, "summary"), .markdown = text(v, "markdown"), .image = text(v, "image"),
              .links = {}, .publications = nonempty_lines(value_of(v, "papers")), .posts = nonempty_lines(value_of(v, "posts"))};
    if (p.slug.empty()) p.slug = slug_from(p.title).substr(0, limits::max_slug_bytes);
    if (!is_slug(p.slug)) throw Error("the slug " + in_quotes(p.slug) + " is not a-z, 0-9 and - (not starting with -)");
    if (!key.empty() && !value_of(v, "slug").empty() && value_of(v, "slug") != key)
        throw Error("the slug of a project stays as it is (its URL); make a new project for a new one");
    for (const auto& line : nonempty_lines(value_of(v, "links"))) p.links.push_back(project_link(db, line));
    if (!p.image.empty() && !is_stored_picture(db, p.image))
        throw Error("the picture " + in_quotes(p.image) + " is not a stored picture; upload it under Files first");
    for (const auto& slug : p.publications)
        if (!publication_id(db, slug)) throw Error("no publication " + in_quotes(slug));
    for (const auto& slug : p.posts)
        if (!rows::post_exists(db, slug)) throw Error("no post " + in_quotes(slug));
    return p;
}

}  // namespace

std::vector<Editable> project_editables() {
    std::vector<Editable> table;
    Editable editable{.path = "projects", .label = "Projects", .item = "project",
              .fields = {{.name = "slug", .label = "Slug", .hint = "its URL, /projects/<slug>: a-z, 0-9 and -; made from "
                                                                   "the title when empty; kept as it is once the project exists"},
                         {.name = "title", .label = "Title", .required = true},
                         {.name = "summary", .label = "Summary", .type = FieldType::markdown_math,
                          .hint = "a sentence or two for /projects/ (Markdown)"},
                         {.name = "markdown", .label = "Text", .type = FieldType::markdown_math, .hint = "the project's page (Markdown, math allowed)"},
                         {.name = "image", .label = "Picture", .hint = "a stored picture's name (see Files); empty for none"},
                         {.name = "links", .label = "Links", .type = FieldType::textarea,
                          .hint = "one a line: Label | https://... or /files/<name>"},
                         {.name = "papers", .label = "Publications", .type = FieldType::textarea,
                          .hint = "their slugs, one a line"},
                         {.name = "posts", .label = "Posts", .type = FieldType::textarea, .hint = "their slugs, one a line"}},
              .summary = "title"};
    editable.put = [](const Db& db, std::string_view key, V v) {
        auto p = project_of(db, key, v);
        if (key.empty() && rows::project_exists(db, p.slug))
            throw Error("a project with the slug " + in_quotes(p.slug) + " exists; choose another");
        put_project(db, p);
        return p.slug;
    };
    editable.remove = [](const Db& db, std::string_view key) { return is_slug(key) && remove_project(db, key); };
    table.push_back(std::move(editable));
    return table;
}

}  // namespace vitae::editable_tables

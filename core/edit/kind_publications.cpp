// Publications, keyed by id, in the owner's order. The child rows are edited
// as lines of a textarea, as the edit log holds them (logged_rows.cpp): an
// author a line ("Name", "Name *" for equal contribution), a link a line
// ("Label | URL"), an award a line. The
// columns beyond the core ones come from publication_text_columns, the list
// the loader, the writer and the BibTeX export walk too. A save starts from
// the stored publication and changes what the form names, so what the form
// does not show (the BibTeX fields kept verbatim) stays as it was.
#include <nlohmann/json.hpp>

#include <algorithm>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "edit/kind_rows.hpp"
#include "rules/link.hpp"
#include "rules/work_ids.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_rows.hpp"
#include "store/rows/file_store.hpp"
#include "store/rows/publication_store.hpp"
#include "store/write/publications.hpp"

namespace vitae::editable_tables {

namespace {

std::vector<std::string_view> kind_names() {
    std::vector<std::string_view> names;
    for (const auto& row : kind_rows()) names.push_back(row.name);
    return names;
}

std::vector<FieldSpec> publication_fields() {
    std::vector<FieldSpec> f = {
        {.name = "title", .label = "Title", .required = true},
        {.name = "kind", .label = "Kind", .type = FieldType::select, .required = true, .options = kind_names()},
        {.name = "authors", .label = "Authors", .type = FieldType::textarea,
         .hint = "one a line; end a name with * for equal contribution"},
        {.name = "venue", .label = "Venue"},
        {.name = "year", .label = "Year", .type = FieldType::number, .hint = "empty when undated"},
        {.name = "selected", .label = "Selected (on the home page)", .type = FieldType::checkbox},
        {.name = "abstract", .label = "Abstract", .type = FieldType::textarea},
        {.name = "links", .label = "Links", .type = FieldType::textarea,
         .hint = "one a line: Label | https://... or /files/<name>"},
        {.name = "awards", .label = "Awards", .type = FieldType::textarea, .hint = "one a line"},
        {.name = "picture", .label = "Picture", .hint = "a stored picture's name shown beside it (see Files); empty for none"},
    };
    for (const auto& column : publication_text_columns) f.push_back({.name = column.name, .label = column.name});
    return f;
}

Link link_of(const std::string& line) {
    auto bar = line.find('|');
    Link link{.label = std::string(trim(line.substr(0, bar))), .url = {}};
    if (bar != std::string::npos) link.url = std::string(trim(line.substr(bar + 1)));
    if (link.label.empty()) throw Error("the link " + in_quotes(line) + " is not Label | https://... or /files/<name>");
    if (!link.url.empty() && !is_link(link.url))
        throw Error("the link " + in_quotes(line) + ": " + in_quotes(link.url) + " is " + std::string(link_expected));
    return link;
}

// Every value `v` names, over `p`.
void apply(Publication& p, V v, const OwnerNames& owner) {
    auto has = [&v](std::string_view name) {
        return std::any_of(v.begin(), v.end(), [&](const auto& kv) { return kv.first == name; });
    };
    if (has("slug")) p.slug = text(v, "slug");  // an undo's; a form has no slug field
    if (has("title")) p.title = text(v, "title");
    if (has("kind")) p.kind = kind_named(value_of(v, "kind")).value_or(p.kind);
    if (has("venue")) p.venue = text(v, "venue");
    if (has("year")) p.year = optional_integer(v, "year");
    if (has("selected")) p.selected = value_of(v, "selected") == "1";
    if (has("abstract")) p.abstract = text(v, "abstract");
    if (has("authors")) {
        p.authors.clear();
        for (auto& line : nonempty_lines(value_of(v, "authors"))) {
            bool equal = line.ends_with('*');
            std::string name(trim(std::string_view(line).substr(0, line.size() - (equal ? 1 : 0))));
            p.authors.push_back({.name = name, .is_owner = owner.match(name), .equal_contribution = equal});
        }
    }
    if (has("links")) {
        p.links.clear();
        for (auto& line : nonempty_lines(value_of(v, "links"))) p.links.push_back(link_of(line));
    }
    if (has("awards")) p.awards = nonempty_lines(value_of(v, "awards"));
    for (const auto& column : publication_text_columns)
        if (has(column.name)) p.*column.member = text(v, column.name);
    p.doi = bare_doi(p.doi);  // "https://doi.org/10.1/x" typed or pasted: the DOI, as BibTeX and sync store it
    if (has("bibtex_fields")) {
        p.fields.clear();
        auto fields = nlohmann::json::parse(value_of(v, "bibtex_fields"), nullptr, false);
        if (fields.is_array())
            for (const auto& f : fields)
                if (f.is_array() && f.size() == 2 && f[0].is_string() && f[1].is_string())
                    p.fields.push_back({.name = f[0].get<std::string>(), .value = f[1].get<std::string>()});
    }
}

// A slug no publication has: from the title, "-2", "-3"... when taken.
std::string free_slug(const Db& db, std::string_view title) {
    std::string base = slug_from(title).substr(0, limits::max_slug_bytes - 8);
    if (base.empty()) base = "paper";
    for (int n = 1;; ++n) {
        std::string slug = n == 1 ? base : base + "-" + std::to_string(n);
        if (!find_publication(db, slug)) return slug;
    }
}

// As `vitae set preview`: a stored picture, or none; left as it is by
// values without it (an undo of an entry logged before the field existed).
void put_preview(const Db& db, std::int64_t id, V v) {
    if (std::none_of(v.begin(), v.end(), [](const auto& kv) { return kv.first == "picture"; })) return;
    auto name = value_of(v, "picture");
    if (!name.empty() && !is_stored_picture(db, name))
        throw Error("the picture " + in_quotes(name) + " is not a stored picture; upload it under Files first");
    set_publication_preview(db, id, name);
}

}  // namespace

std::vector<Editable> publication_editables() {
    std::vector<Editable> table;
    Editable editable{.path = "publications", .label = "Publications", .item = "publication", .fields = publication_fields(),
              .summary = "title"};
    editable.put = [](const Db& db, std::string_view key, V v) {
        auto id = key.empty() ? std::nullopt : position_key(key);
        auto stored = id ? read_publication(db, *id) : std::nullopt;
        Publication p = stored.value_or(Publication{});
        apply(p, v, owner_names(db));
        std::string saved(key);
        if (stored) {
            update_publication(db, *id, p);
        } else {
            if (p.slug.empty() || find_publication(db, p.slug)) p.slug = free_slug(db, p.title);
            if (id) insert_publication_with_id(db, *id, p);  // an undo of a removal
            else saved = std::to_string(insert_publication(db, p));
        }
        put_preview(db, *position_key(saved), v);
        return saved;
    };
    editable.remove = [](const Db& db, std::string_view key) {
        auto id = position_key(key);
        if (!id || !read_publication(db, *id)) return false;
        delete_publication(db, *id);
        return true;
    };
    editable.move = [](const Db& db, std::string_view key, int direction) -> std::optional<std::pair<std::int64_t, std::int64_t>> {
        auto id = position_key(key);
        if (!id) return std::nullopt;
        return move_publication(db, *id, direction);
    };
    table.push_back(std::move(editable));
    return table;
}

}  // namespace vitae::editable_tables

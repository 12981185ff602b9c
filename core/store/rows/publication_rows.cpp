#include "store/rows/publication_rows.hpp"

#include "base/error.hpp"
#include "base/log.hpp"

namespace vitae {

namespace {

// The written columns in bind order: ?1 kind ... ?7 selected, then the text columns.
constexpr const char* leading_values[] = {"kind", "title", "venue", "year", "abstract", "selected"};

// Each written column's name through `format(name, n)`, joined by ", ".
template <typename Format>
std::string value_list(Format format) {
    std::string out;
    int n = 0;
    auto add = [&](std::string_view name) {
        if (n++ > 0) out += ", ";
        out += format(name, n);
    };
    for (const char* name : leading_values) add(name);
    for (const auto& column : publication_text_columns) add(column.name);
    return out;
}

std::string name_only(std::string_view name, int) { return std::string(name); }
std::string mark(std::string_view, int n) { return "?" + std::to_string(n); }
std::string assignment(std::string_view name, int n) { return std::string(name) + " = ?" + std::to_string(n); }

}  // namespace

const std::string& publication_columns() {
    // preview is read, never written with the others: it is set on its own (set_publication_preview).
    static const std::string list = "id, slug, " + value_list(name_only) + ", preview";
    return list;
}

const std::string& publication_value_names() {
    static const std::string list = value_list(name_only);
    return list;
}

const std::string& publication_value_marks() {
    static const std::string list = value_list(mark);
    return list;
}

const std::string& publication_value_assignments() {
    static const std::string list = value_list(assignment);
    return list;
}

int publication_value_count() {
    return static_cast<int>(std::size(leading_values) + std::size(publication_text_columns));
}

StoredPublication read_publication_row(const Stmt& row, const Db& db) {
    StoredPublication out{.id = row.int_at(0), .publication = {}};
    Publication& p = out.publication;
    p.slug = row.text_at(1);
    std::string kind = row.text_at(2);
    auto known = kind_named(kind);
    if (!known) throw Error("load " + in_quotes(db.path()) + ": publication kind " + in_quotes(kind) + " is unknown");
    p.kind = *known;
    p.title = row.text_at(3);
    p.venue = row.text_at(4);
    if (auto year = row.optional_int_at(5)) p.year = static_cast<int>(*year);
    p.abstract = row.text_at(6);
    p.selected = row.int_at(7) != 0;
    int column = 8;
    for (const auto& text : publication_text_columns) p.*text.member = row.text_at(column++);
    p.preview = row.text_at(column);
    return out;
}

void bind_publication_values(Stmt& s, const Publication& p) {
    s.bind(1, kind_row(p.kind).name);
    s.bind(2, p.title);
    s.bind(3, p.venue);
    s.bind(4, p.year);
    s.bind(5, p.abstract);
    s.bind(6, std::int64_t{p.selected});
    int index = 7;
    for (const auto& text : publication_text_columns) s.bind(index++, p.*text.member);
}

}  // namespace vitae

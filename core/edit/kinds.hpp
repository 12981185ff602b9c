// The one table of what the editor edits: a row per Editable (the profile,
// links, publications, posts...), naming its path segment, its label, its
// fields (each with its input type) and how its rows are written and
// removed, always through core/store/ (the one writer of each table in
// store/write). An Editable's rows are read as the edit log records them
// (its item in store/rows/logged_rows.hpp), so a form shows, and an undo
// writes back, what the log holds. The pages, the saves, the version check,
// the log and undo are the same code for every Editable (editor.cpp); a new
// one is a row here and its item a row there. ("Kind" is a publication's
// kind alone: store/model/publication_kind.hpp.)
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store/rows/edit_rows.hpp"
#include "store/rows/logged_rows.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

enum class FieldType {
    text,
    textarea,
    markdown,       // a Markdown textarea, previewed as the home page's bio renders it
    markdown_math,  // one previewed as posts, news and projects render (math, heading ids)
    date,           // YYYY-MM-DD
    month,          // YYYY-MM
    url,            // http(s), mailto: or a site path (/files/<name>); may be empty
    number,         // an integer; may be empty unless required
    checkbox,       // "1" or "0"
    select,         // one of options
    file,           // an upload (multipart): its name as the value, its bytes as "<name>_bytes"
};

struct FieldSpec {
    std::string_view name;  // the column, and the form field's name
    std::string_view label;
    FieldType type = FieldType::text;
    bool required = false;
    std::vector<std::string_view> options = {};  // select only
    std::string_view hint = {};                  // shown under the input
    // A Markdown field whose format another field names: "html" there
    // previews it as the one sanitizer leaves it (a post's body).
    std::string_view format_from = {};
};

// A save's write, made ready by a kind's prepare (below): run inside the
// save's transaction, it returns the row's key.
using PreparedWrite = std::function<std::string(const Db&, std::string_view key)>;

struct Editable {
    std::string_view path;   // "links": /_vitae/edit/<site>/links
    std::string_view label;  // "Links"
    std::string_view item;   // its item in the edit log (store/rows/logged_rows.hpp): the table
    bool single = false;     // one row (the profile): no list, no new row, no delete
    std::vector<FieldSpec> fields;
    std::string_view summary;  // the field naming a row in the list
    // The list page's rows; empty: the item's table, its summary columns, in its order.
    std::function<std::vector<KeyedRow>(const Db&)> list_rows = {};
    // Writes `values` (every field's, checked) as row `key`, "" making a new
    // row; returns its key. Throws Error for what the writer refuses.
    std::function<std::string(const Db&, std::string_view key, const RowValues&)> put = {};
    // The slow part of a save that needs no database (an upload read, its
    // picture decoded and its copies made), run before the save's write
    // transaction opens, so no other save to the site waits for it; the
    // write it returns then runs in the transaction instead of put (an
    // empty one: put). Throws Error for what it refuses. Empty for most kinds.
    std::function<PreparedWrite(std::string_view key, const RowValues&)> read_ahead = {};
    // What the editor says of a stored row above its form (an uploaded PDF's
    // accessibility): sentences; empty for none.
    std::function<std::vector<std::string>(const Db&, std::string_view key)> notes = {};
    std::function<bool(const Db&, std::string_view key)> remove = {};  // empty for a single row
    // One place up (-1) or down (+1) in the owner's order: the positions
    // (before, after), none at an end; empty for a kind in another order.
    std::function<std::optional<std::pair<std::int64_t, std::int64_t>>(const Db&, std::string_view key, int)> move = {};

    std::vector<KeyedRow> list(const Db& db) const;
    // Row `key` as the edit log records it; none when there is none.
    std::optional<RowValues> load(const Db& db, std::string_view key) const;
};

const std::vector<Editable>& editables();
const Editable* find_editable(std::string_view path);

}  // namespace vitae

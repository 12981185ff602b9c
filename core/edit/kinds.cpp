#include "edit/kinds.hpp"

#include <charconv>

#include "base/text.hpp"
#include "edit/kind_rows.hpp"
#include "store/write/position.hpp"

namespace vitae {

namespace editable_tables {

std::vector<std::string> nonempty_lines(std::string_view text) {
    std::vector<std::string> out;
    while (!text.empty()) {
        auto end = text.find('\n');
        if (auto t = trim(text.substr(0, end)); !t.empty()) out.emplace_back(t);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    return out;
}

int integer(V values, std::string_view name) { return optional_integer(values, name).value_or(0); }

std::optional<int> optional_integer(V values, std::string_view name) {
    auto s = value_of(values, name);
    int n = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return n;
}

Editable positional(Editable editable, std::function<void(const Db&, std::int64_t, V)> put_at,
                std::function<bool(const Db&, std::int64_t)> remove_at) {
    std::string table(editable.item);
    editable.put = [table, put_at](const Db& db, std::string_view key, V values) {
        auto position = key.empty() ? next_position(db, table) : position_key(key).value();
        put_at(db, position, values);
        return std::to_string(position);
    };
    editable.remove = [remove_at](const Db& db, std::string_view key) {
        auto position = position_key(key);
        return position && remove_at(db, *position);
    };
    return editable;
}

Editable by_id(Editable editable, std::function<std::int64_t(const Db&, V)> insert,
           std::function<void(const Db&, std::int64_t, V)> put_at,
           std::function<bool(const Db&, std::int64_t)> remove_at) {
    editable = positional(std::move(editable), put_at, remove_at);
    editable.put = [insert, put_at](const Db& db, std::string_view key, V values) {
        if (key.empty()) return std::to_string(insert(db, values));
        put_at(db, position_key(key).value(), values);
        return std::string(key);
    };
    return editable;
}

}  // namespace editable_tables

std::vector<KeyedRow> Editable::list(const Db& db) const {
    if (list_rows) return list_rows(db);
    return read_table_rows(db, logged_item(item).table);
}

std::optional<RowValues> Editable::load(const Db& db, std::string_view key) const {
    return read_logged_row(db, logged_item(item), key);
}

const std::vector<Editable>& editables() {
    static const std::vector<Editable> table = [] {
        std::vector<Editable> t;
        for (auto part : {editable_tables::profile_editables, editable_tables::profile_list_editables, editable_tables::publication_editables,
                          editable_tables::post_editables, editable_tables::section_editables, editable_tables::project_editables,
                          editable_tables::page_editables, editable_tables::file_editables, editable_tables::language_editables})
            for (auto& editable : part()) t.push_back(std::move(editable));
        for (const auto& editable : t) logged_item(editable.item);  // each has its item, or the editor does not start
        return t;
    }();
    return table;
}

const Editable* find_editable(std::string_view path) {
    for (const auto& editable : editables())
        if (editable.path == path) return &editable;
    return nullptr;
}

}  // namespace vitae

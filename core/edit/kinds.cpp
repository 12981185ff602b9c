#include "edit/kinds.hpp"

#include <charconv>

#include "base/text.hpp"
#include "edit/kind_rows.hpp"
#include "store/write/position.hpp"

namespace vitae {

namespace edit_kinds {

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

Kind positional(Kind kind, std::function<void(const Db&, std::int64_t, V)> put_at,
                std::function<bool(const Db&, std::int64_t)> remove_at) {
    std::string table(kind.item);
    kind.put = [table, put_at](const Db& db, std::string_view key, V values) {
        auto position = key.empty() ? next_position(db, table) : position_key(key).value();
        put_at(db, position, values);
        return std::to_string(position);
    };
    kind.remove = [remove_at](const Db& db, std::string_view key) {
        auto position = position_key(key);
        return position && remove_at(db, *position);
    };
    return kind;
}

Kind by_id(Kind kind, std::function<std::int64_t(const Db&, V)> insert,
           std::function<void(const Db&, std::int64_t, V)> put_at,
           std::function<bool(const Db&, std::int64_t)> remove_at) {
    kind = positional(std::move(kind), put_at, remove_at);
    kind.put = [insert, put_at](const Db& db, std::string_view key, V values) {
        if (key.empty()) return std::to_string(insert(db, values));
        put_at(db, position_key(key).value(), values);
        return std::string(key);
    };
    return kind;
}

}  // namespace edit_kinds

std::vector<KeyedRow> Kind::list(const Db& db) const {
    if (list_rows) return list_rows(db);
    return read_table_rows(db, logged_item(item).table);
}

std::optional<RowValues> Kind::load(const Db& db, std::string_view key) const {
    return read_logged_row(db, logged_item(item), key);
}

const std::vector<Kind>& kinds() {
    static const std::vector<Kind> table = [] {
        std::vector<Kind> t;
        for (auto part : {edit_kinds::profile_kinds, edit_kinds::profile_list_kinds, edit_kinds::publication_kinds,
                          edit_kinds::post_kinds, edit_kinds::section_kinds, edit_kinds::project_kinds,
                          edit_kinds::page_kinds, edit_kinds::file_kinds, edit_kinds::language_kinds})
            for (auto& kind : part()) t.push_back(std::move(kind));
        for (const auto& kind : t) logged_item(kind.item);  // each has its item, or the editor does not start
        return t;
    }();
    return table;
}

const Kind* find_kind(std::string_view path) {
    for (const auto& kind : kinds())
        if (kind.path == path) return &kind;
    return nullptr;
}

}  // namespace vitae

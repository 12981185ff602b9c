#include "store/rows/language_rows.hpp"

#include "store/sql/sql_text.hpp"

namespace vitae::rows {

namespace {

constexpr const char* sql_language = "SELECT code, name, is_default FROM language ORDER BY is_default DESC, position";

// A row keyed by position is found by its place in the loaded list, which
// is what the content holds: row_number over the same order the loader reads.
constexpr const char* sql_translation = R"sql(
SELECT t.language, t.item, t.key, t.field, t.text, coalesce(p.idx, -1) FROM translation t
LEFT JOIN (
    SELECT 'paragraph' AS item, position, row_number() OVER (ORDER BY position) - 1 AS idx FROM profile_paragraph
    UNION ALL SELECT 'education', position, row_number() OVER (ORDER BY position) - 1 FROM education
    UNION ALL SELECT 'experience', position, row_number() OVER (ORDER BY position) - 1 FROM experience
    UNION ALL SELECT 'teaching', position, row_number() OVER (ORDER BY position) - 1 FROM teaching
    UNION ALL SELECT 'service', position, row_number() OVER (ORDER BY position) - 1 FROM service
    UNION ALL SELECT 'award', position, row_number() OVER (ORDER BY position) - 1 FROM award
) p ON p.item = t.item AND CAST(p.position AS TEXT) = t.key
ORDER BY t.language, t.item, t.key, t.field)sql";

}  // namespace

const std::vector<std::string>& language_queries() {
    static const std::vector<std::string> queries{sql_language, sql_translation};
    return queries;
}

void load_languages(const Db& db, Content& c) {
    c.languages = read_languages(db);
    c.translations = read_translations(db);
}

std::vector<Language> read_languages(const Db& db) {
    std::vector<Language> out;
    auto languages = db.prepare(sql_language);
    while (languages.step()) out.push_back({languages.text_at(0), languages.text_at(1), languages.int_at(2) != 0});
    return out;
}

std::vector<Translation> read_translations(const Db& db) {
    std::vector<Translation> out;
    auto translations = db.prepare(sql_translation);
    while (translations.step())
        out.push_back({translations.text_at(0), translations.text_at(1), translations.text_at(2), translations.text_at(3),
                       translations.text_at(4), translations.int_at(5)});
    return out;
}

std::optional<std::string> read_translation_text(const Db& db, const Translation& which) {
    auto row = db.prepare("SELECT text FROM translation WHERE language = ? AND item = ? AND key = ? AND field = ?");
    row.bind(1, which.language);
    row.bind(2, which.item);
    row.bind(3, which.key);
    row.bind(4, which.field);
    if (!row.step()) return std::nullopt;
    return row.text_at(0);
}

std::int64_t count_translations(const Db& db, std::string_view language) {
    auto count = db.prepare("SELECT count(*) FROM translation WHERE language = ?");
    count.bind(1, language);
    count.step();
    return count.int_at(0);
}

}  // namespace vitae::rows

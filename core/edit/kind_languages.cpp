// The site's languages (keyed by code, in the switcher's order) and the
// translations of its rows (keyed "language~item~key~field"), with the
// checks of `vitae lang add`, `lang rm` and `translate`: a BCP 47 code, one
// default, a translation only into a language that is not the default and
// only of a row and field the site translates (checked as the worker reads
// it, inside the save's transaction, so a refused save writes nothing).
#include <algorithm>

#include "base/error.hpp"
#include "base/log.hpp"
#include "edit/kind_rows.hpp"
#include "http/router.hpp"
#include "store/model/translate.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/language_rows.hpp"
#include "store/write/languages.hpp"

namespace vitae::editable_tables {

namespace {

std::string put_language(const Db& db, std::string_view key, V v) {
    Language l{.code = key.empty() ? text(v, "code") : std::string(key), .name = text(v, "name"),
               .is_default = value_of(v, "is_default") == "1"};
    if (!key.empty() && !value_of(v, "code").empty() && value_of(v, "code") != key)
        throw Error("a language keeps its code (its pages' URLs); add a new one instead");
    if (!is_language_code(l.code))
        throw Error(in_quotes(l.code) + " is not a language code as BCP 47 writes it (e.g. zh, zh-Hant, de, pt-BR, ar), "
                                        "or it is the name of a section of the site");
    auto languages = rows::read_languages(db);
    auto stored = std::find_if(languages.begin(), languages.end(), [&](const Language& s) { return s.code == l.code; });
    if (key.empty() && stored != languages.end()) throw Error(in_quotes(l.code) + " is already a language of the site");
    if (stored != languages.end() && stored->is_default && !l.is_default && languages.size() > 1)
        throw Error(in_quotes(l.code) + " is the default language; make another one the default instead");
    if (stored != languages.end()) {
        update_language(db, l);
        return l.code;
    }
    if (languages.empty() && !l.is_default && l.code != fallback_language)
        // As `vitae lang add`: the site so far was English only, and English stays its default, at /.
        insert_language(db, {.code = std::string(fallback_language), .name = "English", .is_default = true});
    insert_language(db, l);  // new, or an undo of a removal (then it comes last)
    return l.code;
}

bool remove_site_language(const Db& db, std::string_view key) {
    auto languages = rows::read_languages(db);
    auto stored = std::find_if(languages.begin(), languages.end(), [&](const Language& s) { return s.code == key; });
    if (stored == languages.end()) return false;
    if (stored->is_default && languages.size() > 1)
        throw Error(in_quotes(key) + " is the default language; make another one the default first");
    remove_language(db, key);  // its translations go with it
    return true;
}

std::vector<KeyedRow> list_translations(const Db& db) {
    std::vector<KeyedRow> out;
    for (const auto& t : rows::read_translations(db)) {
        std::string what = t.language + ": " + t.item + (t.key.empty() ? "" : " " + in_quotes(t.key)) + " " + t.field +
                           ": " + t.text;
        out.push_back({.key = translation_key(t), .values = {{"what", what}}});
    }
    return out;
}

std::string put_translation(const Db& db, std::string_view key, V v) {
    Translation t{.language = text(v, "language"), .item = text(v, "item"), .key = text(v, "key"), .field = text(v, "field"),
                  .text = text(v, "text"), .index = -1};
    if (!key.empty() && translation_key(t) != key)
        throw Error("a translation keeps its language, item, key and field; add a new one for another");
    for (const auto* part : {&t.language, &t.item, &t.key, &t.field})
        if (part->find(translation_key_separator) != std::string::npos) throw Error(in_quotes(*part) + " has a ~");
    auto languages = rows::read_languages(db);
    auto language = std::find_if(languages.begin(), languages.end(), [&](const Language& l) { return l.code == t.language; });
    if (language == languages.end()) throw Error(in_quotes(t.language) + " is not a language of the site (add it under Languages)");
    if (language->is_default) throw Error(in_quotes(t.language) + " is the default language: change the row itself");
    if (key.empty() && rows::read_translation_text(db, t))
        throw Error("a translation of " + t.item + (t.key.empty() ? "" : " " + in_quotes(t.key)) + " " + t.field + " into " +
                    in_quotes(t.language) + " exists; open it to change it");
    upsert_translation(db, t);
    // As `vitae translate`: checked as the worker will read it.
    Content content = load_content_in_transaction(db);
    std::erase_if(content.translations, [&](const Translation& loaded) {
        return loaded.language != t.language || loaded.item != t.item || loaded.key != t.key || loaded.field != t.field;
    });
    if (auto problems = translation_problems(content); !problems.empty()) throw Error(problems.front());
    return translation_key(t);
}

std::vector<std::string_view> translatable_item_names() {
    std::vector<std::string_view> names;
    for (const auto& item : translatable_items()) names.push_back(item.item);
    return names;
}

}  // namespace

std::vector<Editable> language_editables() {
    std::vector<Editable> table;
    Editable languages{.path = "languages", .label = "Languages", .item = "language",
                   .fields = {{.name = "code", .label = "Code", .hint = "BCP 47, e.g. de, zh-Hant, pt-BR; kept once made"},
                              {.name = "name", .label = "Name", .required = true, .hint = "as its readers write it: Deutsch, 中文"},
                              {.name = "is_default", .label = "Default (served at /)", .type = FieldType::checkbox}},
                   .summary = "name"};
    languages.put = put_language;
    languages.remove = remove_site_language;
    table.push_back(std::move(languages));

    Editable translations{.path = "translations", .label = "Translations", .item = "translation",
                      .fields = {{.name = "language", .label = "Language", .required = true, .hint = "a language's code, not the default's"},
                                 {.name = "item", .label = "What", .type = FieldType::select, .required = true,
                                  .options = translatable_item_names()},
                                 {.name = "key", .label = "Which", .hint = "its slug, id or position (see vitae translate --help); empty for the profile"},
                                 {.name = "field", .label = "Field", .required = true, .hint = "title, markdown, abstract..."},
                                 {.name = "text", .label = "Text", .type = FieldType::textarea, .required = true}},
                      .summary = "what"};
    translations.list_rows = list_translations;
    translations.put = put_translation;
    translations.remove = [](const Db& db, std::string_view key) {
        auto t = translation_of_key(key);
        return t && remove_translation(db, *t);
    };
    table.push_back(std::move(translations));
    return table;
}

}  // namespace vitae::editable_tables

#include "cli/commands/lang_commands.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "cli/commands/text_option.hpp"
#include "http/router.hpp"
#include "store/model/translate.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/language_rows.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/languages.hpp"

namespace vitae::cli {

namespace {

constexpr std::size_t max_translation_bytes = 4 * 1024 * 1024;  // as a post's body

}  // namespace

int run_lang_add(const Args& args, std::ostream& out) {
    const std::string& db_path = args.positional[0];
    const std::string& code = args.positional[1];
    if (!is_language_code(code))
        throw UsageError("lang add: " + in_quotes(code) +
                         " is not a language code as BCP 47 writes it (e.g. zh, zh-Hant, de, pt-BR, ar), or it is "
                         "the name of a section of the site");
    const std::string& name = args.get("--name");
    if (name.empty()) throw UsageError("lang add: --name is empty (the language's name as its readers write it)");
    bool make_default = args.has("--default");
    auto db = open_checked(db_path);
    LoggedTransaction transaction(db, cli_editor_name(), {"language"});
    auto existing = rows::read_languages(db);
    for (const auto& l : existing)
        if (l.code == code) throw UsageError("lang add: " + in_quotes(code) + " is already a language of " + db_path);
    if (existing.empty() && !make_default) {
        // The site so far was English only: English stays its default, at /.
        insert_language(db, {.code = std::string(fallback_language), .name = "English", .is_default = true});
        out << "note: " << fallback_language << " (English) is the default language, at /; "
            << "give --default to make another one the default\n";
    }
    insert_language(db, {.code = code, .name = name, .is_default = make_default});  // a new default replaces the old
    transaction.commit();
    out << "added language " << code << " (" << name << ")" << (make_default ? ", the default, at /" : ", at /" + code + "/")
        << " to " << db_path << "\n";
    return 0;
}

int run_lang_rm(const Args& args, std::ostream& out) {
    const std::string& db_path = args.positional[0];
    const std::string& code = args.positional[1];
    auto db = open_checked(db_path);
    LoggedTransaction transaction(db, cli_editor_name(), {"language", "translation"});
    auto existing = rows::read_languages(db);
    const Language* row = nullptr;
    for (const auto& l : existing)
        if (l.code == code) row = &l;
    if (!row) throw UsageError("lang rm: " + in_quotes(code) + " is not a language of " + db_path + " (see `vitae lang ls`)");
    if (row->is_default && existing.size() > 1)
        throw UsageError("lang rm: " + in_quotes(code) +
                         " is the default language; make another one the default first (vitae lang add … --default, "
                         "or SQL: docs/cli.md)");
    auto translations = rows::count_translations(db, code);
    remove_language(db, code);  // its translations go with it
    transaction.commit();
    out << "removed language " << code << " and its " << translations << " translation(s) from " << db_path << "\n";
    return 0;
}

int run_lang_ls(const Args& args, std::ostream& out) {
    auto db = open_checked(args.positional[0], OpenMode::read_only);
    auto languages = rows::read_languages(db);
    if (languages.empty()) {
        out << fallback_language << "\tEnglish\tdefault, at /\t(no languages set: the site is in English only)\n";
        return 0;
    }
    for (const auto& l : languages)
        out << l.code << "\t" << l.name << "\t" << (l.is_default ? "default, at /" : "at /" + l.code + "/") << "\t"
            << rows::count_translations(db, l.code) << " translation(s)\n";
    return 0;
}

int run_translate(const Args& args, std::ostream& out) {
    const std::string& db_path = args.positional[0];
    Translation t{args.positional[1], args.positional[2], args.positional[3], args.positional[4], {}, -1};
    bool remove = args.has("--remove");
    if (!remove) t.text = text_option(args, "translate", max_translation_bytes);
    if (!remove && t.text.empty()) throw UsageError("translate: the text is empty (--remove drops a translation)");
    auto db = open_checked(db_path);
    LoggedTransaction transaction(db, cli_editor_name(), {"translation"});
    if (remove) {
        if (!remove_translation(db, t)) throw UsageError("translate: no such translation in " + db_path);
        transaction.commit();
        out << "removed the " << t.language << " " << t.item << " '" << t.key << "' " << t.field << "\n";
        return 0;
    }
    bool known = false;
    for (const auto& l : rows::read_languages(db)) {
        if (l.code != t.language) continue;
        if (l.is_default)
            throw UsageError("translate: " + in_quotes(t.language) + " is the default language: change the row itself");
        known = true;
    }
    if (!known)
        throw UsageError("translate: " + in_quotes(t.language) + " is not a language of " + db_path + " (vitae lang add)");
    upsert_translation(db, t);
    // Checked as the worker will read it, inside the transaction: the item
    // and field are translatable, the row exists, the language is not the
    // default. A problem rolls the write back.
    Content content = load_content_in_transaction(db);
    for (auto& loaded : content.translations)
        if (loaded.language == t.language && loaded.item == t.item && loaded.key == t.key && loaded.field == t.field) {
            content.translations = {loaded};
            break;
        }
    if (auto problems = translation_problems(content); !problems.empty()) throw UsageError("translate: " + problems.front());
    transaction.commit();
    out << "translated " << t.item << " '" << t.key << "' " << t.field << " into " << t.language << "\n";
    return 0;
}

}  // namespace vitae::cli

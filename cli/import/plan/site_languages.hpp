// A site in several languages arrives as Vitae languages with translations
// of the same rows, never as copies. The generators say a file's language
// in one of a few ways, all read here and nowhere else:
//   - the site's list of languages: jekyll-polyglot's `languages:` and
//     `default_lang:` (_config.yml), Hugo's `languages` table and
//     `defaultContentLanguage`, Quarto's `profile: group:` (one profile per
//     language, `_quarto-<lang>.yml`) or babelquarto's `languages:` and
//     `mainlanguage:`;
//   - a file's language: a folder named by it (`_news/fr/`, `_pages/pt-br/`,
//     `content/fr/`), a suffix of its name (`index.fr.qmd`, `about.fr.md`, `about-en.md`,
//     `about_fr.md`), else its front matter's `lang:` (polyglot, Quarto);
//   - which files are one item: `translation_key`, `translationKey` or
//     `page_id`, else the path with the language taken out.
// The readers read every file as usual, saying which file each item came
// from (SitePlan::source); fold_translations then keeps the item in the
// default language (else the first) and makes the others its translations.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cli/import/plan/site_plan.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

// The languages the site's settings name, the default first; none for a
// site in one language. Fills plan.languages.
void read_site_languages(SitePlan& plan);

// The language of a file of the site (relative to it) and the key that
// joins its translations; language "" when the path and front matter name
// none of the site's languages (the default's, then).
struct FileLanguage {
    std::string language;
    std::string key;
};
FileLanguage file_language(const SitePlan& plan, const std::filesystem::path& file);

// The about page in the other languages (al-folio's `_pages/<lang>/about.md`,
// polyglot's about page with `lang:`): their paragraphs as translations of
// the bio's, each file noted; `bio` is the file the bio was read from.
void read_translated_bio(SitePlan& plan, const std::filesystem::path& bio);

// The items read from files in another language than their item's default
// become its translations (plan.translations); each such file's note says so.
void fold_translations(SitePlan& plan);

// Inside the import's transaction, after the rows: the languages, then the
// translations (news and talks by the ids `news_ids` and `talk_ids` got,
// paragraphs by their positions).
void write_translations(const Db& db, SitePlan& plan, const std::vector<std::int64_t>& news_ids,
                        const std::vector<std::int64_t>& talk_ids);

// A language's name as its readers write it ("Français" for fr, pt-BR
// "Português"); the code itself when it is none of the common ones.
std::string language_name(std::string_view code);

}  // namespace vitae::cli

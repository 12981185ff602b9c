// `vitae import-site` on sites in several languages and on Quarto websites:
// the real fixtures' truth (tests/fixtures/sites/truth-languages-quarto.md,
// written by reading their files) checked row by row: the languages, each
// translated item one row with its translations, never a copy; the
// owner, bio, posts, projects, publications and talks of a Quarto site.
#define BOOST_TEST_MODULE cli_import_languages
#include <boost/test/unit_test.hpp>

#include <filesystem>

#include "cli/import/plan/quarto_text.hpp"
#include "cli/import/site/import_site.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
namespace fs = std::filesystem;

namespace {

const fs::path sites = test::fixtures_dir / "sites";

}  // namespace

// jekyll-polyglot: _news/<lang>/ and _pages/<lang>/about.md.
BOOST_AUTO_TEST_CASE(a_polyglot_al_folio_site_arrives_in_three_languages_without_copies) {
    test::TempDir dir;
    fs::path db = dir / "site.db";
    auto report = import_site(sites / "al-folio-benjamin-peeters-tree", db.string());
    BOOST_TEST(test::sql_text(db, "SELECT group_concat(code, ' ') FROM (SELECT code FROM language ORDER BY position)") == "en fr zh");
    BOOST_TEST(test::sql_text(db, "SELECT code FROM language WHERE is_default = 1") == "en");
    BOOST_TEST(test::sql_text(db, "SELECT name FROM profile") == "Benjamin Peeters");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM news") == 17);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM translation WHERE item = 'news' AND language = 'fr'") == 17);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM translation WHERE item = 'news' AND language = 'zh'") == 17);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM news n JOIN translation t ON t.item = 'news' AND t.key = n.id "
                         "WHERE n.markdown LIKE '**Started Position at PIK Potsdam**%' AND t.language = 'fr' "
                         "AND t.text LIKE '**Prise de poste au PIK Potsdam**%'") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM profile_paragraph") > 0);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM translation WHERE item = 'paragraph' AND language = 'fr'") > 0);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM translation WHERE item = 'paragraph' AND language = 'zh'") > 0);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM page") == 0);  // the translated about pages are the bio's translations
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication") == 10);
}

// No polyglot list: _config.yml's lang: and each page's, pages paired by translation_key.
BOOST_AUTO_TEST_CASE(an_al_folio_site_paired_by_translation_key_arrives_in_two_languages) {
    test::TempDir dir;
    fs::path db = dir / "site.db";
    auto report = import_site(sites / "al-folio-bahadir-yuzbasi-tree", db.string());
    BOOST_TEST(test::sql_text(db, "SELECT group_concat(code, ' ') FROM (SELECT code FROM language ORDER BY position)") == "tr en");
    BOOST_TEST(test::sql_text(db, "SELECT code FROM language WHERE is_default = 1") == "tr");
    BOOST_TEST(test::sql_text(db, "SELECT name FROM profile") == "Bahadır Yüzbaşı");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM profile_paragraph") > 0);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM translation WHERE item = 'paragraph' AND language = 'en'") > 0);
    for (const char* slug : {"activities", "software", "teaching"}) {
        BOOST_TEST(test::sql_int(db, std::string("SELECT count(*) FROM page WHERE slug LIKE '") + slug + "%'") == 1, slug);
        BOOST_TEST(test::sql_int(db, std::string("SELECT count(*) FROM translation WHERE item = 'page' AND field = 'title' AND key LIKE '") + slug +
                                 "%' AND language = 'en'") == 1, slug);
    }
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM page WHERE title = 'Dersler'") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM page WHERE title IN ('Teaching', 'Software', 'Academic Activities', 'About')") == 0);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM teaching") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM teaching t JOIN translation x ON x.item = 'teaching' AND x.key = t.position "
                         "WHERE t.title = 'Temel SPSS Kursu' AND x.field = 'title' AND x.text = 'Basic SPSS Course'") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication") == 50);
}

// Quarto by profiles: French the default, index.fr.qmd / index.qmd pairs.
BOOST_AUTO_TEST_CASE(a_quarto_site_in_two_languages_arrives_as_one_site_with_translations) {
    test::TempDir dir;
    fs::path db = dir / "site.db";
    auto report = import_site(sites / "quarto-aurelien-callens-tree", db.string());
    BOOST_TEST(report.theme == "quarto");
    BOOST_TEST(test::sql_text(db, "SELECT group_concat(code, ' ') FROM (SELECT code FROM language ORDER BY position)") == "fr en");
    BOOST_TEST(test::sql_text(db, "SELECT name FROM profile") == "Aurélien Callens");
    BOOST_TEST(test::sql_text(db, "SELECT job_title FROM profile") == "Geospatial & Environmental Data Scientist");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM profile_email WHERE address = 'aurelien.callens@gmail.com'") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM profile_link") == 2);
    BOOST_TEST(test::sql_text(db, "SELECT markdown FROM profile_paragraph ORDER BY position LIMIT 1").starts_with("Bienvenue"));
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM translation WHERE item = 'paragraph' AND language = 'en' AND text LIKE 'Welcome%'") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM post") == 11);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM translation WHERE item = 'post' AND field = 'title' AND language = 'en'") == 11);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM post p JOIN translation t ON t.item = 'post' AND t.key = p.slug AND t.field = 'title' "
                         "WHERE p.title = 'La fin de ma thèse' AND t.text = 'The end of my PhD journey'") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM project") == 4);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM project p JOIN translation t ON t.item = 'project' AND t.key = p.slug "
                         "AND t.field = 'title' WHERE p.title = 'Mon application de pêche' AND t.text = 'My fishing application'") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication") == 0);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM talk") == 0);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM post WHERE body LIKE '%:::%' OR body LIKE '%```{r%'") == 0);
    BOOST_TEST(leftovers(report) == 0u);
}

// Quarto in one language: .bib files the pages read.
BOOST_AUTO_TEST_CASE(a_quarto_site_gives_its_bib_files_as_publications_and_talks) {
    test::TempDir dir;
    fs::path db = dir / "site.db";
    auto report = import_site(sites / "quarto-lucas-kook-tree", db.string());
    BOOST_TEST(test::sql_text(db, "SELECT name FROM profile") == "Lucas Kook");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM profile_paragraph") == 3);
    BOOST_TEST(test::sql_text(db, "SELECT markdown FROM profile_paragraph ORDER BY position LIMIT 1").starts_with("I am an assistant professor"));
    // 41 entries; software:glip's braces do not balance (S\{o}ren): skipped and said, as BibTeX would.
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication") == 40);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication WHERE kind = 'software'") == 9);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication WHERE slug LIKE 'software-deepregression%'") == 2);
    bool said = false;
    for (const auto& note : report.notes) said = said || (note.file == "software.bib" && note.outcome == SiteNote::Outcome::skipped);
    BOOST_TEST(said);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM talk") == 16);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM language") == 0);
    for (const char* slug : {"teaching", "reviewing", "software", "contact"})
        BOOST_TEST(test::sql_int(db, std::string("SELECT count(*) FROM page WHERE slug = '") + slug + "'") == 1, slug);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM page WHERE slug LIKE 'news%'") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM page") == 5);
}

// Hugo with a content folder per language (contentDir): read one language at a time, folded.
BOOST_AUTO_TEST_CASE(a_hugo_site_with_a_content_folder_per_language_arrives_without_copies) {
    test::TempDir dir;
    fs::path db = dir / "site.db";
    auto report = import_site(sites / "hugo-academic-aurelien-goutsmedt-tree", db.string());
    BOOST_TEST(test::sql_text(db, "SELECT group_concat(code, ' ') FROM (SELECT code FROM language ORDER BY position)") == "en fr");
    BOOST_TEST(test::sql_text(db, "SELECT code FROM language WHERE is_default = 1") == "en");
    BOOST_TEST(test::sql_text(db, "SELECT name FROM profile") == "Aurélien Goutsmedt");
    BOOST_TEST(test::sql_text(db, "SELECT job_title FROM profile") == "Post-Doctoral Researcher");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM translation WHERE item = 'paragraph' AND language = 'fr' "
                         "AND text LIKE 'Je suis historien de l''économie%'") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication") == 14);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM project") == 6);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM translation WHERE item = 'project' AND field = 'summary'") == 3);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM translation WHERE item = 'project' AND key = 'ranystyle' AND text LIKE 'Ranystyle (prononcer%'") == 1);
    BOOST_TEST(leftovers(report) == 0u);
}

BOOST_AUTO_TEST_CASE(quarto_markup_is_taken_out_and_profiles_keep_their_language) {
    std::string body = "Intro\n\n```{r echo=FALSE}\nx <- 1\n```\n\n::: {.content-visible when-profile=\"en\"}\n::: {style=\"x\"}\n"
                       "Hello\n:::\n:::\n\n::: {.content-visible when-profile=\"fr\"}\nBonjour\n:::\n{{< video a.mp4 >}}End\n";
    BOOST_TEST(quarto_text(body, "fr") == "Intro\n\n\n\nBonjour\nEnd\n");
    BOOST_TEST(quarto_text(body, "en") == "Intro\n\n\nHello\n\nEnd\n");
    BOOST_TEST(quarto_text(body, "") == "Intro\n\n\nHello\n\nBonjour\nEnd\n");
}
